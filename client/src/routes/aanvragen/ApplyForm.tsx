import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { Link, useNavigate } from 'react-router';
import {
  checkAnswers,
  expectedAmountCents,
  type Answers,
  type ApplicationFormDefinition,
  type SocialMinimumTable,
} from '@rules/application';
import { Alert } from '@/components/ui/Alert';
import { formatCents } from '@/components/money/formatCents';
import { AnswerField, answerText } from '@/components/applications/AnswerField';
import { todayInAmsterdam, uploadProof } from '@/components/applications/applications.graphql';
import { graphql } from '@/graphql/generated';
import { urls } from '@/lib/urls';
import { withNotice } from '@/lib/notice';
import { KnownHousehold } from './KnownHousehold';

const MyDraftsDocument = graphql(`
  query MyApplicationDrafts {
    myApplications {
      id
      number
      status
      arrangementId
      answers
      proofs {
        id
        criterionKey
      }
    }
  }
`);

const SaveDraftDocument = graphql(`
  mutation SaveApplicationDraft($arrangementId: ID!, $answers: JSONObject!) {
    saveApplicationDraft(arrangementId: $arrangementId, answers: $answers) {
      application {
        id
        number
        expectedAmountCents
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const SubmitDocument = graphql(`
  mutation SubmitApplication($id: ID!) {
    submitApplication(id: $id) {
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

const NETWORK = 'Er is geen verbinding. Controleer uw internetverbinding en probeer het opnieuw.';

interface ApplyFormProps {
  arrangementId: string;
  form: Pick<ApplicationFormDefinition, 'criteria' | 'amount'>;
  socialMinimum: SocialMinimumTable;
}

/**
 * The resident's application, one question per step with a step indicator, saved as a draft at every step (so they
 * can come back), proof from a phone's camera or files where a question asks for it, and a summary with the expected
 * amount before sending. The answers are checked with the shared rules first, then by the server.
 */
export function ApplyForm({ arrangementId, form, socialMinimum }: ApplyFormProps) {
  const navigate = useNavigate();
  const mine = useQuery(MyDraftsDocument, { fetchPolicy: 'network-only' });
  const [saveDraft] = useMutation(SaveDraftDocument);
  const [submit] = useMutation(SubmitDocument);
  const [answers, setAnswers] = useState<Answers>({});
  const [applicationId, setApplicationId] = useState<string | null>(null);
  const [proofCount, setProofCount] = useState<Record<string, number>>({});
  const [step, setStep] = useState(0);
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [uploadMessage, setUploadMessage] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const restored = useRef(false);

  const existing = mine.data?.myApplications.filter((a) => a.arrangementId === arrangementId) ?? [];
  const draft = existing.find((a) => a.status === 'DRAFT');
  const open = existing.find((a) => ['SUBMITTED', 'IN_ASSESSMENT', 'WAITING_FOR_RESIDENT'].includes(a.status));
  useEffect(() => {
    if (restored.current || !draft) return;
    restored.current = true;
    setAnswers(draft.answers as Answers);
    setApplicationId(draft.id);
    const counts: Record<string, number> = {};
    for (const p of draft.proofs) counts[p.criterionKey] = (counts[p.criterionKey] ?? 0) + 1;
    setProofCount(counts);
  }, [draft]);
  useEffect(() => {
    if (restored.current || step > 0) heading.current?.focus();
  }, [step]);

  if (mine.loading && !mine.data) return <p>Uw gegevens worden geladen…</p>;
  if (open)
    return (
      <Alert variant="info">
        <p>
          U hebt deze regeling al aangevraagd (aanvraag {open.number}).{' '}
          <Link to={urls.account.application(open.id)}>Bekijk uw aanvraag</Link>.
        </p>
      </Alert>
    );

  const total = form.criteria.length;
  const env = { today: todayInAmsterdam(), socialMinimum };
  const current = form.criteria[step];

  async function next() {
    if (!current) return;
    setProblems([]);
    const checked = checkAnswers(form, answers, env, { only: [current.key] });
    const local = checked.problems[0] ?? checked.notMet[0];
    if (local) return setFieldError(local.message);
    setFieldError(null);
    setBusy(true);
    try {
      const r = await saveDraft({ variables: { arrangementId, answers } });
      const payload = r.data?.saveApplicationDraft;
      if (!payload) return setProblems([NETWORK]);
      if (payload.errors.length) {
        const own = payload.errors.find((e) => e.field === `answers.${current.key}`);
        if (own) setFieldError(own.message);
        else setProblems(payload.errors.map((e) => e.message));
        return;
      }
      setApplicationId(payload.application!.id);
      setStep(step + 1);
    } catch {
      setProblems([NETWORK]);
    } finally {
      setBusy(false);
    }
  }

  async function send() {
    if (!applicationId) return;
    setBusy(true);
    setProblems([]);
    try {
      const r = await submit({ variables: { id: applicationId } });
      const payload = r.data?.submitApplication;
      if (!payload) return setProblems([NETWORK]);
      if (payload.errors.length) return setProblems(payload.errors.map((e) => e.message));
      await navigate(urls.account.application(applicationId), {
        state: withNotice('Uw aanvraag is verstuurd. U krijgt bericht zodra de gemeente die heeft beoordeeld.'),
      });
    } catch {
      setProblems([NETWORK]);
    } finally {
      setBusy(false);
    }
  }

  async function addProof(file: File | undefined) {
    if (!file || !current) return;
    setBusy(true);
    // The file belongs to the draft: save it first when this is its first step.
    let id = applicationId;
    if (!id) {
      try {
        const r = await saveDraft({ variables: { arrangementId, answers: { ...answers, [current.key]: undefined } } });
        id = r.data?.saveApplicationDraft.application?.id ?? null;
        const errors = r.data?.saveApplicationDraft.errors ?? [];
        if (errors.length) setProblems(errors.map((e) => e.message));
      } catch {
        setProblems([NETWORK]);
      }
      if (!id) return setBusy(false);
      setApplicationId(id);
    }
    const problem = await uploadProof(id, current.key, file);
    setBusy(false);
    setUploadMessage(problem ?? `${file.name} is toegevoegd.`);
    if (!problem) setProofCount((c) => ({ ...c, [current.key]: (c[current.key] ?? 0) + 1 }));
  }

  const problemList = problems.length ? (
    <Alert variant="error" role="alert" title="Dit is nog niet gelukt">
      <ul>
        {problems.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
    </Alert>
  ) : null;

  if (!current) {
    const amount = expectedAmountCents(form, answers, env.today);
    return (
      <section aria-labelledby="aanvraag-stap">
        <h2 id="aanvraag-stap" ref={heading} tabIndex={-1}>
          Controleer uw aanvraag
        </h2>
        <p className="gw-step">
          Stap {total + 1} van {total + 1}
        </p>
        {problemList}
        <dl className="gw-definition-list">
          {form.criteria.map((c, i) => (
            <div key={c.key}>
              <dt>{c.question}</dt>
              <dd>
                {answerText(c, answers[c.key])}
                {proofCount[c.key]
                  ? ` (${proofCount[c.key]} bewijsstuk${proofCount[c.key] === 1 ? '' : 'ken'})`
                  : ''}{' '}
                <button type="button" className="gw-link-button" onClick={() => setStep(i)}>
                  Wijzig<span className="gw-visually-hidden"> {c.question}</span>
                </button>
              </dd>
            </div>
          ))}
        </dl>
        <p>
          Verwacht bedrag: <strong>{formatCents(amount)}</strong>. De gemeente beslist; u krijgt daarover bericht.
        </p>
        <div className="gw-actions">
          <button type="button" className="gw-button gw-button--secondary" onClick={() => setStep(total - 1)}>
            Vorige
          </button>
          <button type="button" className="gw-button" disabled={busy} onClick={() => void send()}>
            Aanvraag versturen
          </button>
        </div>
        <p>Uw aanvraag is als concept bewaard. U kunt later verder gaan bij Mijn aanvragen.</p>
      </section>
    );
  }

  return (
    <>
      {step === 0 ? <KnownHousehold /> : null}
      <section aria-labelledby="aanvraag-stap">
        <h2 id="aanvraag-stap" ref={heading} tabIndex={-1}>
          Vraag {step + 1}
        </h2>
        <p className="gw-step">
          Stap {step + 1} van {total + 1}
        </p>
        {problemList}
        <form
          className="gw-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void next();
          }}
        >
          <AnswerField
            criterion={current}
            idPrefix="aanvraag"
            value={answers[current.key]}
            error={fieldError}
            onChange={(v) => setAnswers((a) => ({ ...a, [current.key]: v }))}
          />
          {current.proof !== 'NONE' ? (
            <div className="gw-field">
              <label htmlFor="aanvraag-bewijs">
                Bewijs{current.proofHint ? `: ${current.proofHint}` : ''} (
                {current.proof === 'REQUIRED' ? 'verplicht' : 'niet verplicht'})
              </label>
              <p className="gw-field__hint" id="aanvraag-bewijs-hint">
                Een foto of een PDF-bestand.
                {proofCount[current.key] ? ` U hebt ${proofCount[current.key]} bestand(en) toegevoegd.` : ''}
              </p>
              <input
                id="aanvraag-bewijs"
                type="file"
                accept="image/jpeg,image/png,image/webp,application/pdf"
                aria-describedby="aanvraag-bewijs-hint"
                disabled={busy}
                onChange={(e) => void addProof(e.target.files?.[0])}
              />
              <p role="status">{uploadMessage}</p>
            </div>
          ) : null}
          <div className="gw-actions">
            {step > 0 ? (
              <button type="button" className="gw-button gw-button--secondary" onClick={() => setStep(step - 1)}>
                Vorige
              </button>
            ) : null}
            <button type="submit" className="gw-button" disabled={busy}>
              Volgende
            </button>
          </div>
        </form>
      </section>
    </>
  );
}
