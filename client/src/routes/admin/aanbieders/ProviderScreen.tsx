import type { ApolloCache } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { formatDate, formatDateTime } from '../../../components/dates/formatDate';
import { NETWORK_ERROR } from '../../../components/forms/formErrors';
import { TextAreaField } from '../../../components/forms/fields';
import { Page } from '../../../components/layout/Page';
import { membershipStatusLabel } from '../../../components/providers/membershipStatus';
import { Alert } from '../../../components/ui/Alert';
import { Loading } from '../../../components/ui/Loading';
import { QueryError } from '../../../components/ui/QueryError';
import { graphql } from '../../../graphql/generated';
import type { AdminProviderQuery } from '../../../graphql/generated/graphql';
import { screenPermission } from '../../../lib/permissions';
import { urls } from '../../../lib/urls';
import { hasPermission, useViewer } from '../../../lib/viewer';

const AdminProviderDocument = graphql(`
  query AdminProvider($id: ID!) {
    adminProvider(id: $id) {
      id
      name
      kvkNumber
      iban
      street
      postcode
      city
      email
      phone
      website
      description
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
        id
        status
        reason
        decidedAt
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
        id
        status
        reason
        decidedAt
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

type Membership = NonNullable<AdminProviderQuery['adminProvider']>['memberships'][number];

/** /admin/aanbieders/:providerId — a provider's details and memberships; pending ones are approved or rejected here. */
export default function ProviderScreen() {
  const { providerId = '' } = useParams();
  const { viewer } = useViewer();
  const { data, loading, error, refetch } = useQuery(AdminProviderDocument, { variables: { id: providerId }, fetchPolicy: 'cache-and-network' });
  const provider = data?.adminProvider;

  return (
    <Page title={provider?.name ?? 'Aanbieder'} crumb="Aanbieder">
      <div aria-busy={loading && !data}>
        {loading && !data ? <Loading /> : null}
        {error && !data ? <QueryError message="Deze aanbieder kon niet worden geladen." onRetry={() => void refetch()} /> : null}
      </div>
      {data && !provider ? (
        <Alert variant="warning" title="Deze aanbieder is niet gevonden">
          <p>
            De aanbieder bestaat niet, of heeft geen aanmelding bij de gemeenten waarvoor u werkt.{' '}
            <Link to={urls.admin.providers()}>Terug naar de aanbieders</Link>
          </p>
        </Alert>
      ) : null}
      {provider ? (
        <>
          <section aria-labelledby="aanmeldingen-kop">
            <h2 id="aanmeldingen-kop">Aanmeldingen</h2>
            {provider.memberships.length === 0 ? <p>Deze aanbieder heeft zich nog niet aangemeld bij uw gemeenten.</p> : null}
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
          <ul className="gw-actions" style={{ listStyle: 'none', padding: 0 }}>
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
        </>
      ) : null}
    </Page>
  );
}

function MembershipDecision({ membership, providerName }: { membership: Membership; providerName: string }) {
  const [approve, { loading: approving }] = useMutation(ApproveMembershipDocument, { update: evictQueues });
  const [reject, { loading: rejecting }] = useMutation(RejectMembershipDocument, { update: evictQueues });
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const reasonId = `reden-${membership.id}`;
  const name = membership.municipality.name;
  const busy = approving || rejecting;

  async function handleApprove() {
    setFailure(null);
    try {
      const { data } = await approve({ variables: { id: membership.id } });
      const payload = data?.approveMembership;
      if (payload?.membership) setDone(`${providerName} is goedgekeurd voor ${name}. De aanbieder krijgt hierover een e-mail.`);
      else setFailure(payload?.errors[0]?.message ?? 'Goedkeuren is niet gelukt.');
    } catch {
      setFailure(NETWORK_ERROR);
    }
  }

  async function handleReject(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '').trim();
    if (reason.length < 5) {
      setReasonError('Geef de reden van de afwijzing (minstens 5 tekens); de aanbieder ziet deze reden.');
      document.getElementById(reasonId)?.focus();
      return;
    }
    setReasonError(null);
    try {
      const { data } = await reject({ variables: { id: membership.id, reason } });
      const payload = data?.rejectMembership;
      if (payload?.membership) {
        setDone(`De aanmelding van ${providerName} bij ${name} is afgewezen. De aanbieder krijgt de reden per e-mail.`);
        return;
      }
      const fieldError = payload?.errors.find((e) => e.field === 'reason');
      if (fieldError) {
        setReasonError(fieldError.message);
        document.getElementById(reasonId)?.focus();
      } else setFailure(payload?.errors[0]?.message ?? 'Afwijzen is niet gelukt.');
    } catch {
      setFailure(NETWORK_ERROR);
    }
  }

  return (
    <div className="gw-card" style={{ marginBottom: 'var(--gw-space-5)' }}>
      <h3>{name}</h3>
      <p>
        Status: <span className="gw-tag">{membershipStatusLabel[membership.status]}</span> · aangemeld op {formatDate(membership.appliedAt)}
        {membership.decidedAt ? ` · beslist op ${formatDate(membership.decidedAt)}` : ''}
      </p>
      {membership.status === 'REJECTED' && membership.reason ? <p>Reden van afwijzing: {membership.reason}</p> : null}
      {done ? (
        <Alert variant="success" role="status">
          <p>{done}</p>
        </Alert>
      ) : null}
      {failure ? (
        <Alert variant="error" role="alert">
          <p>{failure}</p>
        </Alert>
      ) : null}
      {membership.status === 'PENDING' && !done ? (
        <>
          <p>
            <button type="button" className="gw-button" onClick={() => void handleApprove()} disabled={busy} aria-disabled={busy}>
              Goedkeuren voor {name}
            </button>
          </p>
          <form className="gw-form" noValidate onSubmit={handleReject} aria-label={`Aanmelding bij ${name} afwijzen`}>
            <TextAreaField
              id={reasonId}
              name="reason"
              label="Reden van afwijzing"
              hint="Verplicht bij afwijzen. De aanbieder ziet deze reden in het profiel en in de e-mail."
              rows={3}
              error={reasonError}
            />
            <button type="submit" className="gw-button gw-button--secondary" disabled={busy} aria-disabled={busy}>
              Afwijzen
            </button>
          </form>
        </>
      ) : null}
    </div>
  );
}
