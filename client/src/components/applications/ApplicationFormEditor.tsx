import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { Alert } from '@/components/ui/Alert';
import { graphql } from '@/graphql/generated';
import { useShowNotice } from '@/lib/notice';
import { urls } from '@/lib/urls';
import { Link } from 'react-router';

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

const EXAMPLE_CRITERIA = [
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
 * the amount as their definition (JSON of src/rules/application.ts: types YES_NO, NUMBER, DATE, CHOICE; rules NONE,
 * MUST_BE_YES, RANGE, INCOME_LIMIT, YOUNGER_THAN, ONE_OF; proof NONE, OPTIONAL, REQUIRED). The server checks it with
 * the shared rules and says per question what is wrong.
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
  const [save] = useMutation(SaveApplicationFormDocument);
  const notice = useShowNotice();
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  if (query.loading && !query.data) return <p>Aanvraagformulier laden…</p>;
  if (query.error && !query.data)
    return (
      <Alert variant="error">
        <p>Het aanvraagformulier kon niet worden geladen.</p>
      </Alert>
    );
  const form = query.data?.adminApplicationForm;
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
          let criteria: unknown;
          let amount: unknown;
          try {
            criteria = JSON.parse(String(data.get('criteria') ?? '[]'));
            amount = JSON.parse(String(data.get('amount') ?? '{}'));
          } catch {
            return setProblems([
              'De vragen of het bedrag zijn geen geldige JSON. Controleer haakjes en aanhalingstekens.',
            ]);
          }
          setBusy(true);
          try {
            const r = await save({
              variables: {
                arrangementId,
                input: {
                  open: data.get('open') === 'ja',
                  opensOn: String(data.get('opensOn') ?? ''),
                  closesOn: String(data.get('closesOn') ?? ''),
                  criteria: criteria as Record<string, unknown>[],
                  amount: amount as Record<string, unknown>,
                },
              },
            });
            const errors = r.data?.saveApplicationForm.errors ?? [];
            setProblems(errors.map((x) => (x.field ? `${x.field}: ${x.message}` : x.message)));
            if (!errors.length) {
              notice('Het aanvraagformulier is opgeslagen.');
              void query.refetch();
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
        <div className="gw-field">
          <label htmlFor="aanvragen-criteria">Vragen (voorwaarden) als JSON</label>
          <p className="gw-field__hint" id="aanvragen-criteria-hint">
            Per vraag: key, type (YES_NO, NUMBER, DATE, CHOICE), question, rule (kind: NONE, MUST_BE_YES, RANGE,
            INCOME_LIMIT, YOUNGER_THAN, ONE_OF) en proof (NONE, OPTIONAL, REQUIRED).
          </p>
          <textarea
            className="gw-input gw-input--code"
            id="aanvragen-criteria"
            name="criteria"
            rows={12}
            aria-describedby="aanvragen-criteria-hint"
            defaultValue={JSON.stringify(form?.criteria ?? EXAMPLE_CRITERIA, null, 2)}
          />
        </div>
        <div className="gw-field">
          <label htmlFor="aanvragen-amount">Bedrag als JSON</label>
          <p className="gw-field__hint" id="aanvragen-amount-hint">
            Vast: {'{"kind":"FIXED","cents":15000}'}; per kind:{' '}
            {'{"kind":"PER_RECORD","cents":15000,"criterion":"kinderen","youngerThan":18}'}.
          </p>
          <textarea
            className="gw-input gw-input--code"
            id="aanvragen-amount"
            name="amount"
            rows={3}
            aria-describedby="aanvragen-amount-hint"
            defaultValue={JSON.stringify(form?.amount ?? { kind: 'FIXED', cents: 10000 })}
          />
        </div>
        <button className="gw-button" type="submit" disabled={busy}>
          Aanvraagformulier opslaan
        </button>
      </form>
    </section>
  );
}
