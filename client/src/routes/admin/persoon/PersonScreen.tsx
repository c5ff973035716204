import { useLazyQuery, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatDate, formatDateTime } from '@/components/dates/formatDate';
import { Page } from '@/components/layout/Page';
import { Alert } from '@/components/ui/Alert';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import { graphql } from '@/graphql/generated';
import type { AdminPersonQuery } from '@/graphql/generated/graphql';
import { urls } from '@/lib/urls';
import { hasPermission, useViewer } from '@/lib/viewer';
import { formatDay } from '../klantgroep/shared';
import { RecordNotFound } from '@/components/ui/RecordNotFound';
import { PersonNav } from './personShared';
import { cardStatusLabel } from '@/vocabulary/cardStatus';

const AdminPersonDocument = graphql(`
  query AdminPerson($externalIdentifier: String!) {
    person(externalIdentifier: $externalIdentifier) {
      id
      externalIdentifier
      fullName
      firstName
      lastName
      dateOfBirth
      email
      phone
      hasBsn
      bsnMasked
      notifyOrderStatus
      erasedAt
      createdAt
      clientGroupId
      clientGroupNumber
      clientGroupName
      municipality {
        id
        name
      }
      cards {
        id
        status
        lastDigits
      }
    }
  }
`);

const AdminPersonBsnDocument = graphql(`
  query AdminPersonBsn($personId: ID!) {
    personBsn(personId: $personId)
  }
`);

/** Shows the full BSN on request (PERSON_READ_SENSITIVE); every reveal is logged on the server. */
function BsnReveal({ personId, masked }: { personId: string; masked: string }) {
  const [reveal, { data, loading, error }] = useLazyQuery(AdminPersonBsnDocument, { fetchPolicy: 'network-only' });
  const [shown, setShown] = useState(false);
  const bsn = shown ? data?.personBsn : null;
  return (
    <>
      <span>{bsn ?? masked}</span>{' '}
      {bsn ? (
        <button type="button" className="gw-link-button" onClick={() => setShown(false)}>
          BSN verbergen
        </button>
      ) : (
        <button
          type="button"
          className="gw-link-button"
          disabled={loading}
          aria-describedby="bsn-toelichting"
          onClick={() => {
            setShown(true);
            void reveal({ variables: { personId } });
          }}
        >
          Volledig BSN tonen
        </button>
      )}
      <span id="bsn-toelichting" className="gw-field__hint" style={{ display: 'block' }}>
        Het tonen van het volledige burgerservicenummer wordt vastgelegd met uw naam en het tijdstip.
      </span>
      {error ? (
        <span role="alert" className="gw-field__error" style={{ display: 'block' }}>
          Het BSN kon niet worden opgehaald. Probeer het opnieuw.
        </span>
      ) : null}
    </>
  );
}

/** /admin/persoon/:externalIdentifier: a person's details. The BSN is masked; every visit is audit-logged. */
export default function PersonScreen() {
  const { externalIdentifier = '' } = useParams();
  return (
    <QueryBoundary
      query={useQuery(AdminPersonDocument, { variables: { externalIdentifier }, fetchPolicy: 'network-only' })}
      select={(data) => data.person}
      title="Persoon"
      errorMessage="Deze persoon kon niet worden geladen."
      notFound={<RecordNotFound title="Persoon niet gevonden" />}
    >
      {(person) => <PersonDetails person={person} />}
    </QueryBoundary>
  );
}

function PersonDetails({ person }: { person: NonNullable<AdminPersonQuery['person']> }) {
  const { viewer } = useViewer();
  const activeCard = person.cards.find((c) => c.status === 'ACTIVE');
  const lastCard = person.cards[0];

  return (
    <Page
      title={person.fullName}
      crumb="Persoon"
      lead={`Klantnummer ${person.externalIdentifier} · ${person.municipality.name}`}
    >
      <PersonNav externalIdentifier={person.externalIdentifier} />
      {person.erasedAt ? (
        <Alert variant="warning">
          <p>
            De persoonsgegevens zijn gewist op {formatDateTime(person.erasedAt)}. Bestellingen en boekingen blijven
            bewaard onder dit pseudoniem.
          </p>
        </Alert>
      ) : null}
      <p className="gw-muted">U bekijkt persoonsgegevens. Dit wordt vastgelegd met uw naam en het tijdstip.</p>
      <dl className="gw-definition-list">
        <dt>Naam</dt>
        <dd>{person.fullName}</dd>
        <dt>Klantnummer</dt>
        <dd>{person.externalIdentifier}</dd>
        <dt>Geboortedatum</dt>
        <dd>{person.dateOfBirth ? formatDay(person.dateOfBirth) : <span className="gw-muted">Onbekend</span>}</dd>
        <dt>Burgerservicenummer</dt>
        <dd>
          {!person.hasBsn || !person.bsnMasked ? (
            <span className="gw-muted">Niet bekend</span>
          ) : hasPermission(viewer, 'PERSON_READ_SENSITIVE') ? (
            <BsnReveal personId={person.id} masked={person.bsnMasked} />
          ) : (
            person.bsnMasked
          )}
        </dd>
        <dt>E-mailadres</dt>
        <dd>{person.email ?? <span className="gw-muted">Niet bekend</span>}</dd>
        <dt>Telefoonnummer</dt>
        <dd>{person.phone ?? <span className="gw-muted">Niet bekend</span>}</dd>
        <dt>E-mail bij statuswijziging</dt>
        <dd>{person.notifyOrderStatus ? 'Ja' : 'Nee'}</dd>
        <dt>Huishouden</dt>
        <dd>
          <Link to={urls.admin.clientGroup(person.clientGroupId)}>
            {person.clientGroupName} ({person.clientGroupNumber})
          </Link>
        </dd>
        <dt>Pas</dt>
        <dd>
          {activeCard
            ? `Actief, eindigt op ${activeCard.lastDigits}`
            : lastCard
              ? `${cardStatusLabel[lastCard.status]}, eindigt op ${lastCard.lastDigits}`
              : 'Geen pas'}{' '}
          (<Link to={urls.admin.personCard(person.externalIdentifier)}>passen beheren</Link>)
        </dd>
        <dt>Klant sinds</dt>
        <dd>{formatDate(person.createdAt)}</dd>
      </dl>
    </Page>
  );
}
