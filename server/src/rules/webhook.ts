import { invalid, rule, valid, type Rule } from './rule.js';

/** The longest endpoint URL accepted. */
export const WEBHOOK_URL_MAX_LENGTH = 2000;

/**
 * A webhook endpoint's URL: an absolute https URL without user name or password (http only outside production:
 * `allowHttp`). Whether its host resolves to a public address is checked by the server when it is saved, and again
 * at every connection. Codes: REQUIRED, TOO_LONG, INVALID, NOT_HTTPS, CREDENTIALS.
 */
export function webhookUrlRule(options: { allowHttp: boolean }): Rule<string> {
  return rule((text) => {
    const value = text.trim();
    if (!value) return invalid('REQUIRED', 'Vul het adres van het endpoint in.');
    if (value.length > WEBHOOK_URL_MAX_LENGTH)
      return invalid('TOO_LONG', `Het adres is te lang (hoogstens ${WEBHOOK_URL_MAX_LENGTH} tekens).`);
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return invalid(
        'INVALID',
        'Dit is geen geldig adres. Vul een volledig adres in, zoals https://voorbeeld.nl/webhooks.',
      );
    }
    if (url.protocol !== 'https:' && !(options.allowHttp && url.protocol === 'http:'))
      return invalid('NOT_HTTPS', 'Het adres moet met https:// beginnen: berichten gaan alleen versleuteld over.');
    if (url.username || url.password)
      return invalid(
        'CREDENTIALS',
        'Zet geen gebruikersnaam of wachtwoord in het adres; berichten worden ondertekend.',
      );
    if (!url.hostname) return invalid('INVALID', 'Dit adres heeft geen hostnaam.');
    return valid(url.toString());
  });
}

/** At least one event type. */
export const webhookEventTypesRule: Rule<true> = rule((text) =>
  text.trim() ? valid(true as const) : invalid('REQUIRED', 'Kies ten minste één soort gebeurtenis.'),
);

/** A replay goes back at most this many days (the events are kept as long as the delivery log). */
export const WEBHOOK_REPLAY_MAX_DAYS = 365;
/** Events queued per replay call; the answer says where to continue. */
export const WEBHOOK_REPLAY_PAGE = 500;
