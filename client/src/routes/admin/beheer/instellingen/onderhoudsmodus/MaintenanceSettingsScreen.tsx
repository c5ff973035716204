import { amsterdamLocalToIso, isoToAmsterdamLocal } from '@/components/dates/amsterdamLocal';
import { RadioGroup, TextAreaField } from '@/components/forms/fields';
import { TextField } from '@/components/forms/TextField';
import { Page } from '@/components/layout/Page';
import { SettingsForm } from '@/components/settings/SettingsForm';

const MODES = [
  { value: 'OFF', label: 'Uit: de website werkt normaal' },
  { value: 'ON', label: 'Nu aan' },
  { value: 'SCHEDULED', label: 'Gepland: van het begin tot het einde hieronder' },
] as const;

const fields = ['mode', 'startsAt', 'endsAt', 'message'] as const;

/**
 * /admin/beheer/instellingen/onderhoudsmodus: maintenance on now or scheduled (Dutch time), with a message. Residents
 * and providers then see the maintenance page; staff work on and see a banner.
 */
export default function MaintenanceSettingsScreen() {
  return (
    <Page
      title="Onderhoudsmodus"
      lead="Tijdens onderhoud zien inwoners en aanbieders een onderhoudspagina. Medewerkers kunnen gewoon doorwerken en zien een melding. Betalingen, DigiD en API-koppelingen blijven werken."
    >
      <SettingsForm
        section="MAINTENANCE"
        id="onderhoud"
        fields={fields}
        refetch={['MaintenanceStatus']}
        check={(values) => ({
          startsAt:
            values.startsAt && !amsterdamLocalToIso(values.startsAt) ? 'Vul het begin in als datum en tijd.' : null,
          endsAt: values.endsAt && !amsterdamLocalToIso(values.endsAt) ? 'Vul het einde in als datum en tijd.' : null,
        })}
        toPatch={(values) => ({
          mode: values.mode || 'OFF',
          startsAt: values.mode === 'SCHEDULED' ? amsterdamLocalToIso(values.startsAt) : null,
          endsAt: amsterdamLocalToIso(values.endsAt),
          message: values.message,
        })}
      >
        {({ value, form }) => (
          <>
            <RadioGroup
              legend="Onderhoudsmodus"
              options={MODES}
              defaultValue={String(value.mode ?? 'OFF') as (typeof MODES)[number]['value']}
              {...form.field('mode')}
            />
            <TextField
              type="datetime-local"
              label="Begin (Nederlandse tijd)"
              hint="Alleen bij gepland onderhoud."
              defaultValue={isoToAmsterdamLocal(value.startsAt as string | null)}
              {...form.field('startsAt')}
            />
            <TextField
              type="datetime-local"
              label="Einde (Nederlandse tijd)"
              hint="Nodig bij gepland onderhoud; bij ‘nu aan’ de verwachte eindtijd (mag leeg blijven)."
              defaultValue={isoToAmsterdamLocal(value.endsAt as string | null)}
              {...form.field('endsAt')}
            />
            <TextAreaField
              label="Melding voor bezoekers"
              hint="10 tot 500 tekens."
              rows={3}
              defaultValue={String(value.message ?? '')}
              {...form.field('message')}
            />
          </>
        )}
      </SettingsForm>
    </Page>
  );
}
