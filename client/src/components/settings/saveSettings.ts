import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { graphql } from '../../graphql/generated';
import type { SettingsSectionKey } from '../../graphql/generated/graphql';

const UpdateSettingsSectionDocument = graphql(`
  mutation UpdateSettingsSection($input: UpdateSettingsSectionInput!) {
    updateSettingsSection(input: $input) {
      settings {
        section
        version
        value
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

/**
 * Saves a patch to one settings section: only the fields that change (null returns one to its default), with the
 * version the screen loaded (the server refuses a concurrent edit). Answers the mutation's payload for
 * `useMutationForm` (its `errors` name the fields by their path in the section). SettingsForm, the whole-page
 * settings form, uses it; so do the few forms that edit a setting beside other things (two-factor required, the
 * reminder, the wording, the payment settings).
 *
 *   const save = useSaveSettings('REMINDERS', { refetchQueries: ['ReminderSettings'] });
 *   mutate: () => save({ expiryReminderDays: 14 }, settings.data?.settingsSection.version),
 */
export function useSaveSettings(
  section: SettingsSectionKey,
  options: { refetchQueries?: string[]; awaitRefetchQueries?: boolean } = {},
) {
  const [update] = useMutation(UpdateSettingsSectionDocument, options);
  return useCallback(
    async (patch: Record<string, unknown>, expectedVersion: number | undefined) =>
      (await update({ variables: { input: { section, patch, expectedVersion } } })).data?.updateSettingsSection,
    [update, section],
  );
}
