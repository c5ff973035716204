import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useParams } from 'react-router';
import { checkAnswers, decisionReason, questionToResident, type CriterionDefinition } from '@rules/application';
import { Page } from '@/components/layout/Page';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import { Alert } from '@/components/ui/Alert';
import { DataTable } from '@/components/ui/DataTable';
import { formatDate } from '@/components/dates/formatDate';
import { formatCents } from '@/components/money/formatCents';
import { parseEuros } from '@/components/money/euros';
import { useMutationForm } from '@/components/forms/useMutationForm';
import { RadioGroup, SelectField, TextAreaField } from '@/components/forms/fields';
import { TextField } from '@/components/forms/TextField';
import { ruleCheck } from '@/components/forms/ruleCheck';
import { answerText } from '@/components/applications/AnswerField';
import { ApplicationTimeline } from '@/components/applications/ApplicationTimeline';
import { staffApplicationStatusLabel } from '@/vocabulary/applicationStatus';
import { proofUrl, todayInAmsterdam } from '@/components/applications/applications.graphql';
import { graphql } from '@/graphql/generated';
import type { AdminApplicationQuery } from '@/graphql/generated/graphql';
import { useShowNotice } from '@/lib/notice';
import { hasPermission, useViewer } from '@/lib/viewer';

const AdminApplicationDocument = graphql(`
  query AdminApplication($id: ID!) {
    application(id: $id) {
      ...ApplicationDetailFields @unmask
      applicantName
      clientNumber
      assessorId
      assessorName
      assessments {
        criterionKey
        met
        note
      }
      proposal {
        decision
        amountCents
        reason
        proposedByName
        at
      }
    }
  }
`);

const AssessDocument = graphql(`
  mutation AssessApplicationCriterion($input: AssessCriterionInput!) {
    assessApplicationCriterion(input: $input) {
      application {
        id
        status
        assessments {
          criterionKey
          met
          note
        }
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const AskDocument = graphql(`
  mutation AskApplicant($id: ID!, $question: String!) {
    askApplicant(id: $id, question: $question) {
      application {
        id
        status
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const DecideDocument = graphql(`
  mutation DecideApplication($input: DecideApplicationInput!) {
    decideApplication(input: $input) {
      application {
        id
        status
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const AssessorsDocument = graphql(`
  query ApplicationAssessors($id: ID!) {
    applicationAssessors(id: $id) {
      id
      name
    }
  }
`);

const AssignDocument = graphql(`
  mutation AssignApplication($id: ID!, $assessorId: ID) {
    assignApplication(id: $id, assessorId: $assessorId) {
      application {
        id
        status
        assessorId
        assessorName
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const ConfirmDocument = graphql(`
  mutation ConfirmApplicationDecision($id: ID!) {
    confirmApplicationDecision(id: $id) {
      application {
        id
        status
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

type Application = NonNullable<AdminApplicationQuery['application']>;
const OPEN = ['SUBMITTED', 'IN_ASSESSMENT'];

/** /admin/aanvragen/{id}: the answers beside the proof, a verdict per criterion, ask, approve (partly), decline. */
export default function ApplicationScreen() {
  const { applicationId = '' } = useParams();
  const query = useQuery(AdminApplicationDocument, { variables: { id: applicationId } });
  return (
    <QueryBoundary
      query={query}
      select={(d) => d.application}
      title="Aanvraag"
      errorMessage="De aanvraag kon niet worden geladen."
    >
      {(a) => <AssessPage application={a} refetch={() => void query.refetch()} />}
    </QueryBoundary>
  );
}

function AssessPage({ application: a, refetch }: { application: Application; refetch: () => void }) {
  const criteria = a.criteria as unknown as CriterionDefinition[];
  const answers = a.answers as Record<string, string | string[]>;
  const { viewer } = useViewer();
  const open = OPEN.includes(a.status);
  return (
    <Page title={`Aanvraag ${a.number}`} lead={`${a.arrangementName} – ${a.applicantName ?? ''}`}>
      <dl className="gw-definition-list">
        <dt>Status</dt>
        <dd>
          <strong>{staffApplicationStatusLabel[a.status]}</strong>
        </dd>
        <dt>Klantnummer</dt>
        <dd>{a.clientNumber}</dd>
        <dt>Ingediend</dt>
        <dd>{a.submittedAt ? formatDate(a.submittedAt) : '–'}</dd>
        <dt>Beoordelaar</dt>
        <dd>{a.assessorName ?? 'Nog niemand'}</dd>
        <dt>Verwacht bedrag</dt>
        <dd>{formatCents(a.expectedAmountCents)}</dd>
        {a.decidedAmountCents != null ? (
          <>
            <dt>Toegekend bedrag</dt>
            <dd>{formatCents(a.decidedAmountCents)}</dd>
          </>
        ) : null}
        {a.decisionReason ? (
          <>
            <dt>Reden</dt>
            <dd>{a.decisionReason}</dd>
          </>
        ) : null}
      </dl>
      {a.openQuestion ? (
        <Alert variant="info" title="Vraag aan de aanvrager">
          <p>{a.openQuestion}</p>
        </Alert>
      ) : null}
      {open ? <ChooseAssessor application={a} onDone={refetch} /> : null}
      <Criteria application={a} criteria={criteria} answers={answers} open={open} onDone={refetch} />
      {a.proposal ? (
        <Confirm application={a} canConfirm={hasPermission(viewer, 'APPLICATION_DECIDE_HIGH')} onDone={refetch} />
      ) : null}
      {open && !a.proposal ? (
        <>
          <Ask id={a.id} onDone={refetch} />
          <Decide application={a} onDone={refetch} />
        </>
      ) : null}
      <ApplicationTimeline steps={a.timeline} />
    </Page>
  );
}

function Criteria({
  application: a,
  criteria,
  answers,
  open,
  onDone,
}: {
  application: Application;
  criteria: CriterionDefinition[];
  answers: Record<string, string | string[]>;
  open: boolean;
  onDone: () => void;
}) {
  const [assess] = useMutation(AssessDocument);
  const [problem, setProblem] = useState<string | null>(null);
  // The rules as the resident's answers met them (the same shared rules); the social minimum is the server's check.
  const rules = checkAnswers({ criteria }, answers, { today: todayInAmsterdam(), socialMinimum: {} });
  const verdict = async (criterionKey: string, met: boolean) => {
    setProblem(null);
    try {
      const r = await assess({ variables: { input: { applicationId: a.id, criterionKey, met } } });
      const errors = r.data?.assessApplicationCriterion.errors ?? [];
      if (errors.length) setProblem(errors[0]!.message);
      else onDone();
    } catch {
      setProblem('Er is geen verbinding. Probeer het opnieuw.');
    }
  };
  return (
    <section aria-labelledby="voorwaarden">
      <h2 id="voorwaarden">Antwoorden en bewijs</h2>
      {problem ? (
        <Alert variant="error" role="alert">
          <p>{problem}</p>
        </Alert>
      ) : null}
      <DataTable
        caption="Antwoorden per voorwaarde"
        hideCaption
        headers={['Vraag', 'Antwoord', 'Bewijs', 'Beoordeling']}
      >
        {criteria.map((c) => {
          const verdictOf = a.assessments.find((x) => x.criterionKey === c.key);
          const proofs = a.proofs.filter((p) => p.criterionKey === c.key);
          const ruleNotMet = rules.notMet.find((p) => p.field === `answers.${c.key}`);
          return (
            <tr key={c.key}>
              <th scope="row">{c.question}</th>
              <td>
                {answerText(c, answers[c.key])}
                {ruleNotMet && c.rule.kind !== 'INCOME_LIMIT' ? <p>Let op: {ruleNotMet.message}</p> : null}
              </td>
              <td>
                {proofs.length === 0 ? (
                  c.proof === 'NONE' ? (
                    'Niet gevraagd'
                  ) : (
                    'Geen'
                  )
                ) : (
                  <ul className="gw-plain-list">
                    {proofs.map((p, i) =>
                      p.purged ? (
                        <li key={p.id}>Verwijderd na de bewaartermijn</li>
                      ) : p.contentType === 'application/pdf' ? (
                        <li key={p.id}>
                          <a href={proofUrl(a.id, p.id)} download>
                            PDF {i + 1} downloaden
                          </a>
                        </li>
                      ) : (
                        <li key={p.id}>
                          <a href={proofUrl(a.id, p.id)} target="_blank" rel="noreferrer">
                            <img
                              src={proofUrl(a.id, p.id)}
                              alt={`Bewijs ${i + 1} bij: ${c.question}`}
                              className="gw-proof-thumbnail"
                              width={160}
                            />
                          </a>
                        </li>
                      ),
                    )}
                  </ul>
                )}
              </td>
              <td>
                {verdictOf ? (verdictOf.met ? 'Voldaan' : 'Niet voldaan') : 'Nog niet beoordeeld'}
                {verdictOf?.note ? <p>{verdictOf.note}</p> : null}
                {open ? (
                  <div className="gw-actions">
                    <button
                      type="button"
                      className="gw-button gw-button--secondary"
                      onClick={() => void verdict(c.key, true)}
                    >
                      Voldaan<span className="gw-visually-hidden">: {c.question}</span>
                    </button>
                    <button
                      type="button"
                      className="gw-button gw-button--secondary"
                      onClick={() => void verdict(c.key, false)}
                    >
                      Niet voldaan<span className="gw-visually-hidden">: {c.question}</span>
                    </button>
                  </div>
                ) : null}
              </td>
            </tr>
          );
        })}
      </DataTable>
    </section>
  );
}

/** The choice of assessor: staff reaching the municipality who may assess, or nobody (back to the queue). */
function ChooseAssessor({ application: a, onDone }: { application: Application; onDone: () => void }) {
  const assessors = useQuery(AssessorsDocument, { variables: { id: a.id } });
  const [assign] = useMutation(AssignDocument);
  const notice = useShowNotice();
  const form = useMutationForm({
    id: 'beoordelaar',
    fields: ['assessorId'] as const,
    mutate: async ({ assessorId }) =>
      (await assign({ variables: { id: a.id, assessorId: assessorId || null } })).data?.assignApplication,
    onSuccess: (payload) => {
      const name = payload?.application?.assessorName;
      notice(
        name ? `${name} beoordeelt deze aanvraag nu.` : 'De aanvraag staat weer in de wachtrij, zonder beoordelaar.',
      );
      onDone();
    },
  });
  const options = assessors.data?.applicationAssessors ?? [];
  return (
    <section aria-labelledby="beoordelaar-kiezen">
      <h2 id="beoordelaar-kiezen">Beoordelaar</h2>
      <form className="gw-form" {...form.props}>
        {form.summary}
        <SelectField
          label="Wie beoordeelt deze aanvraag?"
          hint={
            assessors.loading
              ? 'De medewerkers worden geladen…'
              : 'Medewerkers van deze gemeente die aanvragen mogen beoordelen.'
          }
          defaultValue={a.assessorId ?? ''}
          key={a.assessorId ?? ''}
          {...form.field('assessorId')}
        >
          <option value="">Nog niemand (in de wachtrij)</option>
          {options.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </SelectField>
        <button type="submit" className="gw-button gw-button--secondary" disabled={form.busy || assessors.loading}>
          Beoordelaar opslaan
        </button>
      </form>
    </section>
  );
}

function Ask({ id, onDone }: { id: string; onDone: () => void }) {
  const [ask] = useMutation(AskDocument);
  const notice = useShowNotice();
  const form = useMutationForm({
    id: 'vraag',
    fields: ['question'] as const,
    check: ruleCheck({ question: questionToResident }),
    mutate: async ({ question }) => (await ask({ variables: { id, question } })).data?.askApplicant,
    onSuccess: () => {
      notice('Uw vraag is naar de aanvrager gestuurd.', { focus: true });
      onDone();
    },
  });
  return (
    <section aria-labelledby="vraag-stellen">
      <h2 id="vraag-stellen">Vraag stellen aan de aanvrager</h2>
      <form className="gw-form" {...form.props}>
        {form.summary}
        <TextAreaField label="Uw vraag" rows={3} {...form.field('question')} />
        <button type="submit" className="gw-button gw-button--secondary" disabled={form.busy}>
          Vraag versturen
        </button>
      </form>
    </section>
  );
}

function Decide({ application: a, onDone }: { application: Application; onDone: () => void }) {
  const [decide] = useMutation(DecideDocument);
  const notice = useShowNotice();
  const form = useMutationForm({
    id: 'besluit',
    fields: ['decision', 'amountCents', 'reason'] as const,
    check: (values) => ({
      reason: values.decision === 'APPROVED' ? null : ruleCheck({ reason: decisionReason })(values).reason,
      amountCents:
        values.decision === 'PARTLY_APPROVED' && parseEuros(values.amountCents) === null
          ? 'Vul een bedrag in, bijvoorbeeld 75,00.'
          : null,
      decision: values.decision ? null : 'Kies een besluit.',
    }),
    mutate: async ({ decision, amountCents, reason }) =>
      (
        await decide({
          variables: {
            input: {
              applicationId: a.id,
              decision: decision as 'APPROVED' | 'PARTLY_APPROVED' | 'DECLINED',
              amountCents: decision === 'PARTLY_APPROVED' ? parseEuros(amountCents) : null,
              reason: decision === 'APPROVED' ? null : reason,
            },
          },
        })
      ).data?.decideApplication,
    onSuccess: () => {
      notice('Het besluit is vastgelegd.', { focus: true });
      onDone();
    },
  });
  return (
    <section aria-labelledby="besluiten">
      <h2 id="besluiten">Besluiten</h2>
      <form className="gw-form" {...form.props}>
        {form.summary}
        <RadioGroup
          legend="Besluit"
          options={[
            { value: 'APPROVED', label: `Toekennen (${formatCents(a.expectedAmountCents)})` },
            { value: 'PARTLY_APPROVED', label: 'Gedeeltelijk toekennen' },
            { value: 'DECLINED', label: 'Afwijzen' },
          ]}
          {...form.field('decision')}
        />
        <TextField
          label="Bedrag bij gedeeltelijk toekennen (in euro’s)"
          inputMode="decimal"
          {...form.field('amountCents')}
        />
        <TextAreaField
          label="Reden (de aanvrager leest deze; niet nodig bij toekennen)"
          rows={3}
          {...form.field('reason')}
        />
        <button type="submit" className="gw-button" disabled={form.busy}>
          Besluit vastleggen
        </button>
      </form>
    </section>
  );
}

function Confirm({
  application: a,
  canConfirm,
  onDone,
}: {
  application: Application;
  canConfirm: boolean;
  onDone: () => void;
}) {
  const [confirm] = useMutation(ConfirmDocument);
  const [problem, setProblem] = useState<string | null>(null);
  const p = a.proposal!;
  return (
    <section aria-labelledby="bevestigen">
      <h2 id="bevestigen">Besluit wacht op een tweede beoordelaar</h2>
      <p>
        {p.proposedByName} stelde voor: {p.decision === 'APPROVED' ? 'toekennen' : 'gedeeltelijk toekennen'},{' '}
        {formatCents(p.amountCents)}.{p.reason ? ` Reden: ${p.reason}` : ''}
      </p>
      {problem ? (
        <Alert variant="error" role="alert">
          <p>{problem}</p>
        </Alert>
      ) : null}
      {canConfirm ? (
        <button
          type="button"
          className="gw-button"
          onClick={async () => {
            try {
              const r = await confirm({ variables: { id: a.id } });
              const errors = r.data?.confirmApplicationDecision.errors ?? [];
              if (errors.length) setProblem(errors[0]!.message);
              else onDone();
            } catch {
              setProblem('Er is geen verbinding. Probeer het opnieuw.');
            }
          }}
        >
          Besluit bevestigen
        </button>
      ) : (
        <p>Een collega met het recht om hogere bedragen te bevestigen, moet dit besluit bevestigen.</p>
      )}
    </section>
  );
}
