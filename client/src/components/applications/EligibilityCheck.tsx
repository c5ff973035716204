import { useId, useState } from 'react';
import {
  checkAnswers,
  expectedAmountCents,
  type Answers,
  type ApplicationFormDefinition,
  type SocialMinimumTable,
} from '@rules/application';
import { formatCents } from '@/components/money/formatCents';
import { AnswerField } from './AnswerField';

interface EligibilityCheckProps {
  form: Pick<ApplicationFormDefinition, 'criteria' | 'amount'>;
  socialMinimum: SocialMinimumTable;
  today: string;
}

/**
 * "Kom ik in aanmerking?": the form's questions answered in the browser, checked with the very rules the server
 * applies (@rules/application), without logging in and without sending anything. An indication, not a decision.
 */
export function EligibilityCheck({ form, socialMinimum, today }: EligibilityCheckProps) {
  const id = useId();
  const [answers, setAnswers] = useState<Answers>({});
  const [result, setResult] = useState<ReturnType<typeof checkAnswers> | null>(null);
  const env = { today, socialMinimum };
  const check = () => setResult(checkAnswers(form, answers, env));
  const errorOf = (key: string) =>
    result?.problems.find((p) => p.field === `answers.${key}`)?.message ??
    result?.notMet.find((p) => p.field === `answers.${key}`)?.message ??
    null;
  const amount = result ? expectedAmountCents(form, result.values, today) : 0;
  return (
    <section aria-labelledby={`${id}-titel`} className="gw-eligibility">
      <h2 id={`${id}-titel`}>Kom ik in aanmerking?</h2>
      <p>Beantwoord de vragen. Wij bewaren en versturen niets: de controle gebeurt alleen op uw apparaat.</p>
      <form
        className="gw-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          check();
        }}
      >
        {form.criteria.map((c) => (
          <AnswerField
            key={c.key}
            criterion={c}
            idPrefix={`${id}-vraag`}
            value={answers[c.key]}
            error={errorOf(c.key)}
            onChange={(v) => setAnswers((a) => ({ ...a, [c.key]: v }))}
          />
        ))}
        <button className="gw-button" type="submit">
          Controleer
        </button>
      </form>
      <div role="status" aria-live="polite">
        {result ? (
          result.problems.length ? (
            <p>Beantwoord eerst alle vragen. Bij de vragen staat wat er ontbreekt.</p>
          ) : result.notMet.length ? (
            <p>
              <strong>U komt waarschijnlijk niet in aanmerking.</strong> Bij de vragen staat waarom. Twijfelt u? Neem
              contact op met de gemeente.
            </p>
          ) : (
            <p>
              <strong>U komt waarschijnlijk in aanmerking</strong>
              {amount > 0 ? <> voor {formatCents(amount)}</> : null}. De gemeente beslist na uw aanvraag.
            </p>
          )
        ) : null}
      </div>
    </section>
  );
}
