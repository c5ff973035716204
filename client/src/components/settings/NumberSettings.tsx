import { TextField } from '../forms/TextField';
import { SettingsForm } from './SettingsForm';
import type { SettingsSectionKey } from '../../graphql/generated/graphql';

/** A whole number as typed, or the text itself so the server's Dutch message explains what is wrong. */
export const wholeNumber = (text: string): number | string => (/^\s*\d+\s*$/.test(text) ? Number(text) : text);

/** One whole-number setting of a section: its field, its label and what it means (with its bounds). */
export interface NumberSetting<F extends string> {
  field: F;
  label: string;
  hint?: string;
}

interface NumberSettingsFormProps<F extends string> {
  section: SettingsSectionKey;
  /** Prefix of the field ids, unique on the page. */
  id: string;
  settings: readonly NumberSetting<F>[];
  submitLabel?: string;
  savedNotice?: string;
}

/**
 * A settings form of whole numbers only (sessions, uploads, retention periods, …): a numeric field per setting, filled
 * with the current value; each is sent as typed, a whole number or the text for the server's Dutch message.
 */
export function NumberSettingsForm<F extends string>({ settings, ...props }: NumberSettingsFormProps<F>) {
  const fields = settings.map((s) => s.field);
  return (
    <SettingsForm
      {...props}
      fields={fields}
      toPatch={(values) => Object.fromEntries(fields.map((field) => [field, wholeNumber(values[field])]))}
    >
      {({ value, form }) =>
        settings.map(({ field, label, hint }) => (
          <TextField
            key={field}
            label={label}
            hint={hint}
            inputMode="numeric"
            defaultValue={String(value[field] ?? '')}
            {...form.field(field)}
          />
        ))
      }
    </SettingsForm>
  );
}
