import { useQuery } from '@apollo/client/react';
import { TextField } from '@/components/forms/TextField';
import { useMutationForm } from '@/components/forms/useMutationForm';
import { Loading } from '@/components/ui/Loading';
import { useSaveSettings } from '@/components/settings/saveSettings';
import { graphql } from '@/graphql/generated';
import { useShowNotice } from '@/lib/notice';
import { hasPermission, useViewer } from '@/lib/viewer';
import { FormSubmit } from '@/components/forms/FormSubmit';
import { countOf } from '@/lib/plural';

const ReminderSettingsDocument = graphql(`
  query ReminderSettings {
    settingsSection(section: REMINDERS) {
      section
      version
      value
    }
  }
`);

/**
 * The reminder "uw tegoed vervalt binnenkort" (templates INBOX_BUDGET_EXPIRING and BUDGET_EXPIRING): how many days
 * before an assignment's last day it is sent (settings section `reminders`; 0 turns it off). The rule is the server's
 * (its zod schema): a wrong number comes back as the field's error.
 */
export function ReminderSettings() {
  const { viewer } = useViewer();
  const showNotice = useShowNotice();
  const may = hasPermission(viewer, 'SETTINGS_MANAGE');
  const settings = useQuery(ReminderSettingsDocument, { skip: !may });
  const save = useSaveSettings('REMINDERS', { refetchQueries: ['ReminderSettings'] });
  const form = useMutationForm({
    id: 'herinnering',
    fields: ['expiryReminderDays'],
    mutate: async (values) => {
      const text = values.expiryReminderDays.trim();
      const days = /^-?\d+$/.test(text) ? Number(text) : text;
      return save({ expiryReminderDays: days }, settings.data?.settingsSection.version);
    },
    onSuccess: (_p, data) => {
      const days = Number(data.get('expiryReminderDays'));
      showNotice(
        days === 0
          ? 'Er worden geen herinneringen meer verstuurd.'
          : `Inwoners krijgen hun herinnering ${countOf(days, 'dag', 'dagen')} voordat hun tegoed vervalt.`,
      );
    },
  });
  if (!may) return null;
  const current = (settings.data?.settingsSection.value as { expiryReminderDays?: number } | undefined)
    ?.expiryReminderDays;
  return (
    <section aria-labelledby="herinnering-kop">
      <h2 id="herinnering-kop">Herinnering: tegoed vervalt binnenkort</h2>
      <p>
        Huishoudens met tegoed over krijgen een bericht en, als zij e-mail willen ontvangen, een e-mail: één keer per
        toewijzing.
      </p>
      {current === undefined ? (
        <Loading />
      ) : (
        <form className="gw-form" {...form.props}>
          {form.summary}
          <TextField
            key={current}
            label="Aantal dagen vóór het einde van het tegoed"
            hint="0 betekent: geen herinnering versturen."
            inputMode="numeric"
            defaultValue={String(current)}
            {...form.field('expiryReminderDays')}
          />
          <FormSubmit busy={form.busy}>Herinnering opslaan</FormSubmit>
        </form>
      )}
    </section>
  );
}
