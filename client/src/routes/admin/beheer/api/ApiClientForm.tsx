import { useMutation, useQuery } from '@apollo/client/react';
import { CheckboxField } from '@/components/forms/CheckboxField';
import { SelectField, TextAreaField } from '@/components/forms/fields';
import { TextField } from '@/components/forms/TextField';
import { useMutationForm } from '@/components/forms/useMutationForm';
import { graphql } from '@/graphql/generated';
import type { Permission } from '@/graphql/generated/graphql';
import { NamedOptions } from '@/components/forms/NamedOptions';
import { FieldError } from '@/components/forms/TextField';
import { FormSubmit } from '@/components/forms/FormSubmit';

const ApiClientFormOptionsDocument = graphql(`
  query ApiClientFormOptions {
    apiClientPermissionGroups {
      name
      permissions {
        permission
        description
      }
    }
    viewer {
      municipalities {
        id
        name
      }
    }
  }
`);

const CreateApiClientDocument = graphql(`
  mutation CreateApiClient($input: CreateApiClientInput!) {
    createApiClient(input: $input) {
      key
      apiClient {
        id
        name
        keyPrefix
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

type Field = 'name' | 'municipalityId' | 'permissions' | 'ipAllowList' | 'expiresOn' | 'rateLimitPerMinute';

/** A date a year from today (YYYY-MM-DD), as the default expiry. */
function aYearFromNow(): string {
  const d = new Date();
  d.setFullYear(d.getFullYear() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * A new API client: name, municipality (one of the viewer's), permissions (only the viewer's own, grouped as in the
 * roles matrix), an optional IP allow-list, an expiry date and a rate limit. The server checks every rule again.
 */
export function ApiClientForm(props: {
  onCreated: (created: { id: string; name: string; key: string }) => void;
  onCancel: () => void;
}) {
  const options = useQuery(ApiClientFormOptionsDocument);
  const [create] = useMutation(CreateApiClientDocument, { refetchQueries: ['ApiClients'] });
  const form = useMutationForm({
    id: 'koppeling',
    fields: ['name', 'municipalityId', 'permissions', 'ipAllowList', 'expiresOn', 'rateLimitPerMinute'] as Field[],
    check: (values, data) => ({
      name: values.name.trim() ? null : 'Geef de koppeling een naam.',
      municipalityId: values.municipalityId ? null : 'Kies een gemeente.',
      permissions: data.getAll('permissions').length ? null : 'Kies ten minste één recht.',
      expiresOn: /^\d{4}-\d{2}-\d{2}$/.test(values.expiresOn) ? null : 'Geef een vervaldatum.',
    }),
    mutate: async (values, data) =>
      (
        await create({
          variables: {
            input: {
              name: values.name.trim(),
              municipalityId: values.municipalityId,
              permissions: data.getAll('permissions').map(String) as Permission[],
              ipAllowList: values.ipAllowList
                .split(/[\s,]+/)
                .map((s) => s.trim())
                .filter(Boolean),
              expiresOn: values.expiresOn,
              rateLimitPerMinute: values.rateLimitPerMinute ? Number(values.rateLimitPerMinute) : null,
            },
          },
        })
      ).data?.createApiClient,
    onSuccess: (p) => props.onCreated({ id: p.apiClient!.id, name: p.apiClient!.name, key: p.key! }),
  });
  const groups = options.data?.apiClientPermissionGroups ?? [];
  const municipalities = options.data?.viewer.municipalities ?? [];
  return (
    <section aria-labelledby="nieuwe-koppeling-kop" className="gw-card">
      <h2 id="nieuwe-koppeling-kop">Nieuwe koppeling</h2>
      <form className="gw-form" {...form.props}>
        {form.summary}
        <TextField
          label="Naam"
          hint="Bijvoorbeeld de naam van de partner en zijn toepassing."
          autoComplete="off"
          maxLength={100}
          required
          {...form.field('name')}
        />
        <SelectField
          label="Gemeente"
          hint="De koppeling ziet alleen gegevens van deze gemeente."
          defaultValue={municipalities.length === 1 ? municipalities[0]!.id : ''}
          key={municipalities.length}
          required
          {...form.field('municipalityId')}
        >
          <option value="">{options.loading ? 'Gemeenten laden…' : 'Kies een gemeente'}</option>
          <NamedOptions items={municipalities} />
        </SelectField>
        <fieldset className="gw-field gw-fieldset" id={form.field('permissions').id} tabIndex={-1}>
          <legend className="gw-field__label">Rechten</legend>
          <span className="gw-field__hint">
            U kunt alleen rechten geven die u zelf heeft. Geef niet meer dan nodig.
          </span>
          <FieldError error={form.errors.permissions} />
          {groups.map((g) => (
            <fieldset key={g.name} className="gw-fieldset">
              <legend>{g.name}</legend>
              {g.permissions.map((p) => (
                <CheckboxField key={p.permission} label={p.description} name="permissions" value={p.permission} />
              ))}
            </fieldset>
          ))}
        </fieldset>
        <TextAreaField
          label="Toegestane IP-adressen (optioneel)"
          hint="Eén adres of bereik per regel, bijvoorbeeld 192.0.2.10, 192.0.2.0/24 of 2001:db8::/32. Leeg: elk adres."
          rows={3}
          spellCheck={false}
          {...form.field('ipAllowList')}
        />
        <TextField
          label="Vervaldatum"
          hint="Tot en met deze dag werkt de sleutel; hoogstens twee jaar vooruit."
          type="date"
          defaultValue={aYearFromNow()}
          required
          {...form.field('expiresOn')}
        />
        <TextField
          label="Limiet (verzoeken per minuut)"
          hint="Tussen 10 en 6000. Leeg: 600."
          type="number"
          inputMode="numeric"
          min={10}
          max={6000}
          {...form.field('rateLimitPerMinute')}
        />
        <FormSubmit busy={form.busy} onCancel={props.onCancel}>
          Koppeling aanmaken
        </FormSubmit>
      </form>
    </section>
  );
}
