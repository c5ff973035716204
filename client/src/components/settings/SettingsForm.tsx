import { useQuery } from '@apollo/client/react';
import type { ReactNode } from 'react';
import { graphql } from '../../graphql/generated';
import type { SettingsSectionKey } from '../../graphql/generated/graphql';
import { useMutationForm, type MutationForm } from '../forms/useMutationForm';
import type { FormError } from '../forms/userErrors';
import { Loading } from '../ui/Loading';
import { QueryError } from '../ui/QueryError';
import { useShowNotice } from '../../lib/notice';
import { useSaveSettings } from './saveSettings';

export const SettingsSectionDocument = graphql(`
  query SettingsSection($section: SettingsSectionKey!) {
    settingsSection(section: $section) {
      section
      title
      version
      value
      defaults
      updatedAt
    }
  }
`);

/** A section's value as the server sends it (JSON); each page reads its own fields. */
export type SettingsValue = Record<string, unknown>;

/**
 * The server names fields by their path in the section ("municipalities.<id>.email", "entries.3.range"). An error
 * about a path below one of the form's fields lands on that field; a list position is named ("Regel 4: …"), a key such
 * as a year is not.
 */
export function errorsOnFields<F extends string>(errors: readonly FormError[], fields: readonly F[]): FormError[] {
  return errors.map((e) => {
    if (!e.field || (fields as readonly string[]).includes(e.field)) return e;
    const owner = [...fields].sort((a, b) => b.length - a.length).find((f) => e.field!.startsWith(`${f}.`));
    if (!owner) return e;
    // A list position has at most three digits (no settings list is that long); four digits are a key, a year.
    const index = /^(\d{1,3})(\.|$)/.exec(e.field.slice(owner.length + 1));
    return { ...e, field: owner, message: index ? `Regel ${Number(index[1]) + 1}: ${e.message}` : e.message };
  });
}

interface SettingsFormProps<F extends string> {
  section: SettingsSectionKey;
  /** Prefix of the field ids, unique on the page. */
  id: string;
  /** The form's fields in form order (server error paths below them land on them). */
  fields: readonly F[];
  /** What to send: only what changes; null returns a field to its default. */
  toPatch: (values: Record<F, string>, data: FormData, current: SettingsValue) => Record<string, unknown>;
  /** Instant checks with the shared rules (`@rules/…`). */
  check?: (values: Record<F, string>, data: FormData) => Partial<Record<F, string | null>>;
  /** The fields, filled from the current value. */
  children: (props: { value: SettingsValue; defaults: SettingsValue; form: MutationForm<F> }) => ReactNode;
  submitLabel?: string;
  /** Queries that show this section elsewhere (e.g. 'PublicSite'); refetched after a save. */
  refetch?: string[];
  savedNotice?: string;
}

/**
 * The one settings form (instellingen/…): loads a section, shows its fields with the current values, sends only the
 * patch with the version it was loaded with (a concurrent edit is refused), and shows the server's Dutch messages at
 * the fields and in the error summary. Every settings page uses it.
 */
export function SettingsForm<F extends string>(props: SettingsFormProps<F>) {
  const query = useQuery(SettingsSectionDocument, {
    variables: { section: props.section },
    fetchPolicy: 'cache-and-network',
  });
  const section = query.data?.settingsSection;
  if (!section) {
    if (query.error)
      return (
        <QueryError message="Deze instellingen konden niet worden geladen." onRetry={() => void query.refetch()} />
      );
    return <Loading />;
  }
  return (
    <LoadedSettingsForm
      key={section.version}
      {...props}
      version={section.version}
      value={section.value as SettingsValue}
      defaults={section.defaults as SettingsValue}
    />
  );
}

function LoadedSettingsForm<F extends string>({
  section,
  id,
  fields,
  toPatch,
  check,
  children,
  submitLabel = 'Instellingen opslaan',
  refetch = [],
  savedNotice = 'De instellingen zijn opgeslagen.',
  version,
  value,
  defaults,
}: SettingsFormProps<F> & { version: number; value: SettingsValue; defaults: SettingsValue }) {
  const showNotice = useShowNotice();
  const save = useSaveSettings(section, { refetchQueries: ['SettingsSection', ...refetch], awaitRefetchQueries: true });
  const form = useMutationForm({
    id,
    fields,
    check,
    mutate: async (values, data) => {
      const patch = toPatch(values, data, value);
      const payload = await save(patch, version);
      return payload ? { ...payload, errors: errorsOnFields(payload.errors, fields) } : payload;
    },
    onSuccess: () => showNotice(savedNotice),
  });
  return (
    <form className="gw-form" {...form.props}>
      {form.summary}
      {children({ value, defaults, form })}
      <button type="submit" className="gw-button" disabled={form.busy}>
        {submitLabel}
      </button>
    </form>
  );
}
