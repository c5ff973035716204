import { useMutation, useQuery } from '@apollo/client/react';
import { Link } from 'react-router';
import { formatDate, formatDateTime } from '@/components/dates/formatDate';
import { ConfirmAction } from '@/components/forms/ConfirmAction';
import { TextField } from '@/components/forms/TextField';
import { useMutationForm } from '@/components/forms/useMutationForm';
import { graphql } from '@/graphql/generated';
import { useShowNotice } from '@/lib/notice';
import { urls } from '@/lib/urls';
import { apiClientStatusLabel } from '@/vocabulary/apiClientStatus';
import { ApiClientWebhooks } from './ApiClientWebhooks';
import { queryPending } from '@/components/ui/queryPending';

const ApiClientDetailDocument = graphql(`
  query ApiClientDetail($id: ID!) {
    apiClient(id: $id) {
      id
      name
      keyPrefix
      status
      expiresOn
      lastUsedAt
      createdAt
      createdByName
      revokedAt
      rateLimitPerMinute
      ipAllowList
      permissions
      effectivePermissions
      working
      notice
      manageable
      transferable
      municipality {
        id
        name
      }
      keys {
        prefix
        createdAt
        validUntil
        current
      }
      encryptionKeys {
        id
        kid
        current
      }
    }
  }
`);

const ApiClientPermissionLabelsDocument = graphql(`
  query ApiClientPermissionLabels {
    apiClientPermissionGroups {
      name
      permissions {
        permission
        description
      }
    }
  }
`);

const RotateApiClientKeyDocument = graphql(`
  mutation RotateApiClientKey($id: ID!, $graceDays: Int) {
    rotateApiClientKey(id: $id, graceDays: $graceDays) {
      key
      apiClient {
        id
        keyPrefix
        keys {
          prefix
          createdAt
          validUntil
          current
        }
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const TransferApiClientDocument = graphql(`
  mutation TransferApiClient($id: ID!) {
    transferApiClient(id: $id) {
      apiClient {
        id
        working
        notice
        transferable
        createdByName
        effectivePermissions
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const RevokeApiClientDocument = graphql(`
  mutation RevokeApiClient($id: ID!) {
    revokeApiClient(id: $id) {
      apiClient {
        id
        status
        revokedAt
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

/** One client: its scope and keys; rotate the key (with a grace period) or revoke the client. */
export function ApiClientDetail({ id, onKey }: { id: string; onKey: (name: string, key: string) => void }) {
  const showNotice = useShowNotice();
  const query = useQuery(ApiClientDetailDocument, { variables: { id } });
  const [rotate] = useMutation(RotateApiClientKeyDocument, { refetchQueries: ['ApiClients', 'ApiClientDetail'] });
  const [revoke] = useMutation(RevokeApiClientDocument, { refetchQueries: ['ApiClients', 'ApiClientDetail'] });
  const [transfer] = useMutation(TransferApiClientDocument, { refetchQueries: ['ApiClients', 'ApiClientDetail'] });
  const labels = useQuery(ApiClientPermissionLabelsDocument);
  const labelOf = new Map(
    (labels.data?.apiClientPermissionGroups ?? []).flatMap((g) =>
      g.permissions.map((p) => [p.permission, p.description] as const),
    ),
  );
  const client = query.data?.apiClient;
  const rotateForm = useMutationForm({
    id: 'vervangen',
    fields: ['graceDays'],
    check: (v) => ({
      graceDays: /^\d{1,2}$/.test(v.graceDays) && Number(v.graceDays) <= 30 ? null : 'Kies 0 tot 30 dagen.',
    }),
    mutate: async (v) => (await rotate({ variables: { id, graceDays: Number(v.graceDays) } })).data?.rotateApiClientKey,
    onSuccess: (p) => onKey(client?.name ?? '', p.key!),
  });
  const revokeForm = useMutationForm({
    id: 'intrekken',
    fields: [],
    mutate: async () => (await revoke({ variables: { id } })).data?.revokeApiClient,
    onSuccess: () => showNotice(`De koppeling ‘${client?.name ?? ''}’ is ingetrokken. Elke aanvraag wordt geweigerd.`),
  });
  const transferForm = useMutationForm({
    id: 'overnemen',
    fields: [],
    mutate: async () => (await transfer({ variables: { id } })).data?.transferApiClient,
    onSuccess: (p) =>
      showNotice(
        p.apiClient?.working
          ? `U beheert de koppeling ‘${client?.name ?? ''}’ nu zelf. Ze werkt weer, met uw rechten.`
          : `U beheert de koppeling ‘${client?.name ?? ''}’ nu zelf.`,
      ),
  });
  const pending = queryPending(query, 'Deze koppeling kon niet worden geladen.');
  if (pending) return pending;
  if (!client) return <p>Deze koppeling bestaat niet (meer).</p>;
  const active = client.status === 'ACTIVE';
  const reduced = client.permissions.filter((p) => !client.effectivePermissions.includes(p));
  return (
    <section aria-labelledby="koppeling-kop" className="gw-card">
      <h2 id="koppeling-kop">{client.name}</h2>
      {client.notice ? (
        <div className={`gw-alert ${client.working ? 'gw-alert--warning' : 'gw-alert--error'}`}>
          <p>{client.notice}</p>
          <p>
            Een koppeling werkt met de rechten van de medewerker die haar beheert, zoals die nu zijn.
            {client.transferable
              ? ' U heeft alle rechten van deze koppeling: neem haar over om haar weer met uw rechten te laten werken.'
              : ' Een collega met alle rechten van deze koppeling kan haar overnemen.'}
          </p>
          {client.transferable ? (
            <ConfirmAction
              form={transferForm}
              label="Koppeling overnemen"
              confirmLabel="Ja, neem deze koppeling over"
              groupLabel="Overnemen bevestigen"
            />
          ) : null}
        </div>
      ) : null}
      {!client.manageable ? (
        <p className="gw-alert">
          Deze koppeling heeft rechten die u zelf niet heeft. Alleen een collega met minstens die rechten kan haar
          wijzigen, intrekken of overnemen.
        </p>
      ) : null}
      <dl className="gw-definition-list">
        <dt>Status</dt>
        <dd>
          {apiClientStatusLabel[client.status]}
          {client.revokedAt ? ` (sinds ${formatDateTime(client.revokedAt)})` : ''}
        </dd>
        <dt>Gemeente</dt>
        <dd>{client.municipality.name}</dd>
        <dt>Rechten</dt>
        <dd>
          <ul className="gw-plain-list">
            {client.permissions.map((p) => (
              <li key={p}>
                {labelOf.get(p) ?? p}
                {reduced.includes(p) && client.working
                  ? ' (werkt nu niet: de beheerder heeft dit recht niet meer)'
                  : ''}
              </li>
            ))}
          </ul>
        </dd>
        <dt>Toegestane IP-adressen</dt>
        <dd>{client.ipAllowList.length ? client.ipAllowList.join(', ') : 'Elk adres'}</dd>
        <dt>Geldig tot en met</dt>
        <dd>{formatDate(client.expiresOn)}</dd>
        <dt>Limiet</dt>
        <dd>{client.rateLimitPerMinute} verzoeken per minuut</dd>
        <dt>Aangemaakt</dt>
        <dd>{formatDateTime(client.createdAt)}</dd>
        <dt>Beheerd door</dt>
        <dd>{client.createdByName ?? 'Onbekend (het account bestaat niet meer)'}</dd>
        <dt>Laatst gebruikt</dt>
        <dd>{client.lastUsedAt ? formatDateTime(client.lastUsedAt) : 'Nog nooit'}</dd>
        <dt>Versleuteling</dt>
        <dd>
          {client.encryptionKeys.some((k) => k.current)
            ? 'BSN’s worden versleuteld verstuurd'
            : 'Geen publieke sleutel'}
          {' — '}
          <Link to={urls.admin.beheer.apiEncryption(client.id)}>versleuteling instellen</Link>
        </dd>
      </dl>
      <h3>Sleutels</h3>
      <ul className="gw-plain-list">
        {client.keys.map((k) => (
          <li key={k.prefix}>
            <code>{k.prefix}…</code>, gemaakt op {formatDateTime(k.createdAt)}
            {k.current ? ' (huidige sleutel)' : k.validUntil ? ` — werkt nog tot ${formatDateTime(k.validUntil)}` : ''}
          </li>
        ))}
      </ul>
      {active && client.manageable ? (
        <>
          <h3>Sleutel vervangen</h3>
          <p>
            U krijgt een nieuwe sleutel. De huidige blijft nog het gekozen aantal dagen werken, zodat de partner kan
            overstappen; daarna wordt hij geweigerd.
          </p>
          <form className="gw-form" {...rotateForm.props}>
            {rotateForm.summary}
            <TextField
              label="Overgangsperiode (dagen)"
              type="number"
              inputMode="numeric"
              min={0}
              max={30}
              defaultValue="7"
              {...rotateForm.field('graceDays')}
            />
            <button type="submit" className="gw-button gw-button--secondary" disabled={rotateForm.busy}>
              Nieuwe sleutel maken
            </button>
          </form>
        </>
      ) : null}
      {client.status !== 'REVOKED' && client.manageable ? (
        <ApiClientWebhooks apiClientId={client.id} permissions={client.effectivePermissions} />
      ) : null}
      {client.status !== 'REVOKED' && client.manageable ? (
        <>
          <h3>Intrekken</h3>
          <p>
            Na het intrekken wordt elke aanvraag met een sleutel van deze koppeling direct geweigerd. Dit is definitief.
          </p>
          <ConfirmAction
            form={revokeForm}
            label="Koppeling intrekken"
            confirmLabel="Ja, trek deze koppeling in"
            groupLabel="Intrekken bevestigen"
          />
        </>
      ) : null}
    </section>
  );
}
