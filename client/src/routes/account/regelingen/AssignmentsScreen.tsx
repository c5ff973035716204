import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router';
import { HeldBudgetNotice } from '@/components/budget/HeldBudget';
import { spendableCents } from '@/components/budget/spendable';
import { formatDate } from '@/components/dates/formatDate';
import { Page } from '@/components/layout/Page';
import { Money } from '@/components/money/Money';
import { formatCents } from '@/components/money/formatCents';
import { DataTable } from '@/components/ui/DataTable';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import { graphql } from '@/graphql/generated';
import type { MyAssignmentsQuery } from '@/graphql/generated/graphql';
import { urls } from '@/lib/urls';
import { validityText } from './assignmentLabels';
import { movementKindLabel } from '@/vocabulary/ledgerMovement';
import { residentAssignmentStatusLabel } from '@/vocabulary/assignmentStatus';
import { StatusBadge } from '@/components/status/StatusBadge';

const MyAssignmentsDocument = graphql(`
  query MyAssignments {
    myAssignments {
      id
      arrangementName
      beneficiaryName
      amountCents
      balanceCents
      validFrom
      validUntil
      status
      revokedReason
      movements {
        id
        at
        kind
        description
        amountCents
        orderId
      }
    }
  }
`);

type Assignment = MyAssignmentsQuery['myAssignments'][number];

const TITLE = 'Regelingen';

/** "+ € 150,00" / "− € 12,50": the sign in words for screen readers is the column header's job. */
function signed(cents: number): string {
  return cents < 0 ? `− ${formatCents(-cents)}` : `+ ${formatCents(cents)}`;
}

function AssignmentSection({ assignment }: { assignment: Assignment }) {
  const headingId = `regeling-${assignment.id}`;
  const forWhom = assignment.beneficiaryName ?? 'Uw huishouden';
  return (
    <section className="gw-assignment" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {assignment.arrangementName}
        {assignment.beneficiaryName ? (
          <>
            {' '}
            <span className="gw-assignment__for">voor {assignment.beneficiaryName}</span>
          </>
        ) : null}
      </h2>
      <dl className="gw-definition-list">
        <dt>Voor</dt>
        <dd>{forWhom}</dd>
        <dt>Tegoed over</dt>
        <dd>
          <strong className="gw-assignment__balance">
            <Money cents={assignment.balanceCents} />
          </strong>
        </dd>
        <dt>Tegoed gekregen</dt>
        <dd>
          <Money cents={assignment.amountCents} />
        </dd>
        <dt>Geldig</dt>
        <dd>{validityText(assignment.validFrom, assignment.validUntil)}</dd>
        <dt>Status</dt>
        <dd>
          <StatusBadge kind="assignment" status={assignment.status}>
            {residentAssignmentStatusLabel[assignment.status]}
          </StatusBadge>
          {assignment.revokedReason ? <> Reden: {assignment.revokedReason}</> : null}
        </dd>
      </dl>

      {assignment.movements.length === 0 ? (
        <p className="gw-muted">U heeft dit tegoed nog niet gebruikt.</p>
      ) : (
        <DataTable
          caption={`Wat er met het tegoed is gebeurd: ${assignment.arrangementName}${assignment.beneficiaryName ? ` voor ${assignment.beneficiaryName}` : ''}`}
          // The amount right after the date: on a phone the table is wider than the screen, and what a resident looks
          // for is in view without scrolling it.
          headers={['Datum', { label: 'Bedrag', numeric: true }, 'Soort', 'Omschrijving']}
        >
          {assignment.movements.map((movement) => (
            <tr key={`${movement.id}-${movement.amountCents}`}>
              <td>
                <time dateTime={movement.at}>{formatDate(movement.at)}</time>
              </td>
              <td className="gw-num">
                {signed(movement.amountCents)}
                <span className="gw-visually-hidden">
                  {movement.amountCents < 0 ? ' afgeschreven' : ' bijgeschreven'}
                </span>
              </td>
              <td>{movementKindLabel[movement.kind]}</td>
              <td>
                {movement.description}
                {movement.orderId ? (
                  <>
                    {' '}
                    (<Link to={urls.account.order(movement.orderId)}>bekijk bestelling</Link>)
                  </>
                ) : null}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}

/** /account/regelingen: the household's assignments with balance, validity and spending history. */
export default function AssignmentsScreen() {
  return (
    <QueryBoundary
      query={useQuery(MyAssignmentsDocument, { fetchPolicy: 'cache-and-network' })}
      select={(data) => data.myAssignments}
      title={TITLE}
      errorMessage="Uw regelingen konden niet worden geladen."
    >
      {(assignments) => <Assignments assignments={assignments} />}
    </QueryBoundary>
  );
}

function Assignments({ assignments }: { assignments: readonly Assignment[] }) {
  if (assignments.length === 0) {
    return (
      <Page title={TITLE}>
        <div className="gw-prose">
          <p>
            U heeft op dit moment geen regelingen. Met een regeling van de gemeente krijgt u tegoed om producten uit het
            aanbod mee te betalen.
          </p>
          <p>
            Denkt u dat u recht heeft op een regeling? Lees <Link to={urls.howItWorks()}>hoe het werkt</Link> of neem
            contact op met uw gemeente.
          </p>
        </div>
      </Page>
    );
  }

  const spendable = spendableCents(assignments);
  return (
    <Page
      title={TITLE}
      lead="De regelingen van uw huishouden. U ziet hoeveel tegoed u nog heeft en waaraan u het heeft besteed."
    >
      <dl className="gw-stats">
        <div className="gw-stat">
          <dt>Nu te besteden</dt>
          <dd>
            <Money cents={spendable} />
          </dd>
        </div>
        <div className="gw-stat">
          <dt>Aantal regelingen</dt>
          <dd>{assignments.length}</dd>
        </div>
      </dl>
      <HeldBudgetNotice />
      <p>
        <Link to={urls.catalogue()}>Bekijk het aanbod</Link>
      </p>
      {assignments.map((assignment) => (
        <AssignmentSection key={assignment.id} assignment={assignment} />
      ))}
    </Page>
  );
}
