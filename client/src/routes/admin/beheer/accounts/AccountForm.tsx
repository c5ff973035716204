import { useQuery } from '@apollo/client/react';
import { staffInvitationRules } from '@rules/staff-account';
import { useState } from 'react';
import { CheckboxField } from '@/components/forms/CheckboxField';
import { RadioGroup, SelectField } from '@/components/forms/fields';
import { ruleCheck } from '@/components/forms/ruleCheck';
import { EmailField, TextField } from '@/components/forms/TextField';
import { useMutationForm } from '@/components/forms/useMutationForm';
import type { FormError } from '@/components/forms/userErrors';
import { graphql } from '@/graphql/generated';
import { FieldError } from '@/components/forms/TextField';

const AccountFormOptionsDocument = graphql(`
  query AccountFormOptions {
    assignableRoles {
      id
      name
      description
    }
    municipalities {
      id
      name
    }
  }
`);

export interface AccountValues {
  name: string;
  email: string;
  roleId: string;
  allMunicipalities: boolean;
  municipalityIds: string[];
}

type Field = 'name' | 'email' | 'roleId' | 'municipalityIds';

const checkName = ruleCheck({ name: staffInvitationRules.name });
const checkInvite = ruleCheck(staffInvitationRules);

/**
 * A colleague's name, (for an invitation) e-mail address, role and municipalities. Only roles the viewer may give are
 * offered (assignableRoles); the server checks every grant again.
 */
export function AccountForm<P extends { errors: readonly FormError[] }>(props: {
  initial?: AccountValues;
  /** Editing an existing account: the address is not changed here (the colleague does so on their own page). */
  editing?: boolean;
  submitLabel: string;
  save: (values: AccountValues) => Promise<P | null | undefined>;
  onSaved: (payload: P) => void;
}) {
  const options = useQuery(AccountFormOptionsDocument);
  const [all, setAll] = useState(props.initial?.allMunicipalities ?? false);
  const fields: readonly Field[] = props.editing
    ? ['name', 'roleId', 'municipalityIds']
    : ['name', 'email', 'roleId', 'municipalityIds'];
  const form = useMutationForm({
    id: 'account',
    fields,
    check: (values, data) => ({
      ...(props.editing ? checkName({ name: values.name }) : checkInvite({ name: values.name, email: values.email })),
      roleId: values.roleId ? null : 'Kies een rol.',
      municipalityIds:
        data.get('scope') === 'ALL' || data.getAll('municipalityIds').length
          ? null
          : 'Kies minstens één gemeente, of alle gemeenten.',
    }),
    mutate: (values, data) =>
      props.save({
        name: values.name.trim(),
        email: values.email.trim(),
        roleId: values.roleId,
        allMunicipalities: data.get('scope') === 'ALL',
        municipalityIds: data.get('scope') === 'ALL' ? [] : data.getAll('municipalityIds').map(String),
      }),
    onSuccess: props.onSaved,
  });
  const roles = options.data?.assignableRoles ?? [];
  const municipalities = options.data?.municipalities ?? [];
  const chosen = new Set(props.initial?.municipalityIds ?? []);
  return (
    <form className="gw-form" {...form.props}>
      {form.summary}
      <TextField label="Naam" autoComplete="off" defaultValue={props.initial?.name} required {...form.field('name')} />
      {props.editing ? null : (
        <EmailField
          label="E-mailadres"
          hint="Uw collega krijgt op dit adres een link om een wachtwoord te kiezen."
          autoComplete="off"
          required
          {...form.field('email')}
        />
      )}
      <SelectField
        label="Rol"
        hint="U kunt alleen rollen geven met rechten die u zelf ook heeft."
        defaultValue={props.initial?.roleId ?? ''}
        required
        {...form.field('roleId')}
      >
        <option value="">{options.loading ? 'Rollen laden…' : 'Kies een rol'}</option>
        {roles.map((r) => (
          <option key={r.id} value={r.id}>
            {r.name}
            {r.description ? ` — ${r.description}` : ''}
          </option>
        ))}
      </SelectField>
      <div onChange={(e) => setAll((e.target as HTMLInputElement).value === 'ALL')}>
        <RadioGroup
          legend="Voor welke gemeenten werkt dit account?"
          name="scope"
          defaultValue={all ? 'ALL' : 'SOME'}
          options={[
            { value: 'SOME', label: 'Voor de gemeenten die ik hieronder kies' },
            { value: 'ALL', label: 'Voor alle gemeenten (ook gemeenten die later worden toegevoegd)' },
          ]}
        />
      </div>
      {all ? null : (
        <fieldset className="gw-field gw-fieldset" id={form.field('municipalityIds').id} tabIndex={-1}>
          <legend className="gw-field__label">Gemeenten</legend>
          <FieldError error={form.errors.municipalityIds} />
          {municipalities.map((m) => (
            <CheckboxField
              key={m.id}
              label={m.name}
              name="municipalityIds"
              value={m.id}
              defaultChecked={chosen.has(m.id)}
            />
          ))}
        </fieldset>
      )}
      <button type="submit" className="gw-button" disabled={form.busy}>
        {form.busy ? 'Bezig…' : props.submitLabel}
      </button>
    </form>
  );
}
