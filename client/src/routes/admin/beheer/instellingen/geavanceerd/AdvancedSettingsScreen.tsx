import { TextField } from '@/components/forms/TextField';
import { Page } from '@/components/layout/Page';
import { SettingsForm } from '@/components/settings/SettingsForm';
import { centsToEuroInput, parseEuros } from '@/components/money/euros';
import { SocialMinimumSettings } from './SocialMinimumSettings';

const sessionFields = ['sessionLifetimeHours', 'idleTimeoutMinutes', 'residentIdleTimeoutMinutes'] as const;
const sendFields = ['dailyMassSendLimit'] as const;
const uploadFields = ['uploadMaxMegabytes'] as const;
const webhookFields = ['disableAfterFailures', 'attemptTimeoutSeconds', 'deliveryLogDays'] as const;
const applicationFields = ['fourEyesAboveCents', 'proofRetentionDays'] as const;
const retentionFields = ['auditLogDays', 'mailLogDays', 'sessionDays', 'erasedRemainsDays', 'importDays'] as const;

/** The retention periods (section `retention`), per kind of data: label and what happens when the period ends. */
const retention: { field: (typeof retentionFields)[number]; label: string; hint: string }[] = [
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

/** A whole number as typed, or the text itself so the server's Dutch message explains what is wrong. */
const number = (text: string): number | string => (/^\s*\d+\s*$/.test(text) ? Number(text) : text);

/**
 * /admin/beheer/instellingen/geavanceerd: what may be tuned at run time. A change is in force on every instance of the
 * application at once (the settings service tells them), without a restart.
 */
export default function AdvancedSettingsScreen() {
  return (
    <Page title="Geavanceerde instellingen" lead="Wijzigingen gelden direct, op alle servers, zonder herstart.">
      <section aria-labelledby="sessies-kop">
        <h2 id="sessies-kop">Sessies</h2>
        <SettingsForm
          section="ADVANCED"
          id="sessies"
          fields={sessionFields}
          toPatch={(values) => ({
            sessionLifetimeHours: number(values.sessionLifetimeHours),
            idleTimeoutMinutes: number(values.idleTimeoutMinutes),
            residentIdleTimeoutMinutes: number(values.residentIdleTimeoutMinutes),
          })}
        >
          {({ value, form }) => (
            <>
              <TextField
                label="Maximale duur van een sessie (uren)"
                inputMode="numeric"
                defaultValue={String(value.sessionLifetimeHours ?? '')}
                {...form.field('sessionLifetimeHours')}
              />
              <TextField
                label="Uitloggen na inactiviteit, medewerkers en aanbieders (minuten)"
                inputMode="numeric"
                defaultValue={String(value.idleTimeoutMinutes ?? '')}
                {...form.field('idleTimeoutMinutes')}
              />
              <TextField
                label="Uitloggen na inactiviteit, inwoners (minuten)"
                hint="DigiD vraagt hoogstens 15 minuten."
                inputMode="numeric"
                defaultValue={String(value.residentIdleTimeoutMinutes ?? '')}
                {...form.field('residentIdleTimeoutMinutes')}
              />
            </>
          )}
        </SettingsForm>
      </section>
      <section aria-labelledby="uploads-kop">
        <h2 id="uploads-kop">Uploads</h2>
        <SettingsForm
          section="ADVANCED"
          id="uploads"
          fields={uploadFields}
          toPatch={(values) => ({ uploadMaxMegabytes: number(values.uploadMaxMegabytes) })}
        >
          {({ value, form }) => (
            <TextField
              label="Maximale grootte van een afbeelding (MB)"
              hint="Geldt voor productfoto's, logo's en nieuwsafbeeldingen. Minstens 1, hoogstens 5 MB."
              inputMode="numeric"
              defaultValue={String(value.uploadMaxMegabytes ?? '')}
              {...form.field('uploadMaxMegabytes')}
            />
          )}
        </SettingsForm>
      </section>
      <section aria-labelledby="versturen-kop">
        <h2 id="versturen-kop">Meldingen aan een doelgroep</h2>
        <SettingsForm
          section="COMMUNICATION"
          id="versturen"
          fields={sendFields}
          toPatch={(values) => ({ dailyMassSendLimit: number(values.dailyMassSendLimit) })}
        >
          {({ value, form }) => (
            <TextField
              label="Aantal verzendingen per gemeente per dag"
              hint="Testberichten aan uzelf tellen niet mee."
              inputMode="numeric"
              defaultValue={String(value.dailyMassSendLimit ?? '')}
              {...form.field('dailyMassSendLimit')}
            />
          )}
        </SettingsForm>
      </section>
      <section aria-labelledby="webhooks-kop">
        <h2 id="webhooks-kop">Webhooks van API-koppelingen</h2>
        <SettingsForm
          section="WEBHOOKS"
          id="webhooks"
          fields={webhookFields}
          toPatch={(values) =>
            Object.fromEntries(webhookFields.map((field) => [field, number(values[field])])) as Record<string, unknown>
          }
        >
          {({ value, form }) => (
            <>
              <TextField
                label="Uitschakelen na dit aantal mislukte pogingen op rij"
                hint="De beheerder van de koppeling krijgt dan een e-mail. Minstens 3, hoogstens 100."
                inputMode="numeric"
                defaultValue={String(value.disableAfterFailures ?? '')}
                {...form.field('disableAfterFailures')}
              />
              <TextField
                label="Wachttijd per poging (seconden)"
                hint="Zo lang mag een partner over zijn antwoord doen. Minstens 1, hoogstens 30."
                inputMode="numeric"
                defaultValue={String(value.attemptTimeoutSeconds ?? '')}
                {...form.field('attemptTimeoutSeconds')}
              />
              <TextField
                label="Afleveringen bewaren (dagen)"
                hint="Het afleverlogboek en de berichten zelf (om opnieuw te versturen). Minstens 7, hoogstens 365."
                inputMode="numeric"
                defaultValue={String(value.deliveryLogDays ?? '')}
                {...form.field('deliveryLogDays')}
              />
            </>
          )}
        </SettingsForm>
      </section>
      <section aria-labelledby="bewaartermijnen-kop">
        <h2 id="bewaartermijnen-kop">Bewaartermijnen (AVG)</h2>
        <p>
          Gegevens worden niet langer bewaard dan nodig. Elke nacht worden gegevens verwijderd die ouder zijn dan de
          termijn hieronder.
        </p>
        <SettingsForm
          section="RETENTION"
          id="bewaartermijnen"
          fields={retentionFields}
          toPatch={(values) =>
            Object.fromEntries(retentionFields.map((field) => [field, number(values[field])])) as Record<
              string,
              unknown
            >
          }
          submitLabel="Bewaartermijnen opslaan"
          savedNotice="De bewaartermijnen zijn opgeslagen."
        >
          {({ value, form }) => (
            <>
              {retention.map(({ field, label, hint }) => (
                <TextField
                  key={field}
                  label={label}
                  hint={hint}
                  inputMode="numeric"
                  defaultValue={String(value[field] ?? '')}
                  {...form.field(field)}
                />
              ))}
            </>
          )}
        </SettingsForm>
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
            proofRetentionDays: number(values.proofRetentionDays),
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
