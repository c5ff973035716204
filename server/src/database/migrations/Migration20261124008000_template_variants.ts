import { Migration } from '@mikro-orm/migrations';

/**
 * Templates become Liquid texts with a formal ("u") and an informal ("je") variant (issue 10):
 *
 * - `informal_subject` / `informal_body`: the "je" variant; null means the key has none yet and the formal text is
 *   used (a key another migration adds without one still works).
 * - `default_*`: the text as the application shipped it, for "Standaardtekst herstellen". A trigger fills the
 *   defaults from the text itself when an insert leaves them out, so later migrations that insert a template the old
 *   way (key, name, subject, body) get a restorable default without knowing these columns.
 * - The existing texts already are valid Liquid ({{name}}); they become the formal defaults, and every key gets an
 *   informal variant written here.
 */
const INFORMAL: Record<string, { subject: string; body: string }> = {
  PROVIDER_EMAIL_CONFIRM: {
    subject: 'Bevestig je e-mailadres voor de Gemeentewinkel',
    body: `Hoi {{name}},

Bedankt voor het aanmelden van {{providerName}} als aanbieder bij de Gemeentewinkel.

Bevestig je e-mailadres via deze link:
{{link}}

De link is {{expiresHours}} uur geldig en werkt één keer. Daarna kun je inloggen en je organisatie aanmelden bij de gemeenten waar je je producten wilt aanbieden.

Heb je je niet aangemeld? Dan kun je deze e-mail negeren.

Groeten,
De Gemeentewinkel`,
  },
  PROVIDER_REGISTRATION_EXISTING: {
    subject: 'Iemand probeerde zich aan te melden met je e-mailadres',
    body: `Hoi {{name}},

Iemand heeft geprobeerd een nieuwe aanbieder aan te melden bij de Gemeentewinkel met jouw e-mailadres. Er bestaat al een account met dit e-mailadres, dus er is geen nieuw account gemaakt.

Was jij dit? Log dan in met je bestaande account:
{{loginLink}}

Weet je je wachtwoord niet meer? Vraag dan een nieuw wachtwoord aan:
{{resetLink}}

Was jij dit niet? Dan hoef je niets te doen. Je account is niet gewijzigd.

Groeten,
De Gemeentewinkel`,
  },
  PROVIDER_USER_INVITE: {
    subject: 'Je bent uitgenodigd voor de Gemeentewinkel',
    body: `Hoi {{name}},

{{inviterName}} heeft je uitgenodigd als gebruiker van {{providerName}} in de Gemeentewinkel.

Kies je wachtwoord via deze link:
{{link}}

De link is {{expiresHours}} uur geldig en werkt één keer. Daarna kun je inloggen met dit e-mailadres.

Verwachtte je deze uitnodiging niet? Dan kun je deze e-mail negeren.

Groeten,
De Gemeentewinkel`,
  },
  PASSWORD_RESET: {
    subject: 'Stel een nieuw wachtwoord in voor de Gemeentewinkel',
    body: `Hoi {{name}},

Je hebt gevraagd om een nieuw wachtwoord. Kies een nieuw wachtwoord via deze link:
{{link}}

De link is {{expiresHours}} uur geldig en werkt één keer. Als je het nieuwe wachtwoord hebt ingesteld, word je op al je apparaten uitgelogd.

Heb je dit niet zelf gevraagd? Dan kun je deze e-mail negeren: je wachtwoord blijft hetzelfde.

Groeten,
De Gemeentewinkel`,
  },
  STAFF_PASSWORD_RESET: {
    subject: 'Stel een nieuw wachtwoord in voor de beheeromgeving van de Gemeentewinkel',
    body: `Hoi {{name}},

Je hebt gevraagd om een nieuw wachtwoord voor de beheeromgeving van de Gemeentewinkel. Kies een nieuw wachtwoord via deze link:
{{link}}

De link is {{expiresHours}} uur geldig en werkt één keer. Als je het nieuwe wachtwoord hebt ingesteld, word je op al je apparaten uitgelogd.

Heb je dit niet zelf gevraagd? Dan kun je deze e-mail negeren: je wachtwoord blijft hetzelfde. Krijg je deze e-mail vaker zonder dat je erom vroeg? Meld het dan bij je beheerder.

Groeten,
De Gemeentewinkel`,
  },
  PROVIDER_INVITE_EXISTING: {
    subject: 'Iemand probeerde je uit te nodigen voor de Gemeentewinkel',
    body: `Hoi {{name}},

Iemand van {{providerName}} heeft geprobeerd je uit te nodigen als gebruiker in de Gemeentewinkel. Er bestaat al een account met jouw e-mailadres, dus er is geen nieuw account gemaakt.

Wil je inloggen met je bestaande account? Dat kan hier:
{{loginLink}}

Weet je je wachtwoord niet meer? Vraag dan een nieuw wachtwoord aan:
{{resetLink}}

Hoor je bij {{providerName}} en wil je daar ook gebruiker worden? Vraag je collega dan om je uit te nodigen met een ander e-mailadres.

Verwachtte je dit niet? Dan hoef je niets te doen. Je account is niet gewijzigd.

Groeten,
De Gemeentewinkel`,
  },
  MEMBERSHIP_APPROVED: {
    subject: 'Je aanmelding bij {{municipalityName}} is goedgekeurd',
    body: `Hoi {{providerName}},

{{municipalityName}} heeft je aanmelding als aanbieder goedgekeurd. Je goedgekeurde producten zijn nu zichtbaar voor de inwoners van {{municipalityName}}.

Bekijk je profiel:
{{profileLink}}

Groeten,
De Gemeentewinkel`,
  },
  MEMBERSHIP_REJECTED: {
    subject: 'Je aanmelding bij {{municipalityName}} is afgewezen',
    body: `Hoi {{providerName}},

{{municipalityName}} heeft je aanmelding als aanbieder afgewezen. De reden:

{{reason}}

Je kunt je gegevens aanpassen en je opnieuw aanmelden via je profiel:
{{profileLink}}

Groeten,
De Gemeentewinkel`,
  },
  PRODUCT_APPROVED: {
    subject: 'Je product "{{productTitle}}" is goedgekeurd door {{municipalityName}}',
    body: `Hoi {{providerName}},

{{municipalityName}} heeft je product "{{productTitle}}" goedgekeurd. Het staat nu in het aanbod voor de inwoners van {{municipalityName}}.

Bekijk het product en de beoordeling per gemeente:
{{productLink}}

Groeten,
De Gemeentewinkel`,
  },
  PRODUCT_REJECTED: {
    subject: 'Je product "{{productTitle}}" is afgekeurd door {{municipalityName}}',
    body: `Hoi {{providerName}},

{{municipalityName}} heeft je product "{{productTitle}}" afgekeurd. Het staat daarom niet in het aanbod voor de inwoners van {{municipalityName}}. De reden:

{{reason}}

Je kunt het product aanpassen en opnieuw indienen:
{{productLink}}

Groeten,
De Gemeentewinkel`,
  },
  ORDER_PLACED: {
    subject: 'Je bestelling {{orderNumber}} bij {{providerName}} is geplaatst',
    body: `Hoi {{name}},

Bedankt voor je bestelling bij {{providerName}}. Je bestelnummer is {{orderNumber}}.

Totaalbedrag: {{totalAmount}}
Betaald uit je tegoed: {{budgetAmount}}
Eigen bijdrage: {{contributionAmount}}

Je afhaalcode is {{pickupCode}}. Noem deze code of laat je pas zien als je de bestelling ophaalt.

De aanbieder bekijkt je bestelling. Je krijgt een e-mail zodra de aanbieder je bestelling heeft geaccepteerd. Tot die tijd kun je de bestelling zelf nog annuleren.

Je bestelling bekijken:
{{orderLink}}

Groeten,
De Gemeentewinkel`,
  },
  ORDER_ACCEPTED: {
    subject: 'Je bestelling {{orderNumber}} is geaccepteerd',
    body: `Hoi {{name}},

{{providerName}} heeft je bestelling {{orderNumber}} geaccepteerd.

Je afhaalcode is {{pickupCode}}. Noem deze code of laat je pas zien als je de bestelling ophaalt.

Wil je de bestelling toch niet meer? Neem dan contact op met {{providerName}}.

Je bestelling bekijken:
{{orderLink}}

Groeten,
De Gemeentewinkel`,
  },
  ORDER_DELIVERED: {
    subject: 'Je bestelling {{orderNumber}} is geleverd',
    body: `Hoi {{name}},

{{providerName}} heeft je bestelling {{orderNumber}} als geleverd gemeld.

Heb je de bestelling niet gekregen? Neem dan contact op met {{providerName}} of met de gemeente.

Je bestelling bekijken:
{{orderLink}}

Groeten,
De Gemeentewinkel`,
  },
  ORDER_REJECTED: {
    subject: 'Je bestelling {{orderNumber}} is afgewezen',
    body: `Hoi {{name}},

{{providerName}} kan je bestelling {{orderNumber}} helaas niet leveren en heeft haar afgewezen.

De reden van de aanbieder:
{{reason}}

Wat je terugkrijgt:
- tegoed, weer beschikbaar op je regeling: {{budgetAmount}}
- eigen bijdrage, terug op je rekening: {{refundAmount}}

Heb je een eigen bijdrage betaald? Dan staat die binnen een paar werkdagen weer op je rekening.

Je bestelling bekijken:
{{orderLink}}

Groeten,
De Gemeentewinkel`,
  },
  ORDER_CANCELLED: {
    subject: 'Je bestelling {{orderNumber}} is geannuleerd',
    body: `Hoi {{name}},

Je bestelling {{orderNumber}} bij {{providerName}} is geannuleerd.

Geannuleerd door: {{cancelledBy}}
Reden: {{reason}}

Wat je terugkrijgt:
- tegoed, weer beschikbaar op je regeling: {{budgetAmount}}
- eigen bijdrage, terug op je rekening: {{refundAmount}}

Heb je een eigen bijdrage betaald? Dan staat die binnen een paar werkdagen weer op je rekening.

Heb je vragen over deze annulering? Neem dan contact op met de gemeente.

Je bestelling bekijken:
{{orderLink}}

Groeten,
De Gemeentewinkel`,
  },
};

/** The inbox texts about an order (they were built in code, modules/messages/order-messages.ts), both variants. */
const INBOX: {
  key: string;
  name: string;
  subject: string;
  body: string;
  informalSubject: string;
  informalBody: string;
}[] = [
  {
    key: 'INBOX_ORDER_AWAITING_PAYMENT',
    name: 'Bericht: bestelling wacht op betaling',
    subject: 'Bestelling {{ orderNumber }} wacht op uw betaling',
    body: 'Uw bestelling {{ orderNumber }} bij {{ providerName }} is aangemaakt. Wij geven de bestelling door aan {{ providerName }} zodra uw eigen bijdrage van {{ contributionAmount }} is betaald.',
    informalSubject: 'Bestelling {{ orderNumber }} wacht op je betaling',
    informalBody:
      'Je bestelling {{ orderNumber }} bij {{ providerName }} is aangemaakt. We geven de bestelling door aan {{ providerName }} zodra je eigen bijdrage van {{ contributionAmount }} is betaald.',
  },
  {
    key: 'INBOX_ORDER_PAYMENT_RECEIVED',
    name: 'Bericht: betaling ontvangen',
    subject: 'Betaling ontvangen voor bestelling {{ orderNumber }}',
    body: `Wij hebben uw eigen bijdrage van {{ contributionAmount }} ontvangen. Uw bestelling {{ orderNumber }} is doorgegeven aan {{ providerName }}.

U krijgt bericht zodra {{ providerName }} de bestelling heeft geaccepteerd.`,
    informalSubject: 'Betaling ontvangen voor bestelling {{ orderNumber }}',
    informalBody: `We hebben je eigen bijdrage van {{ contributionAmount }} ontvangen. Je bestelling {{ orderNumber }} is doorgegeven aan {{ providerName }}.

Je krijgt bericht zodra {{ providerName }} de bestelling heeft geaccepteerd.`,
  },
  {
    key: 'INBOX_ORDER_PLACED',
    name: 'Bericht: bestelling geplaatst',
    subject: 'Bestelling {{ orderNumber }} is geplaatst',
    body: `Uw bestelling {{ orderNumber }} is geplaatst bij {{ providerName }}.

{% if budgetUsed %}Van uw tegoed is {{ budgetAmount }} gebruikt.{% endif %}

U krijgt bericht zodra {{ providerName }} de bestelling heeft geaccepteerd.`,
    informalSubject: 'Bestelling {{ orderNumber }} is geplaatst',
    informalBody: `Je bestelling {{ orderNumber }} is geplaatst bij {{ providerName }}.

{% if budgetUsed %}Van je tegoed is {{ budgetAmount }} gebruikt.{% endif %}

Je krijgt bericht zodra {{ providerName }} de bestelling heeft geaccepteerd.`,
  },
  {
    key: 'INBOX_ORDER_ACCEPTED',
    name: 'Bericht: bestelling geaccepteerd',
    subject: 'Bestelling {{ orderNumber }} is geaccepteerd',
    body: `Uw bestelling {{ orderNumber }} is geaccepteerd door {{ providerName }}.

Bij de bestelling in uw account vindt u de afhaalcode. Die laat u zien als u de bestelling ophaalt.`,
    informalSubject: 'Bestelling {{ orderNumber }} is geaccepteerd',
    informalBody: `Je bestelling {{ orderNumber }} is geaccepteerd door {{ providerName }}.

Bij de bestelling in je account vind je de afhaalcode. Die laat je zien als je de bestelling ophaalt.`,
  },
  {
    key: 'INBOX_ORDER_DELIVERED',
    name: 'Bericht: bestelling geleverd',
    subject: 'Bestelling {{ orderNumber }} is geleverd',
    body: 'Uw bestelling {{ orderNumber }} is geleverd door {{ providerName }}.',
    informalSubject: 'Bestelling {{ orderNumber }} is geleverd',
    informalBody: 'Je bestelling {{ orderNumber }} is geleverd door {{ providerName }}.',
  },
  {
    key: 'INBOX_ORDER_CANCELLED',
    name: 'Bericht: bestelling geannuleerd of afgewezen',
    subject: 'Bestelling {{ orderNumber }} is {% if by == "aanbieder" %}afgewezen{% else %}geannuleerd{% endif %}',
    body: `{% case by %}
{% when "klant" %}U heeft uw bestelling {{ orderNumber }} bij {{ providerName }} geannuleerd.
{% when "aanbieder" %}Uw bestelling {{ orderNumber }} is afgewezen door {{ providerName }}.
{% when "gemeente" %}De gemeente heeft uw bestelling {{ orderNumber }} bij {{ providerName }} geannuleerd.
{% when "niet-betaald" %}Uw bestelling {{ orderNumber }} bij {{ providerName }} is geannuleerd, omdat de eigen bijdrage niet is betaald.
{% else %}Uw bestelling {{ orderNumber }} bij {{ providerName }} is geannuleerd.
{% endcase %}

{% if reason != "" %}Reden: {{ reason }}{% endif %}

{% if budgetReturned %}Het tegoed van {{ budgetAmount }} staat weer op uw regeling.{% endif %}{% if budgetReturned and contributionRefunded %} {% endif %}{% if contributionRefunded %}Uw eigen bijdrage van {{ contributionAmount }} betalen wij aan u terug.{% endif %}`,
    informalSubject:
      'Bestelling {{ orderNumber }} is {% if by == "aanbieder" %}afgewezen{% else %}geannuleerd{% endif %}',
    informalBody: `{% case by %}
{% when "klant" %}Je hebt je bestelling {{ orderNumber }} bij {{ providerName }} geannuleerd.
{% when "aanbieder" %}Je bestelling {{ orderNumber }} is afgewezen door {{ providerName }}.
{% when "gemeente" %}De gemeente heeft je bestelling {{ orderNumber }} bij {{ providerName }} geannuleerd.
{% when "niet-betaald" %}Je bestelling {{ orderNumber }} bij {{ providerName }} is geannuleerd, omdat de eigen bijdrage niet is betaald.
{% else %}Je bestelling {{ orderNumber }} bij {{ providerName }} is geannuleerd.
{% endcase %}

{% if reason != "" %}Reden: {{ reason }}{% endif %}

{% if budgetReturned %}Het tegoed van {{ budgetAmount }} staat weer op je regeling.{% endif %}{% if budgetReturned and contributionRefunded %} {% endif %}{% if contributionRefunded %}Je eigen bijdrage van {{ contributionAmount }} betalen we aan je terug.{% endif %}`,
  },
  {
    key: 'INBOX_ORDER_CHANGED',
    name: 'Bericht: bestelling gewijzigd',
    subject: 'Bestelling {{ orderNumber }} is gewijzigd',
    body: 'De status van uw bestelling {{ orderNumber }} bij {{ providerName }} is gewijzigd.',
    informalSubject: 'Bestelling {{ orderNumber }} is gewijzigd',
    informalBody: 'De status van je bestelling {{ orderNumber }} bij {{ providerName }} is gewijzigd.',
  },
];

const sql = (s: string) => `'${s.replace(/'/g, "''")}'`;

export class Migration20261124008000_template_variants extends Migration {
  override up(): void {
    this.addSql(`
      alter table communication_template
        add column informal_subject text,
        add column informal_body text,
        add column default_subject text,
        add column default_body text,
        add column default_informal_subject text,
        add column default_informal_body text,
        add constraint communication_template_informal_pair
          check ((informal_subject is null) = (informal_body is null));`);
    this.addSql(`
      create function communication_template_defaults() returns trigger language plpgsql as $$
      begin
        new.default_subject := coalesce(new.default_subject, new.subject);
        new.default_body := coalesce(new.default_body, new.body);
        new.default_informal_subject := coalesce(new.default_informal_subject, new.informal_subject);
        new.default_informal_body := coalesce(new.default_informal_body, new.informal_body);
        return new;
      end $$;`);
    this.addSql(`
      create trigger communication_template_defaults before insert on communication_template
        for each row execute function communication_template_defaults();`);
    // The shipped formal text is the one in the database unless staff edited it; edited or not, it is what we have.
    this.addSql(`update communication_template set default_subject = subject, default_body = body;`);
    for (const [key, t] of Object.entries(INFORMAL)) {
      this.addSql(
        `update communication_template
            set informal_subject = ${sql(t.subject)}, informal_body = ${sql(t.body)},
                default_informal_subject = ${sql(t.subject)}, default_informal_body = ${sql(t.body)}
          where key = ${sql(key)};`,
      );
    }
    // The inbox texts about orders become templates too (inserted after the trigger: it keeps their defaults).
    for (const t of INBOX) {
      this.addSql(
        `insert into communication_template (key, name, subject, body, informal_subject, informal_body)
         values (${sql(t.key)}, ${sql(t.name)}, ${sql(t.subject)}, ${sql(t.body)}, ${sql(t.informalSubject)}, ${sql(t.informalBody)})
         on conflict (key) do nothing;`,
      );
    }
  }

  override down(): void {
    this.addSql(`delete from communication_template where key like 'INBOX\\_%';`);
    this.addSql(`drop trigger communication_template_defaults on communication_template;`);
    this.addSql(`drop function communication_template_defaults();`);
    this.addSql(`
      alter table communication_template
        drop constraint communication_template_informal_pair,
        drop column informal_subject, drop column informal_body,
        drop column default_subject, drop column default_body,
        drop column default_informal_subject, drop column default_informal_body;`);
  }
}
