import { useMutation, useQuery } from '@apollo/client/react';
import { revokeReason } from '@rules/arrangement';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatDateTime } from '@/components/dates/formatDate';
import { TextAreaField } from '@/components/forms/fields';
import { ruleCheck } from '@/components/forms/ruleCheck';
import { useMutationForm } from '@/components/forms/useMutationForm';
import { Page } from '@/components/layout/Page';
import { Money } from '@/components/money/Money';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import { graphql } from '@/graphql/generated';
import type { AdminAssignmentsQuery } from '@/graphql/generated/graphql';
import { useShowNotice } from '@/lib/notice';
import { urls } from '@/lib/urls';
import { formatDay } from '../shared';
import { RecordNotFound } from '@/components/ui/RecordNotFound';
import { assignmentStatusLabel } from '@/vocabulary/assignmentStatus';
import { StatusBadge } from '@/components/status/StatusBadge';
import { movementKindLabel } from '@/vocabulary/ledgerMovement';
import { DataTable } from '@/components/ui/DataTable';
import { FormSubmit } from '@/components/forms/FormSubmit';

const AdminAssignmentsDocument = graphql(`
  query AdminAssignments($id: ID!) {
    clientGroup(id: $id) {
      id
      name
      clientNumber
    }
    clientGroupAssignments(clientGroupId: $id) {
      id
      arrangementName
      beneficiaryName
      amountCents
      balanceCents
      validFrom
      validUntil
      status
      revokedReason
      createdAt
      movements {
        id
        at
        kind
        description
        amountCents
      }
    }
  }
`);

const RevokeAssignmentDocument = graphql(`
  mutation RevokeAssignment($id: ID!, $reason: String!) {
    revokeAssignment(id: $id, reason: $reason) {
      assignment {
        id
        status
        balanceCents
        revokedReason
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

type Assignment = NonNullable<AdminAssignmentsQuery['clientGroupAssignments']>[number];

const checkReason = ruleCheck({ reason: revokeReason });

function RevokeForm({
  assignment,
  onDone,
  onCancel,
}: {
  assignment: Assignment;
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const [revoke] = useMutation(RevokeAssignmentDocument, { refetchQueries: ['AdminAssignments', 'AdminClientGroup'] });
  const id = `intrekken-${assignment.id}`;
  const form = useMutationForm({
    id,
    fields: ['reason'],
    check: checkReason,
    mutate: async ({ reason }) => (await revoke({ variables: { id: assignment.id, reason } })).data?.revokeAssignment,
    onSuccess: () =>
      onDone(
        `De toewijzing ‘${assignment.arrangementName}’ is ingetrokken. Het resterende tegoed is teruggeboekt naar de regeling.`,
      ),
  });

  return (
    <form className="gw-form" {...form.props} aria-labelledby={`${id}-kop`}>
      <h3 id={`${id}-kop`}>Toewijzing intrekken</h3>
      {form.summary}
      <p>
        Het tegoed dat nog over is (<Money cents={assignment.balanceCents} />) gaat terug naar de regeling. Het
        huishouden kan het daarna niet meer besteden. Dit kunt u niet ongedaan maken.
      </p>
      <TextAreaField
        label="Reden van intrekken"
        rows={3}
        maxLength={500}
        hint="Bijvoorbeeld ‘Verhuisd naar een andere gemeente’. De reden wordt bij de toewijzing bewaard."
        required
        {...form.field('reason')}
      />
      <FormSubmit busy={form.busy} danger onCancel={onCancel}>
        Toewijzing intrekken
      </FormSubmit>
    </form>
  );
}

/** /admin/klantgroep/:clientId/toewijzingen: the household's budgets with balance, validity, status and bookings. */
export default function AssignmentsScreen() {
  const { clientId = '' } = useParams();
  return (
    <QueryBoundary
      query={useQuery(AdminAssignmentsDocument, { variables: { id: clientId }, fetchPolicy: 'cache-and-network' })}
      select={(data) =>
        data.clientGroup ? { group: data.clientGroup, assignments: data.clientGroupAssignments ?? [] } : null
      }
      title="Toewijzingen"
      errorMessage="De toewijzingen konden niet worden geladen."
      notFound={<RecordNotFound title="Klantgroep niet gevonden" />}
    >
      {({ group, assignments }) => <Assignments group={group} assignments={assignments} />}
    </QueryBoundary>
  );
}

function Assignments({
  group,
  assignments,
}: {
  group: NonNullable<AdminAssignmentsQuery['clientGroup']>;
  assignments: readonly Assignment[];
}) {
  const [revoking, setRevoking] = useState<string | null>(null);
  const showNotice = useShowNotice();

  return (
    <Page
      title={`Toewijzingen van ${group.name}`}
      crumb="Toewijzingen"
      lead={`Klantnummer ${group.clientNumber}. Het tegoed komt uit het grootboek: elke boeking staat hieronder.`}
    >
      <p>
        <Link to={urls.admin.clientGroupNewAssignment(group.id)} className="gw-button">
          Nieuwe toewijzing
        </Link>
      </p>
      {assignments.length === 0 ? <p>Dit huishouden heeft nog geen toewijzingen.</p> : null}
      {assignments.map((a) => (
        <section
          key={a.id}
          className="gw-card"
          aria-labelledby={`toewijzing-${a.id}`}
          style={{ marginBottom: '1.5rem', gap: '0.75rem', height: 'auto' }}
        >
          <h2 id={`toewijzing-${a.id}`}>
            {a.arrangementName}
            {a.beneficiaryName ? ` voor ${a.beneficiaryName}` : ''}
          </h2>
          <dl className="gw-definition-list">
            <dt>Status</dt>
            <dd>
              <StatusBadge kind="assignment" status={a.status}>
                {assignmentStatusLabel[a.status]}
              </StatusBadge>
              {a.revokedReason ? ` Reden: ${a.revokedReason}` : null}
            </dd>
            <dt>Tegoed over</dt>
            <dd>
              <Money cents={a.balanceCents} /> van <Money cents={a.amountCents} />
            </dd>
            <dt>Geldig</dt>
            <dd>
              {formatDay(a.validFrom)} tot en met {formatDay(a.validUntil)}
            </dd>
            <dt>Voor</dt>
            <dd>{a.beneficiaryName ?? 'Het hele huishouden'}</dd>
          </dl>
          <details>
            <summary>Boekingen ({a.movements.length})</summary>
            <DataTable
              caption={`Boekingen op ${a.arrangementName}`}
              hideCaption
              headers={['Datum', 'Soort', 'Omschrijving', 'Bedrag']}
            >
              {a.movements.map((m) => (
                <tr key={`${m.id}-${m.amountCents}`}>
                  <td>{formatDateTime(m.at)}</td>
                  <td>{movementKindLabel[m.kind]}</td>
                  <td>{m.description}</td>
                  <td>
                    <Money cents={m.amountCents} />
                  </td>
                </tr>
              ))}
            </DataTable>
          </details>
          {a.status !== 'REVOKED' ? (
            revoking === a.id ? (
              <RevokeForm
                assignment={a}
                onCancel={() => setRevoking(null)}
                onDone={(message) => {
                  setRevoking(null);
                  showNotice(message);
                }}
              />
            ) : (
              <p>
                <button
                  type="button"
                  className="gw-button gw-button--secondary"
                  onClick={() => setRevoking(a.id)}
                  aria-describedby={`toewijzing-${a.id}`}
                >
                  Intrekken
                </button>
              </p>
            )
          ) : null}
        </section>
      ))}
    </Page>
  );
}
