import { useState } from 'react';
import { TextAreaField } from '@/components/forms/fields';
import { useMutation, useQuery } from '@apollo/client/react';
import { Link, useParams } from 'react-router';
import { answerToQuestion, type CriterionDefinition } from '@rules/application';
import { Page } from '@/components/layout/Page';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import { Alert } from '@/components/ui/Alert';
import { formatDate } from '@/components/dates/formatDate';
import { formatCents } from '@/components/money/formatCents';
import { useMutationForm } from '@/components/forms/useMutationForm';
import { ruleCheck } from '@/components/forms/ruleCheck';
import { answerText } from '@/components/applications/AnswerField';
import { ApplicationTimeline } from '@/components/applications/ApplicationTimeline';
import { applicationStatusLabel } from '@/vocabulary/applicationStatus';
import { uploadProof } from '@/components/applications/applications.graphql';
import { graphql } from '@/graphql/generated';
import type { MyApplicationQuery } from '@/graphql/generated/graphql';
import { urls } from '@/lib/urls';
import { useShowNotice } from '@/lib/notice';

const MyApplicationDocument = graphql(`
  query MyApplication($id: ID!) {
    myApplication(id: $id) {
      ...ApplicationDetailFields @unmask
    }
  }
`);

const AnswerDocument = graphql(`
  mutation AnswerApplicationQuestion($id: ID!, $answer: String!) {
    answerApplicationQuestion(id: $id, answer: $answer) {
      application {
        id
        status
        openQuestion
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const WithdrawDocument = graphql(`
  mutation WithdrawApplication($id: ID!) {
    withdrawApplication(id: $id) {
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

type Application = NonNullable<MyApplicationQuery['myApplication']>;

/** /account/aanvragen/{id}: the application's number, status, answers, decision and timeline; answer a question. */
export default function MyApplicationScreen() {
  const { applicationId = '' } = useParams();
  const query = useQuery(MyApplicationDocument, { variables: { id: applicationId } });
  return (
    <QueryBoundary
      query={query}
      select={(d) => d.myApplication}
      title="Aanvraag"
      errorMessage="Uw aanvraag kon niet worden geladen."
    >
      {(a) => <ApplicationPage application={a} refetch={() => void query.refetch()} />}
    </QueryBoundary>
  );
}

function ApplicationPage({ application: a, refetch }: { application: Application; refetch: () => void }) {
  const criteria = a.criteria as unknown as CriterionDefinition[];
  return (
    <Page title={`Aanvraag ${a.number}`} lead={a.arrangementName}>
      <dl className="gw-definition-list">
        <dt>Status</dt>
        <dd>
          <strong>{applicationStatusLabel[a.status]}</strong>
        </dd>
        <dt>Gemeente</dt>
        <dd>{a.municipalityName}</dd>
        {a.submittedAt ? (
          <>
            <dt>Ingediend</dt>
            <dd>{formatDate(a.submittedAt)}</dd>
          </>
        ) : null}
        <dt>{a.decidedAmountCents != null ? 'Toegekend bedrag' : 'Verwacht bedrag'}</dt>
        <dd>{formatCents(a.decidedAmountCents ?? a.expectedAmountCents)}</dd>
        {a.decisionReason ? (
          <>
            <dt>Reden</dt>
            <dd>{a.decisionReason}</dd>
          </>
        ) : null}
      </dl>
      {a.status === 'APPROVED' || a.status === 'PARTLY_APPROVED' ? (
        <Alert variant="success">
          <p>
            Het tegoed staat klaar. <Link to={urls.account.assignments()}>Bekijk uw regelingen</Link> of{' '}
            <Link to={urls.catalogue()}>bekijk het aanbod</Link>.
          </p>
        </Alert>
      ) : null}
      {a.status === 'DRAFT' ? (
        <p>
          Deze aanvraag is nog niet verstuurd. <Link to={urls.applyHome()}>Ga verder met aanvragen</Link>.
        </p>
      ) : null}
      {a.status === 'WAITING_FOR_RESIDENT' && a.openQuestion ? (
        <AnswerQuestion application={a} criteria={criteria} onDone={refetch} />
      ) : null}
      <section aria-labelledby="antwoorden">
        <h2 id="antwoorden">Uw antwoorden</h2>
        <dl className="gw-definition-list">
          {criteria.map((c) => (
            <div key={c.key}>
              <dt>{c.question}</dt>
              <dd>
                {answerText(c, (a.answers as Record<string, unknown>)[c.key])}
                {a.proofs.filter((p) => p.criterionKey === c.key).length
                  ? ` (bewijs: ${a.proofs.filter((p) => p.criterionKey === c.key).length} bestand(en))`
                  : ''}
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <ApplicationTimeline steps={a.timeline} />
      {['DRAFT', 'SUBMITTED', 'IN_ASSESSMENT', 'WAITING_FOR_RESIDENT'].includes(a.status) ? (
        <Withdraw id={a.id} onDone={refetch} />
      ) : null}
    </Page>
  );
}

function AnswerQuestion({
  application: a,
  criteria,
  onDone,
}: {
  application: Application;
  criteria: CriterionDefinition[];
  onDone: () => void;
}) {
  const [answer] = useMutation(AnswerDocument);
  const notice = useShowNotice();
  const [uploadMessage, setUploadMessage] = useState<string | null>(null);
  const withProof = criteria.filter((c) => c.proof !== 'NONE');
  const [proofKey, setProofKey] = useState(withProof[0]?.key ?? '');
  const form = useMutationForm({
    id: 'antwoord',
    fields: ['answer'] as const,
    check: ruleCheck({ answer: answerToQuestion }),
    mutate: async ({ answer: text }) =>
      (await answer({ variables: { id: a.id, answer: text } })).data?.answerApplicationQuestion,
    onSuccess: () => {
      notice('Uw antwoord is verstuurd.', { focus: true });
      onDone();
    },
  });
  return (
    <section aria-labelledby="vraag">
      <h2 id="vraag">Vraag van de gemeente</h2>
      <Alert variant="warning">
        <p>{a.openQuestion}</p>
      </Alert>
      {withProof.length ? (
        <div className="gw-field">
          {withProof.length > 1 ? (
            <>
              <label htmlFor="bewijs-vraag">Bij welke vraag hoort het bewijs?</label>
              <select
                id="bewijs-vraag"
                className="gw-input"
                value={proofKey}
                onChange={(e) => setProofKey(e.target.value)}
              >
                {withProof.map((c) => (
                  <option key={c.key} value={c.key}>
                    {c.question}
                  </option>
                ))}
              </select>
            </>
          ) : null}
          <label htmlFor="bewijs-bestand">Bewijs toevoegen (een foto of een PDF-bestand)</label>
          <input
            id="bewijs-bestand"
            type="file"
            accept="image/jpeg,image/png,image/webp,application/pdf"
            onChange={async (e) => {
              const file = e.target.files?.[0];
              if (!file) return;
              const problem = await uploadProof(a.id, proofKey, file);
              setUploadMessage(problem ?? `${file.name} is toegevoegd.`);
              if (!problem) onDone();
            }}
          />
          <p role="status">{uploadMessage}</p>
        </div>
      ) : null}
      <form className="gw-form" {...form.props}>
        {form.summary}
        <TextAreaField label="Uw antwoord" rows={4} {...form.field('answer')} />
        <button type="submit" className="gw-button" disabled={form.busy}>
          Antwoord versturen
        </button>
      </form>
    </section>
  );
}

function Withdraw({ id, onDone }: { id: string; onDone: () => void }) {
  const [withdraw] = useMutation(WithdrawDocument);
  const [problem, setProblem] = useState<string | null>(null);
  const [sure, setSure] = useState(false);
  return (
    <section aria-labelledby="intrekken">
      <h2 id="intrekken">Aanvraag intrekken</h2>
      {problem ? (
        <Alert variant="error" role="alert">
          <p>{problem}</p>
        </Alert>
      ) : null}
      {sure ? (
        <p>
          Weet u het zeker? Dit kunt u niet ongedaan maken.{' '}
          <button
            type="button"
            className="gw-button gw-button--danger"
            onClick={async () => {
              try {
                const r = await withdraw({ variables: { id } });
                const errors = r.data?.withdrawApplication.errors ?? [];
                if (errors.length) setProblem(errors[0]!.message);
                else onDone();
              } catch {
                setProblem('Er is geen verbinding. Probeer het opnieuw.');
              }
            }}
          >
            Ja, intrekken
          </button>{' '}
          <button type="button" className="gw-button gw-button--secondary" onClick={() => setSure(false)}>
            Nee
          </button>
        </p>
      ) : (
        <button type="button" className="gw-button gw-button--secondary" onClick={() => setSure(true)}>
          Aanvraag intrekken
        </button>
      )}
    </section>
  );
}
