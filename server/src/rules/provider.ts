import { email, kvkNumber, phone, postcode, website } from './contact.js';
import { iban } from './iban.js';
import { personName } from './person.js';
import { accepted, checkAll, invalid, nl, rule, valid, type Raw, type Rule } from './rule.js';
import { length, text } from './text.js';

const streetText = text({
  required: 'Vul de straat en het huisnummer in.',
  max: 200,
  length: 'Het adres mag hoogstens 200 tekens lang zijn.',
});

/** The details of an organisation (provider), as the registration and profile forms ask for them. */
export const providerRules = {
  name: text({ required: 'Vul de naam van uw organisatie in.', min: 2, max: 120, subject: 'De naam' }),
  kvkNumber: kvkNumber('Vul het KvK-nummer van uw organisatie in.'),
  /** Street and house number: the number must be there. */
  street: rule((_, raw) => {
    const checked = streetText.check(raw);
    if (checked.ok && !/[0-9]/.test(checked.value))
      return invalid('INVALID', 'Vul ook het huisnummer in, bijvoorbeeld Dorpsstraat 12.');
    return checked.ok ? valid(checked.value) : checked;
  }),
  postcode: postcode(),
  city: text({ required: 'Vul de plaats in.', min: 2, max: 100, subject: 'De plaats' }),
  email: email('Vul het e-mailadres van uw organisatie in.'),
  phone: phone('Vul het telefoonnummer van uw organisatie in.'),
  iban: iban('Vul het IBAN in waarop u uitbetalingen wilt ontvangen.'),
  description: text({ max: 2000, shape: 'multiline', subject: 'De omschrijving' }),
  website: website(),
} as const;

export type ProviderField = keyof typeof providerRules;

/** Checks and normalises an organisation's details; problems name the input fields, in form order. */
export function checkProviderDetails(input: Partial<Record<ProviderField, Raw>>) {
  return checkAll(providerRules, input);
}

/** Why staff reject a provider's membership of a municipality; the provider reads it in the profile and the mail. */
export const MEMBERSHIP_REASON_LIMITS = { min: 5, max: 2000 } as const;

export const membershipRejectionReason: Rule<string> = rule((raw) => {
  const value = raw.trim();
  const { min, max } = MEMBERSHIP_REASON_LIMITS;
  if (length(value) < min)
    return invalid(
      'REQUIRED',
      `Geef de reden van de afwijzing (minstens ${min} tekens); de aanbieder ziet deze reden.`,
    );
  if (length(value) > max) return invalid('LENGTH', `De reden mag hoogstens ${nl(max)} tekens lang zijn.`);
  return valid(value);
});

/** A colleague invited to the organisation's account. */
export const invitationRules = {
  name: personName('Vul de naam van uw collega in.'),
  email: email('Vul het e-mailadres van uw collega in.'),
} as const;

/** Applying to a municipality: its current terms accepted. */
export const membershipApplicationRules = {
  acceptTerms: accepted('Ga akkoord met de voorwaarden om u aan te melden.'),
} as const;
