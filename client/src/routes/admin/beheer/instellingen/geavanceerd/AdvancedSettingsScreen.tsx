import { TextField } from '@/components/forms/TextField';
import { Page } from '@/components/layout/Page';
import { NumberSettingsForm, wholeNumber, type NumberSetting } from '@/components/settings/NumberSettings';
import { SettingsForm } from '@/components/settings/SettingsForm';
import { centsToEuroInput, parseEuros } from '@/components/money/euros';
import { SocialMinimumSettings } from './SocialMinimumSettings';

const sessions: NumberSetting<'sessionLifetimeHours' | 'idleTimeoutMinutes' | 'residentIdleTimeoutMinutes'>[] = [
  { field: 'sessionLifetimeHours', label: 'Maximale duur van een sessie (uren)' },
  { field: 'idleTimeoutMinutes', label: 'Uitloggen na inactiviteit, medewerkers en aanbieders (minuten)' },
  {
    field: 'residentIdleTimeoutMinutes',
    label: 'Uitloggen na inactiviteit, inwoners (minuten)',
    hint: 'DigiD vraagt hoogstens 15 minuten.',
  },
];

const uploads: NumberSetting<'uploadMaxMegabytes'>[] = [
  {
    field: 'uploadMaxMegabytes',
    label: 'Maximale grootte van een afbeelding (MB)',
    hint: "Geldt voor productfoto's, logo's en nieuwsafbeeldingen. Minstens 1, hoogstens 5 MB.",
  },
];

const sends: NumberSetting<'dailyMassSendLimit'>[] = [
  {
    field: 'dailyMassSendLimit',
    label: 'Aantal verzendingen per gemeente per dag',
    hint: 'Testberichten aan uzelf tellen niet mee.',
  },
];

const webhooks: NumberSetting<'disableAfterFailures' | 'attemptTimeoutSeconds' | 'deliveryLogDays'>[] = [
  {
    field: 'disableAfterFailures',
    label: 'Uitschakelen na dit aantal mislukte pogingen op rij',
    hint: 'De beheerder van de koppeling krijgt dan een e-mail. Minstens 3, hoogstens 100.',
  },
  {
    field: 'attemptTimeoutSeconds',
    label: 'Wachttijd per poging (seconden)',
    hint: 'Zo lang mag een partner over zijn antwoord doen. Minstens 1, hoogstens 30.',
  },
  {
    field: 'deliveryLogDays',
    label: 'Afleveringen bewaren (dagen)',
    hint: 'Het afleverlogboek en de berichten zelf (om opnieuw te versturen). Minstens 7, hoogstens 365.',
  },
];

const applicationFields = ['fourEyesAboveCents', 'proofRetentionDays'] as const;

/** The retention periods (section `retention`), per kind of data: label and what happens when the period ends. */
const retention: NumberSetting<'auditLogDays' | 'mailLogDays' | 'sessionDays' | 'erasedRemainsDays' | 'importDays'>[] =
  [
    {
      field: 'auditLogDays',
      label: 'Auditlog (dagen)',
      hint: 'Wie wat deed of bekeek, en wanneer. Oudere regels worden verwijderd. Minstens 180, hoogstens 3650 dagen.',
    },
    {
      field: 'mailLogDays',
      label: 'Maillogboek (dagen)',
      hint: 'Verstuurde e-mails met adres en tekst. Minstens 30, hoogstens 1825 dagen.',
    },
    {
      field: 'sessionDays',
      label: 'Verlopen sessies (dagen)',
      hint: 'Inloggegevens van sessies die zo lang niet zijn gebruikt. Minstens 1, hoogstens 365 dagen.',
    },
    {
      field: 'erasedRemainsDays',
      label: 'Restgegevens van gewiste personen (dagen)',
      hint: 'Wat na het wissen van een persoon nog over is: berichten aan de persoon en aan het gewiste huishouden, en de regels van hun e-mails in het maillogboek. Gerekend vanaf het wissen. Minstens 1, hoogstens 365 dagen.',
    },
    {
      field: 'importDays',
      label: 'Importbestanden (dagen)',
      hint: 'De ingelezen regels (namen en uitkomsten) van een import, gerekend vanaf de import. Minstens 7, hoogstens 730 dagen.',
    },
  ];

/**
 * /admin/beheer/instellingen/geavanceerd: what may be tuned at run time. A change is in force on every instance of the
 * application at once (the settings service tells them), without a restart.
 */
export default function AdvancedSettingsScreen() {
  return (
    <Page title="Geavanceerde instellingen" lead="Wijzigingen gelden direct, op alle servers, zonder herstart.">
      <section aria-labelledby="sessies-kop">
        <h2 id="sessies-kop">Sessies</h2>
        <NumberSettingsForm section="ADVANCED" id="sessies" settings={sessions} />
      </section>
      <section aria-labelledby="uploads-kop">
        <h2 id="uploads-kop">Uploads</h2>
        <NumberSettingsForm section="ADVANCED" id="uploads" settings={uploads} />
      </section>
      <section aria-labelledby="versturen-kop">
        <h2 id="versturen-kop">Meldingen aan een doelgroep</h2>
        <NumberSettingsForm section="COMMUNICATION" id="versturen" settings={sends} />
      </section>
      <section aria-labelledby="webhooks-kop">
        <h2 id="webhooks-kop">Webhooks van API-koppelingen</h2>
        <NumberSettingsForm section="WEBHOOKS" id="webhooks" settings={webhooks} />
      </section>
      <section aria-labelledby="bewaartermijnen-kop">
        <h2 id="bewaartermijnen-kop">Bewaartermijnen (AVG)</h2>
        <p>
          Gegevens worden niet langer bewaard dan nodig. Elke nacht worden gegevens verwijderd die ouder zijn dan de
          termijn hieronder.
        </p>
        <NumberSettingsForm
          section="RETENTION"
          id="bewaartermijnen"
          settings={retention}
          submitLabel="Bewaartermijnen opslaan"
          savedNotice="De bewaartermijnen zijn opgeslagen."
        />
      </section>
      <section aria-labelledby="aanvragen-kop">
        <h2 id="aanvragen-kop">Online aanvragen</h2>
        <p>
          Boven het vier-ogenbedrag bevestigt een tweede medewerker een besluit. Bewijsstukken worden na de
          bewaartermijn verwijderd; het besluit en de antwoorden blijven.
        </p>
        <SettingsForm
          section="APPLICATIONS"
          id="aanvragen"
          fields={applicationFields}
          toPatch={(values) => ({
            fourEyesAboveCents: parseEuros(values.fourEyesAboveCents) ?? values.fourEyesAboveCents,
            proofRetentionDays: wholeNumber(values.proofRetentionDays),
          })}
          submitLabel="Instellingen voor aanvragen opslaan"
          savedNotice="De instellingen voor aanvragen zijn opgeslagen."
        >
          {({ value, form }) => (
            <>
              <TextField
                label="Vier-ogenbedrag (in euro’s)"
                hint="Een toekenning boven dit bedrag wacht op een tweede medewerker met het recht om die te bevestigen."
                inputMode="decimal"
                defaultValue={
                  typeof value?.fourEyesAboveCents === 'number' ? centsToEuroInput(value.fourEyesAboveCents) : ''
                }
                {...form.field('fourEyesAboveCents')}
              />
              <TextField
                label="Bewaartermijn bewijsstukken (dagen na het besluit)"
                hint="Daarna verwijdert de nachtelijke opschoning de bestanden."
                inputMode="numeric"
                defaultValue={String(value?.proofRetentionDays ?? '')}
                {...form.field('proofRetentionDays')}
              />
            </>
          )}
        </SettingsForm>
      </section>
      <section aria-labelledby="sociaal-minimum-kop">
        <h2 id="sociaal-minimum-kop">Sociaal minimum voor aanvragen</h2>
        <p>
          Een inkomensvoorwaarde van een aanvraagformulier (bijvoorbeeld ‘ten hoogste 120% van het sociaal minimum’)
          rekent met deze bedragen, van het jaar van de aanvraag.
        </p>
        <SocialMinimumSettings />
      </section>
    </Page>
  );
}
