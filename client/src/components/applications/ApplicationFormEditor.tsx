import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { Alert } from '@/components/ui/Alert';
import { graphql } from '@/graphql/generated';
import type { AdminApplicationFormQuery } from '@/graphql/generated/graphql';
import { useShowNotice } from '@/lib/notice';
import { urls } from '@/lib/urls';
import { Link } from 'react-router';
import type { AmountDefinition, CriterionDefinition } from '@rules/application';
import { CriteriaEditor } from './CriteriaEditor';

const AdminApplicationFormDocument = graphql(`
  query AdminApplicationForm($arrangementId: ID!) {
    adminApplicationForm(arrangementId: $arrangementId) {
      arrangementId
      municipalitySlug
      open
      openNow
      opensOn
      closesOn
      criteria
      amount
    }
  }
`);

const SaveApplicationFormDocument = graphql(`
  mutation SaveApplicationForm($arrangementId: ID!, $input: ApplicationFormInput!) {
    saveApplicationForm(arrangementId: $arrangementId, input: $input) {
      form {
        arrangementId
        open
        openNow
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const EXAMPLE_CRITERIA: CriterionDefinition[] = [
  {
    key: 'woonplaats',
    type: 'YES_NO',
    question: 'Woont u in de gemeente?',
    rule: { kind: 'MUST_BE_YES' },
    proof: 'NONE',
  },
];

/**
 * Online applications for an arrangement (beheer of the arrangement): open or not, the period, and the questions and
 * the amount, edited as form fields (CriteriaEditor) that build the definition of src/rules/application.ts. The server
 * checks it with the shared rules and says per question what is wrong.
 */
export function ApplicationFormEditor({
  arrangementId,
  validFrom,
  validUntil,
}: {
  arrangementId: string;
  validFrom: string;
  validUntil: string;
}) {
  const query = useQuery(AdminApplicationFormDocument, { variables: { arrangementId } });
  if (query.loading && !query.data) return <p>Aanvraagformulier laden…</p>;
  if (query.error && !query.data)
    return (
      <Alert variant="error">
        <p>Het aanvraagformulier kon niet worden geladen.</p>
      </Alert>
    );
  const form = query.data?.adminApplicationForm;
  return (
    <EditorForm
      key={form ? 'saved' : 'new'}
      arrangementId={arrangementId}
      validFrom={validFrom}
      validUntil={validUntil}
      form={form ?? null}
      onSaved={() => void query.refetch()}
    />
  );
}

/** Where a problem is, in words: `criteria.2.rule.percent` → "Vraag 3: ", `amount.cents` → "Bedrag: ". */
function whereOf(field: string | null | undefined): string {
  if (!field) return '';
  const question = /^criteria\.(\d+)/.exec(field);
  if (question) return `Vraag ${Number(question[1]) + 1}: `;
  if (field.startsWith('amount')) return 'Bedrag: ';
  return '';
}

type SavedForm = NonNullable<AdminApplicationFormQuery['adminApplicationForm']>;

function EditorForm({
  arrangementId,
  validFrom,
  validUntil,
  form,
  onSaved,
}: {
  arrangementId: string;
  validFrom: string;
  validUntil: string;
  form: SavedForm | null;
  onSaved: () => void;
}) {
  const [save] = useMutation(SaveApplicationFormDocument);
  const notice = useShowNotice();
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [definition, setDefinition] = useState<{ criteria: CriterionDefinition[]; amount: AmountDefinition }>(() => ({
    criteria: (form?.criteria as unknown as CriterionDefinition[] | undefined) ?? EXAMPLE_CRITERIA,
    amount: (form?.amount as unknown as AmountDefinition | undefined) ?? { kind: 'FIXED', cents: 10000 },
  }));
  return (
    <section aria-labelledby="aanvragen-formulier">
      <h2 id="aanvragen-formulier">Online aanvragen</h2>
      {form?.openNow ? (
        <p>
          Inwoners kunnen deze regeling nu aanvragen:{' '}
          <Link to={urls.apply(form.municipalitySlug, form.arrangementId)}>bekijk de aanvraagpagina</Link>.
        </p>
      ) : (
        <p>Inwoners kunnen deze regeling nu niet online aanvragen.</p>
      )}
      {problems.length ? (
        <Alert variant="error" role="alert" title="Het formulier is niet opgeslagen">
          <ul>
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      <form
        className="gw-form"
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          const data = new FormData(e.currentTarget);
          setBusy(true);
          try {
            const r = await save({
              variables: {
                arrangementId,
                input: {
                  open: data.get('open') === 'ja',
                  opensOn: String(data.get('opensOn') ?? ''),
                  closesOn: String(data.get('closesOn') ?? ''),
                  criteria: definition.criteria as unknown as Record<string, unknown>[],
                  amount: definition.amount as unknown as Record<string, unknown>,
                },
              },
            });
            const errors = r.data?.saveApplicationForm.errors ?? [];
            setProblems(errors.map((x) => `${whereOf(x.field)}${x.message}`));
            if (!errors.length) {
              notice('Het aanvraagformulier is opgeslagen.');
              onSaved();
            }
          } catch {
            setProblems(['Er is geen verbinding. Probeer het opnieuw.']);
          } finally {
            setBusy(false);
          }
        }}
      >
        <div className="gw-checkbox">
          <input type="checkbox" id="aanvragen-open" name="open" value="ja" defaultChecked={form?.open ?? false} />
          <label htmlFor="aanvragen-open">Open voor aanvragen</label>
        </div>
        <div className="gw-field">
          <label htmlFor="aanvragen-opensOn">Aanvragen vanaf</label>
          <input
            className="gw-input"
            type="date"
            id="aanvragen-opensOn"
            name="opensOn"
            defaultValue={form?.opensOn ?? validFrom}
          />
        </div>
        <div className="gw-field">
          <label htmlFor="aanvragen-closesOn">Aanvragen tot en met</label>
          <input
            className="gw-input"
            type="date"
            id="aanvragen-closesOn"
            name="closesOn"
            defaultValue={form?.closesOn ?? validUntil}
          />
        </div>
        <CriteriaEditor criteria={definition.criteria} amount={definition.amount} onChange={setDefinition} />
        <button className="gw-button" type="submit" disabled={busy}>
          Aanvraagformulier opslaan
        </button>
      </form>
    </section>
  );
}
