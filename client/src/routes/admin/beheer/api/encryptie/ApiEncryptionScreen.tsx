import { useMutation, useQuery } from '@apollo/client/react';
import { formatDateTime } from '@/components/dates/formatDate';
import { ConfirmAction } from '@/components/forms/ConfirmAction';
import { SelectField, TextAreaField } from '@/components/forms/fields';
import { useMutationForm } from '@/components/forms/useMutationForm';
import { Page } from '@/components/layout/Page';
import { DataTable } from '@/components/ui/DataTable';
import { QueryError } from '@/components/ui/QueryError';
import { graphql } from '@/graphql/generated';
import type { ApiEncryptionClientQuery } from '@/graphql/generated/graphql';
import { useShowNotice } from '@/lib/notice';
import { searchParams } from '@/lib/urls';
import { useSearchParam } from '@/lib/urlState';
import { queryPending } from '@/components/ui/queryPending';

const ApiEncryptionClientsDocument = graphql(`
  query ApiEncryptionClients {
    apiClients(first: 100, filter: { status: ACTIVE }) {
      edges {
        node {
          id
          name
          municipality {
            id
            name
          }
        }
      }
    }
  }
`);

/** A client's public keys: what the screen shows, and what registering or removing one gives back. */
graphql(`
  fragment ApiClientEncryptionKeys on ApiClient {
    id
    encryptionKeys {
      id
      kid
      algorithm
      keyType
      registeredAt
      validUntil
      current
    }
  }
`);

const ApiEncryptionClientDocument = graphql(`
  query ApiEncryptionClient($id: ID!) {
    apiClient(id: $id) {
      name
      ...ApiClientEncryptionKeys @unmask
    }
  }
`);

const RegisterEncryptionKeyDocument = graphql(`
  mutation RegisterApiClientEncryptionKey($id: ID!, $publicKey: String!) {
    registerApiClientEncryptionKey(apiClientId: $id, publicKey: $publicKey) {
      apiClient {
        ...ApiClientEncryptionKeys @unmask
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const RemoveEncryptionKeyDocument = graphql(`
  mutation RemoveApiClientEncryptionKey($id: ID!) {
    removeApiClientEncryptionKey(id: $id) {
      apiClient {
        ...ApiClientEncryptionKeys @unmask
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

type EncryptionKey = NonNullable<ApiEncryptionClientQuery['apiClient']>['encryptionKeys'][number];

function RemoveKey({ encryptionKey }: { encryptionKey: EncryptionKey }) {
  const showNotice = useShowNotice();
  const [remove] = useMutation(RemoveEncryptionKeyDocument);
  const form = useMutationForm({
    id: `verwijder-${encryptionKey.id}`,
    fields: [],
    mutate: async () => (await remove({ variables: { id: encryptionKey.id } })).data?.removeApiClientEncryptionKey,
    onSuccess: () => showNotice('De oude sleutel is verwijderd.'),
  });
  return (
    <ConfirmAction
      form={form}
      label={
        <>
          Verwijderen<span className="gw-visually-hidden"> (sleutel {encryptionKey.kid.slice(0, 12)})</span>
        </>
      }
      confirmLabel="Ja, verwijder deze sleutel"
      groupLabel="Verwijderen bevestigen"
    />
  );
}

/** The public keys of one client, and the form to register a new one. */
function ClientEncryption({ id }: { id: string }) {
  const showNotice = useShowNotice();
  const query = useQuery(ApiEncryptionClientDocument, { variables: { id } });
  const [register] = useMutation(RegisterEncryptionKeyDocument);
  const form = useMutationForm({
    id: 'publieke-sleutel',
    fields: ['publicKey'],
    check: (v) => ({ publicKey: v.publicKey.trim() ? null : 'Plak de publieke sleutel (PEM of JWK).' }),
    mutate: async (v) =>
      (await register({ variables: { id, publicKey: v.publicKey } })).data?.registerApiClientEncryptionKey,
    onSuccess: () =>
      showNotice('De publieke sleutel is geregistreerd. Vanaf nu gaan BSN’s versleuteld naar deze koppeling.'),
  });
  const pending = queryPending(query, 'Deze koppeling kon niet worden geladen.');
  if (pending) return pending;
  const client = query.data?.apiClient;
  if (!client) return <p>Deze koppeling bestaat niet (meer).</p>;
  const keys = client.encryptionKeys;
  return (
    <section aria-labelledby="sleutels-kop">
      <h2 id="sleutels-kop">Publieke sleutels van ‘{client.name}’</h2>
      {keys.length === 0 ? (
        <p>
          Er is nog geen publieke sleutel. Zolang die er niet is, krijgt deze koppeling BSN’s onversleuteld (wel via een
          beveiligde verbinding).
        </p>
      ) : (
        <DataTable
          caption="Publieke sleutels"
          headers={[
            'Sleutel-id (kid)',
            'Algoritme',
            'Soort',
            'Geregistreerd',
            'Status',
            { label: 'Acties', hidden: true },
          ]}
        >
          {keys.map((k) => (
            <tr key={k.id}>
              <th scope="row">
                <code>{k.kid}</code>
              </th>
              <td>{k.algorithm}</td>
              <td>{k.keyType}</td>
              <td>{formatDateTime(k.registeredAt)}</td>
              <td>
                {k.current ? 'In gebruik' : k.validUntil ? `Vervalt op ${formatDateTime(k.validUntil)}` : 'Vervallen'}
              </td>
              <td>{k.current ? null : <RemoveKey encryptionKey={k} />}</td>
            </tr>
          ))}
        </DataTable>
      )}
      <h3>{keys.length ? 'Nieuwe sleutel registreren' : 'Sleutel registreren'}</h3>
      <p>
        Vanaf het registreren gaan BSN’s naar deze koppeling alleen als JWE (RSA-OAEP-256 of ECDH-ES, A256GCM), met de
        sleutel-id in de kop. Een vorige sleutel kan de partner nog 30 dagen kiezen met de kop{' '}
        <code>X-Encryption-Key-Id</code>.
      </p>
      <form className="gw-form" {...form.props}>
        {form.summary}
        <TextAreaField
          label="Publieke sleutel"
          hint="Een PEM-blok (-----BEGIN PUBLIC KEY-----) of een JWK. RSA van minstens 2048 bits, of EC op P-256, P-384 of P-521. Nooit een privésleutel."
          rows={8}
          spellCheck={false}
          className="gw-textarea"
          {...form.field('publicKey')}
        />
        <button type="submit" className="gw-button" disabled={form.busy}>
          Sleutel registreren
        </button>
      </form>
    </section>
  );
}

/** /admin/beheer/api/encryptie: per API client (?koppeling=<id>) its public keys for encrypted personal data. */
export default function ApiEncryptionScreen() {
  const [chosen, choose] = useSearchParam(searchParams.apiClient);
  const clients = useQuery(ApiEncryptionClientsDocument);
  const selected = chosen ?? '';
  const options = clients.data?.apiClients.edges.map((e) => e.node) ?? [];
  return (
    <Page
      title="API-encryptie"
      lead="Een koppeling met een publieke sleutel krijgt BSN’s alleen versleuteld. Alleen de partner kan ze met zijn privésleutel lezen."
    >
      {clients.error && !clients.data ? (
        <QueryError
          message="De koppelingen konden niet worden geladen."
          onRetry={() => void clients.refetch().catch(() => undefined)}
        />
      ) : (
        <SelectField label="Koppeling" value={selected} onChange={(e) => choose(e.target.value)}>
          <option value="">{clients.loading ? 'Koppelingen laden…' : 'Kies een koppeling'}</option>
          {options.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name} ({c.municipality.name})
            </option>
          ))}
        </SelectField>
      )}
      {selected ? <ClientEncryption key={selected} id={selected} /> : null}
    </Page>
  );
}
