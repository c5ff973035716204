import type { ApolloCache } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import { membershipRejectionReason } from '@rules/provider';
import { Link, useParams } from 'react-router';
import { formatDate, formatDateTime } from '@/components/dates/formatDate';
import { ReasonDisclosure } from '@/components/forms/ReasonDisclosure';
import { ruleCheck } from '@/components/forms/ruleCheck';
import { useMutationForm } from '@/components/forms/useMutationForm';
import { Page } from '@/components/layout/Page';
import { membershipStatusLabel } from '@/vocabulary/membershipStatus';
import { Alert } from '@/components/ui/Alert';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import { graphql } from '@/graphql/generated';
import type { AdminProviderQuery } from '@/graphql/generated/graphql';
import { useShowNotice } from '@/lib/notice';
import { screenPermission } from '@/lib/permissions';
import { urls } from '@/lib/urls';
import { hasPermission, useViewer } from '@/lib/viewer';
import { StatusBadge } from '@/components/status/StatusBadge';

const AdminProviderDocument = graphql(`
  query AdminProvider($id: ID!) {
    adminProvider(id: $id) {
      ...OrganisationDetails @unmask
      createdAt
      users {
        id
        name
        email
        emailVerified
        lastLoginAt
      }
      memberships {
        id
        status
        reason
        appliedAt
        decidedAt
        municipality {
          id
          name
        }
      }
    }
  }
`);

const ApproveMembershipDocument = graphql(`
  mutation ApproveMembership($id: ID!) {
    approveMembership(id: $id) {
      membership {
        ...MembershipState @unmask
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const RejectMembershipDocument = graphql(`
  mutation RejectMembership($id: ID!, $reason: String!) {
    rejectMembership(id: $id, reason: $reason) {
      membership {
        ...MembershipState @unmask
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

/** After a decision the lists and work-queue counts are stale: they are fetched again when next shown. */
function evictQueues(cache: ApolloCache) {
  cache.evict({ fieldName: 'providerMemberships' });
  cache.evict({ fieldName: 'adminDashboard' });
  cache.gc();
}

type Provider = NonNullable<AdminProviderQuery['adminProvider']>;
type Membership = Provider['memberships'][number];

/** /admin/aanbieders/:providerId — a provider's details and memberships; pending ones are approved or rejected here. */
export default function ProviderScreen() {
  const { providerId = '' } = useParams();
  const query = useQuery(AdminProviderDocument, { variables: { id: providerId }, fetchPolicy: 'cache-and-network' });
  return (
    <QueryBoundary
      query={query}
      select={(d) => d.adminProvider}
      title="Aanbieder"
      errorMessage="Deze aanbieder kon niet worden geladen."
      notFound={
        <Page title="Aanbieder">
          <Alert variant="warning" title="Deze aanbieder is niet gevonden">
            <p>
              De aanbieder bestaat niet, of heeft geen aanmelding bij de gemeenten waarvoor u werkt.{' '}
              <Link to={urls.admin.providers()}>Terug naar de aanbieders</Link>
            </p>
          </Alert>
        </Page>
      }
    >
      {(provider) => <ProviderDetails provider={provider} />}
    </QueryBoundary>
  );
}

function ProviderDetails({ provider }: { provider: Provider }) {
  const { viewer } = useViewer();
  return (
    <Page title={provider.name} crumb="Aanbieder">
      <section aria-labelledby="aanmeldingen-kop">
        <h2 id="aanmeldingen-kop">Aanmeldingen</h2>
        {provider.memberships.length === 0 ? (
          <p>Deze aanbieder heeft zich nog niet aangemeld bij uw gemeenten.</p>
        ) : null}
        {provider.memberships.map((m) => (
          <MembershipDecision key={m.id} membership={m} providerName={provider.name} />
        ))}
      </section>
      <section aria-labelledby="gegevens-kop">
        <h2 id="gegevens-kop">Gegevens</h2>
        <dl className="gw-definition-list">
          <dt>KvK-nummer</dt>
          <dd>{provider.kvkNumber}</dd>
          <dt>IBAN</dt>
          <dd>{provider.iban.replace(/(.{4})/g, '$1 ').trim()}</dd>
          <dt>Adres</dt>
          <dd>
            {provider.street}, {provider.postcode} {provider.city}
          </dd>
          <dt>E-mailadres</dt>
          <dd>{provider.email}</dd>
          <dt>Telefoon</dt>
          <dd>{provider.phone}</dd>
          <dt>Website</dt>
          <dd>{provider.website || 'Geen'}</dd>
          <dt>Geregistreerd op</dt>
          <dd>{formatDate(provider.createdAt)}</dd>
        </dl>
        {provider.description ? (
          <>
            <h3>Omschrijving</h3>
            <p style={{ whiteSpace: 'pre-line' }}>{provider.description}</p>
          </>
        ) : null}
      </section>
      <section aria-labelledby="gebruikers-kop">
        <h2 id="gebruikers-kop">Gebruikers</h2>
        <ul>
          {provider.users.map((u) => (
            <li key={u.id}>
              {u.name} ({u.email}) — {u.emailVerified ? 'e-mailadres bevestigd' : 'e-mailadres nog niet bevestigd'}
              {u.lastLoginAt ? `, laatst ingelogd ${formatDateTime(u.lastLoginAt)}` : ', nog niet ingelogd'}
            </li>
          ))}
        </ul>
      </section>
      <ul className="gw-actions gw-plain-list">
        {hasPermission(viewer, screenPermission.providerProducts) ? (
          <li>
            <Link to={urls.admin.providerProducts(provider.id)}>Producten van deze aanbieder</Link>
          </li>
        ) : null}
        {hasPermission(viewer, screenPermission.providerOrders) ? (
          <li>
            <Link to={urls.admin.providerOrders(provider.id)}>Bestellingen van deze aanbieder</Link>
          </li>
        ) : null}
      </ul>
    </Page>
  );
}

/** One membership: its status, and for a pending one approve, or reject with a reason the provider reads. */
function MembershipDecision({ membership, providerName }: { membership: Membership; providerName: string }) {
  const [approve] = useMutation(ApproveMembershipDocument, { update: evictQueues });
  const [reject] = useMutation(RejectMembershipDocument, { update: evictQueues });
  const showNotice = useShowNotice();
  const name = membership.municipality.name;
  // The decision's buttons are gone once it is taken: the focus goes to the notice.
  const approval = useMutationForm({
    id: `goedkeuren-${membership.id}`,
    fields: [],
    mutate: async () => (await approve({ variables: { id: membership.id } })).data?.approveMembership,
    onSuccess: () =>
      showNotice(`${providerName} is goedgekeurd voor ${name}. De aanbieder krijgt hierover een e-mail.`, {
        focus: true,
      }),
  });
  const rejection = useMutationForm({
    id: `afwijzen-${membership.id}`,
    fields: ['reason'] as const,
    check: ruleCheck({ reason: membershipRejectionReason }),
    mutate: async (values) =>
      (await reject({ variables: { id: membership.id, reason: values.reason.trim() } })).data?.rejectMembership,
    onSuccess: () =>
      showNotice(
        `De aanmelding van ${providerName} bij ${name} is afgewezen. De aanbieder krijgt de reden per e-mail.`,
        { focus: true },
      ),
  });
  const busy = approval.busy || rejection.busy;

  return (
    <div className="gw-card" style={{ marginBottom: 'var(--gw-space-5)' }}>
      <h3>{name}</h3>
      <p>
        Status:{' '}
        <StatusBadge kind="membership" status={membership.status}>
          {membershipStatusLabel[membership.status]}
        </StatusBadge>{' '}
        · aangemeld op {formatDate(membership.appliedAt)}
        {membership.decidedAt ? ` · beslist op ${formatDate(membership.decidedAt)}` : ''}
      </p>
      {membership.status === 'REJECTED' && membership.reason ? <p>Reden van afwijzing: {membership.reason}</p> : null}
      {membership.status === 'PENDING' ? (
        <>
          {approval.summary}
          <p>
            <button type="button" className="gw-button" onClick={() => void approval.submit()} disabled={busy}>
              Goedkeuren voor {name}
            </button>
          </p>
          <ReasonDisclosure
            form={rejection}
            label={`Afwijzen voor ${name}…`}
            fieldLabel="Reden van afwijzing"
            hint="De aanbieder ziet deze reden in het profiel en in de e-mail."
            confirmLabel={`Afwijzen voor ${name}`}
            disabled={busy}
          />
        </>
      ) : null}
    </div>
  );
}
