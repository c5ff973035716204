import { useQuery } from '@apollo/client/react';
import { Link, useParams } from 'react-router';
import { formatDate } from '@/components/dates/formatDate';
import { Page } from '@/components/layout/Page';
import { Money } from '@/components/money/Money';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import { graphql } from '@/graphql/generated';
import type { AdminClientGroupQuery } from '@/graphql/generated/graphql';
import { screenPermission } from '@/lib/permissions';
import { urls } from '@/lib/urls';
import { hasPermission, useViewer } from '@/lib/viewer';
import { formatDay } from './shared';
import { RecordNotFound } from '@/components/ui/RecordNotFound';
import { assignmentStatusLabel } from '@/vocabulary/assignmentStatus';
import { StatusBadge } from '@/components/status/StatusBadge';
import { DataTable } from '@/components/ui/DataTable';
import { countOf } from '@/lib/plural';

const AdminClientGroupDocument = graphql(`
  query AdminClientGroup($id: ID!) {
    clientGroup(id: $id) {
      id
      clientNumber
      name
      orderCount
      createdAt
      municipality {
        id
        name
      }
      members {
        id
        externalIdentifier
        fullName
        dateOfBirth
        erasedAt
        cards {
          id
          status
          lastDigits
        }
      }
    }
    clientGroupAssignments(clientGroupId: $id) {
      id
      arrangementName
      beneficiaryName
      amountCents
      balanceCents
      validUntil
      status
    }
  }
`);

/** /admin/klantgroep/:clientId: a household with its members, budgets and orders. */
export default function ClientGroupScreen() {
  const { clientId = '' } = useParams();
  return (
    <QueryBoundary
      query={useQuery(AdminClientGroupDocument, { variables: { id: clientId }, fetchPolicy: 'cache-and-network' })}
      select={(data) =>
        data.clientGroup ? { group: data.clientGroup, assignments: data.clientGroupAssignments ?? [] } : null
      }
      title="Klantgroep"
      errorMessage="Deze klantgroep kon niet worden geladen."
      notFound={<RecordNotFound title="Klantgroep niet gevonden" />}
    >
      {(data) => <ClientGroup {...data} />}
    </QueryBoundary>
  );
}

type Group = NonNullable<AdminClientGroupQuery['clientGroup']>;
type Assignment = NonNullable<AdminClientGroupQuery['clientGroupAssignments']>[number];

function ClientGroup({ group, assignments }: { group: Group; assignments: readonly Assignment[] }) {
  const { viewer } = useViewer();
  const canManageAssignments = hasPermission(viewer, 'ASSIGNMENT_MANAGE');
  const canAddMember = hasPermission(viewer, screenPermission.clientGroupAddMember);
  const ordersVia = group.members.find((m) => !m.erasedAt) ?? group.members[0];

  return (
    <Page title={group.name} crumb="Klantgroep" lead={`Klantnummer ${group.clientNumber} · ${group.municipality.name}`}>
      <dl className="gw-definition-list">
        <dt>Klantnummer</dt>
        <dd>{group.clientNumber}</dd>
        <dt>Gemeente</dt>
        <dd>{group.municipality.name}</dd>
        <dt>Klant sinds</dt>
        <dd>{formatDate(group.createdAt)}</dd>
      </dl>

      <section aria-labelledby="leden-kop">
        <h2 id="leden-kop">Leden</h2>
        {group.members.length === 0 ? (
          <p>Dit huishouden heeft nog geen leden.</p>
        ) : (
          <DataTable
            caption={`Leden van ${group.name}`}
            hideCaption
            headers={['Naam', 'Klantnummer', 'Geboortedatum', 'Pas']}
          >
            {group.members.map((m) => {
              const active = m.cards.find((c) => c.status === 'ACTIVE');
              return (
                <tr key={m.id}>
                  <th scope="row">
                    <Link to={urls.admin.person(m.externalIdentifier)}>{m.fullName}</Link>
                    {m.erasedAt ? (
                      <>
                        {' '}
                        <span className="gw-tag">Gewist</span>
                      </>
                    ) : null}
                  </th>
                  <td>{m.externalIdentifier}</td>
                  <td>{m.dateOfBirth ? formatDay(m.dateOfBirth) : <span className="gw-muted">Onbekend</span>}</td>
                  <td>
                    {active ? (
                      `Actief, eindigt op ${active.lastDigits}`
                    ) : (
                      <span className="gw-muted">Geen actieve pas</span>
                    )}
                  </td>
                </tr>
              );
            })}
          </DataTable>
        )}
        {canAddMember ? (
          <p>
            <Link to={urls.admin.clientGroupAddMember(group.id)}>Lid toevoegen</Link>
          </p>
        ) : null}
      </section>

      <section aria-labelledby="toewijzingen-kop">
        <h2 id="toewijzingen-kop">Toewijzingen</h2>
        {assignments.length === 0 ? (
          <p>Dit huishouden heeft nog geen toewijzingen.</p>
        ) : (
          <DataTable
            caption={`Toewijzingen van ${group.name}`}
            hideCaption
            headers={['Regeling', 'Voor', 'Tegoed over', 'Toegekend', 'Geldig tot en met', 'Status']}
          >
            {assignments.map((a) => (
              <tr key={a.id}>
                <th scope="row">{a.arrangementName}</th>
                <td>{a.beneficiaryName ?? 'Het hele huishouden'}</td>
                <td>
                  <Money cents={a.balanceCents} />
                </td>
                <td>
                  <Money cents={a.amountCents} />
                </td>
                <td>{formatDay(a.validUntil)}</td>
                <td>
                  <StatusBadge kind="assignment" status={a.status}>
                    {assignmentStatusLabel[a.status]}
                  </StatusBadge>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
        {canManageAssignments ? (
          <ul className="gw-actions" style={{ listStyle: 'none', padding: 0 }}>
            <li>
              <Link to={urls.admin.clientGroupNewAssignment(group.id)}>Nieuwe toewijzing</Link>
            </li>
            <li>
              <Link to={urls.admin.clientGroupAssignments(group.id)}>Toewijzingen beheren en bekijken</Link>
            </li>
          </ul>
        ) : null}
      </section>

      <section aria-labelledby="bestellingen-kop">
        <h2 id="bestellingen-kop">Bestellingen</h2>
        <p>
          {group.orderCount === 0
            ? 'Dit huishouden heeft nog niets besteld.'
            : `Dit huishouden heeft ${countOf(group.orderCount, 'bestelling', 'bestellingen')}.`}
        </p>
        {group.orderCount > 0 && ordersVia ? (
          <p>
            <Link to={urls.admin.personOrders(ordersVia.externalIdentifier)}>
              Bekijk de bestellingen van dit huishouden
            </Link>
          </p>
        ) : null}
      </section>
    </Page>
  );
}
