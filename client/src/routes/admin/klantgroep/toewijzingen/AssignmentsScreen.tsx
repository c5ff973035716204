import { useMutation, useQuery } from '@apollo/client/react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { formatDateTime } from '../../../../components/dates/formatDate';
import { TextAreaField } from '../../../../components/forms/fields';
import { NETWORK_ERROR } from '../../../../components/forms/formErrors';
import { Page } from '../../../../components/layout/Page';
import { Money } from '../../../../components/money/Money';
import { Alert } from '../../../../components/ui/Alert';
import { QueryError } from '../../../../components/ui/QueryError';
import { graphql } from '../../../../graphql/generated';
import type { AdminAssignmentsQuery, LedgerMovementKind } from '../../../../graphql/generated/graphql';
import { urls } from '../../../../lib/urls';
import { assignmentStatusLabel, formatDay, LoadingPage, RecordNotFound } from '../shared';

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

const movementLabel: Record<LedgerMovementKind, string> = {
  GRANT: 'Toegekend',
  REVOKE: 'Ingetrokken',
  SPEND: 'Besteed',
  CANCEL: 'Terug na annulering',
  REFUND: 'Terugbetaald',
  CONTRIBUTION: 'Eigen bijdrage',
  PAYOUT: 'Uitbetaald',
  REVERSAL: 'Correctie',
};

function RevokeForm({ assignment, onDone, onCancel }: { assignment: Assignment; onDone: (message: string) => void; onCancel: () => void }) {
  const [revoke, state] = useMutation(RevokeAssignmentDocument, { refetchQueries: ['AdminAssignments', 'AdminClientGroup'] });
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const id = useId();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '').trim();
    setFormError(null);
    if (reason.length < 3 || reason.length > 500) {
      setError('Geef een reden op (3 tot 500 tekens).');
      reasonRef.current?.focus();
      return;
    }
    setError(null);
    try {
      const result = await revoke({ variables: { id: assignment.id, reason } });
      const payload = result.data?.revokeAssignment;
      if (payload?.assignment) {
        onDone(`De toewijzing ‘${assignment.arrangementName}’ is ingetrokken. Het resterende tegoed is teruggeboekt naar de regeling.`);
        return;
      }
      const reasonError = payload?.errors.find((e) => e.field === 'reason');
      if (reasonError) {
        setError(reasonError.message);
        reasonRef.current?.focus();
      } else setFormError(payload?.errors.map((e) => e.message).join(' ') || NETWORK_ERROR);
    } catch {
      setFormError(NETWORK_ERROR);
    }
  }

  return (
    <form className="gw-form" noValidate onSubmit={(e) => void onSubmit(e)} aria-labelledby={`${id}-kop`}>
      <h3 id={`${id}-kop`}>Toewijzing intrekken</h3>
      {formError ? (
        <Alert variant="error" role="alert">
          <p>{formError}</p>
        </Alert>
      ) : null}
      <p>
        Het tegoed dat nog over is (<Money cents={assignment.balanceCents} />) gaat terug naar de regeling. Het huishouden kan het daarna
        niet meer besteden. Dit kunt u niet ongedaan maken.
      </p>
      <TextAreaField
        ref={reasonRef}
        label="Reden van intrekken"
        name="reason"
        rows={3}
        maxLength={500}
        hint="Bijvoorbeeld ‘Verhuisd naar een andere gemeente’. De reden wordt bij de toewijzing bewaard."
        error={error}
        required
      />
      <div className="gw-form-actions">
        <button type="submit" className="gw-button gw-button--danger" disabled={state.loading}>
          Toewijzing intrekken
        </button>
        <button type="button" className="gw-button gw-button--secondary" onClick={onCancel}>
          Annuleren
        </button>
      </div>
    </form>
  );
}

/** /admin/klantgroep/:clientId/toewijzingen: the household's budgets with balance, validity, status and bookings. */
export default function AssignmentsScreen() {
  const { clientId = '' } = useParams();
  const { data, loading, error, refetch } = useQuery(AdminAssignmentsDocument, { variables: { id: clientId }, fetchPolicy: 'cache-and-network' });
  const [revoking, setRevoking] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null); // a notice from the previous screen is shown by Page

  if (loading && !data) return <LoadingPage title="Toewijzingen" />;
  if (error && !data) {
    return (
      <Page title="Toewijzingen">
        <QueryError message="De toewijzingen konden niet worden geladen." onRetry={() => void refetch()} />
      </Page>
    );
  }
  const group = data?.clientGroup;
  if (!group) return <RecordNotFound title="Klantgroep niet gevonden" />;
  const assignments = data?.clientGroupAssignments ?? [];

  return (
    <Page title={`Toewijzingen van ${group.name}`} crumb="Toewijzingen" lead={`Klantnummer ${group.clientNumber}. Het tegoed komt uit het grootboek: elke boeking staat hieronder.`}>
      {notice ? (
        <Alert variant="success" role="status">
          <p>{notice}</p>
        </Alert>
      ) : null}
      <p>
        <Link to={urls.admin.clientGroupNewAssignment(group.id)} className="gw-button">
          Nieuwe toewijzing
        </Link>
      </p>
      {assignments.length === 0 ? <p>Dit huishouden heeft nog geen toewijzingen.</p> : null}
      {assignments.map((a) => (
        <section key={a.id} className="gw-card" aria-labelledby={`toewijzing-${a.id}`} style={{ marginBottom: '1.5rem', gap: '0.75rem', height: 'auto' }}>
          <h2 id={`toewijzing-${a.id}`}>
            {a.arrangementName}
            {a.beneficiaryName ? ` voor ${a.beneficiaryName}` : ''}
          </h2>
          <dl className="gw-definition-list">
            <dt>Status</dt>
            <dd>
              <span className="gw-tag">{assignmentStatusLabel[a.status]}</span>
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
            <div className="gw-table-wrapper">
              <table className="gw-table">
                <caption className="gw-visually-hidden">Boekingen op {a.arrangementName}</caption>
                <thead>
                  <tr>
                    <th scope="col">Datum</th>
                    <th scope="col">Soort</th>
                    <th scope="col">Omschrijving</th>
                    <th scope="col">Bedrag</th>
                  </tr>
                </thead>
                <tbody>
                  {a.movements.map((m) => (
                    <tr key={`${m.id}-${m.amountCents}`}>
                      <td>{formatDateTime(m.at)}</td>
                      <td>{movementLabel[m.kind]}</td>
                      <td>{m.description}</td>
                      <td>
                        <Money cents={m.amountCents} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
          {a.status !== 'REVOKED' ? (
            revoking === a.id ? (
              <RevokeForm
                assignment={a}
                onCancel={() => setRevoking(null)}
                onDone={(message) => {
                  setRevoking(null);
                  setNotice(message);
                }}
              />
            ) : (
              <p>
                <button type="button" className="gw-button gw-button--secondary" onClick={() => setRevoking(a.id)} aria-describedby={`toewijzing-${a.id}`}>
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
