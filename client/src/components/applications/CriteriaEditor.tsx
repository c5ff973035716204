import { useId } from 'react';
import type {
  AmountDefinition,
  ChoiceOption,
  CriterionDefinition,
  CriterionRule,
  CriterionType,
  ProofRequirement,
} from '@rules/application';
import { centsToEuroInput, parseEuros } from '@/components/money/euros';

const TYPE_LABELS: Record<CriterionType, string> = {
  YES_NO: 'Ja of nee',
  NUMBER: 'Een getal (bijvoorbeeld een inkomen)',
  DATE: 'Een datum (bijvoorbeeld een geboortedatum)',
  CHOICE: 'Een keuze uit een lijst',
};

const RULES_BY_TYPE: Record<CriterionType, { kind: CriterionRule['kind']; label: string }[]> = {
  YES_NO: [
    { kind: 'MUST_BE_YES', label: 'Het antwoord moet ‘ja’ zijn' },
    { kind: 'NONE', label: 'Geen voorwaarde (alleen ter informatie)' },
  ],
  NUMBER: [
    { kind: 'RANGE', label: 'Tussen een kleinste en grootste getal' },
    { kind: 'INCOME_LIMIT', label: 'Inkomen ten hoogste een percentage van het sociaal minimum' },
    { kind: 'NONE', label: 'Geen voorwaarde (alleen ter informatie)' },
  ],
  DATE: [
    { kind: 'YOUNGER_THAN', label: 'Minstens één persoon jonger dan een leeftijd' },
    { kind: 'NONE', label: 'Geen voorwaarde (alleen ter informatie)' },
  ],
  CHOICE: [
    { kind: 'ONE_OF', label: 'Alleen bepaalde keuzes voldoen' },
    { kind: 'NONE', label: 'Geen voorwaarde (alleen ter informatie)' },
  ],
};

const PROOF_LABELS: Record<ProofRequirement, string> = {
  NONE: 'Geen bewijs',
  OPTIONAL: 'Bewijs mag (niet verplicht)',
  REQUIRED: 'Bewijs is verplicht',
};

/** A rule of `kind` with sensible starting values; the server checks what staff make of it. */
function ruleOf(kind: CriterionRule['kind'], criteria: CriterionDefinition[]): CriterionRule {
  switch (kind) {
    case 'RANGE':
      return { kind, min: null, max: null };
    case 'INCOME_LIMIT':
      return { kind, percent: 120, householdCriterion: criteria.find((c) => c.type === 'CHOICE')?.key ?? '' };
    case 'YOUNGER_THAN':
      return { kind, years: 18 };
    case 'ONE_OF':
      return { kind, allowed: [] };
    case 'MUST_BE_YES':
      return { kind };
    default:
      return { kind: 'NONE' };
  }
}

/** An option's value from its label: lower case letters, digits and hyphens, as the rules ask. */
function valueOf(label: string): string {
  return (
    label
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40) || 'keuze'
  );
}

/** A key for a new question that no other question has. */
function newKey(criteria: CriterionDefinition[]): string {
  const taken = new Set(criteria.map((c) => c.key));
  let n = criteria.length + 1;
  while (taken.has(`vraag-${n}`)) n++;
  return `vraag-${n}`;
}

const numberOrNull = (text: string): number | null => (text.trim() === '' ? null : Number(text.replace(',', '.')));

interface CriteriaEditorProps {
  criteria: CriterionDefinition[];
  amount: AmountDefinition;
  onChange: (next: { criteria: CriterionDefinition[]; amount: AmountDefinition }) => void;
}

/**
 * The questions of an application form and how its amount is computed, as form fields (not a definition typed by
 * hand): per question the wording, the kind of answer, the rule it must meet, and the proof; questions added, moved
 * and removed. What it builds is the definition of `src/rules/application.ts`; the server checks it with the same
 * rules and says per question what is wrong.
 */
export function CriteriaEditor({ criteria, amount, onChange }: CriteriaEditorProps) {
  const ids = useId();
  const set = (next: CriterionDefinition[], nextAmount: AmountDefinition = amount) =>
    onChange({ criteria: next, amount: nextAmount });
  const update = (i: number, patch: Partial<CriterionDefinition>) =>
    set(criteria.map((c, j) => (j === i ? { ...c, ...patch } : c)));
  const move = (i: number, by: -1 | 1) => {
    const next = [...criteria];
    const [item] = next.splice(i, 1);
    next.splice(i + by, 0, item!);
    set(next);
  };
  const countable = criteria.filter((c) => (c.type === 'NUMBER' || c.type === 'DATE') && c.multiple);
  const choices = criteria.filter((c) => c.type === 'CHOICE');

  return (
    <>
      <h3>Vragen</h3>
      {criteria.length === 0 ? <p>Er zijn nog geen vragen. Voeg de eerste vraag toe.</p> : null}
      {criteria.map((c, i) => {
        const id = `${ids}-${i}`;
        const rule = c.rule;
        return (
          <fieldset key={c.key} className="gw-fieldset gw-card">
            <legend>
              Vraag {i + 1}
              {c.question ? `: ${c.question}` : ''}
            </legend>
            <div className="gw-field">
              <label htmlFor={`${id}-question`}>Vraag aan de inwoner</label>
              <input
                className="gw-input"
                id={`${id}-question`}
                value={c.question}
                onChange={(e) => update(i, { question: e.currentTarget.value })}
              />
            </div>
            <div className="gw-field">
              <label htmlFor={`${id}-help`}>Toelichting onder de vraag (niet verplicht)</label>
              <input
                className="gw-input"
                id={`${id}-help`}
                value={c.help ?? ''}
                onChange={(e) => update(i, { help: e.currentTarget.value || undefined })}
              />
            </div>
            <div className="gw-field">
              <label htmlFor={`${id}-type`}>Soort antwoord</label>
              <select
                className="gw-select"
                id={`${id}-type`}
                value={c.type}
                onChange={(e) => {
                  const type = e.currentTarget.value as CriterionType;
                  update(i, {
                    type,
                    rule: ruleOf(RULES_BY_TYPE[type][0]!.kind, criteria),
                    multiple: undefined,
                    options: type === 'CHOICE' ? (c.options ?? []) : undefined,
                  });
                }}
              >
                {Object.entries(TYPE_LABELS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </div>
            {c.type === 'NUMBER' || c.type === 'DATE' ? (
              <div className="gw-checkbox">
                <input
                  type="checkbox"
                  id={`${id}-multiple`}
                  checked={Boolean(c.multiple)}
                  onChange={(e) => update(i, { multiple: e.currentTarget.checked || undefined })}
                />
                <label htmlFor={`${id}-multiple`}>Meerdere antwoorden (bijvoorbeeld één geboortedatum per kind)</label>
              </div>
            ) : null}
            {c.type === 'CHOICE' ? (
              <div className="gw-field">
                <label htmlFor={`${id}-options`}>Keuzes, één per regel</label>
                <textarea
                  className="gw-input gw-textarea"
                  id={`${id}-options`}
                  rows={4}
                  defaultValue={(c.options ?? []).map((o) => o.label).join('\n')}
                  onBlur={(e) => {
                    const labels = e.currentTarget.value
                      .split('\n')
                      .map((l) => l.trim())
                      .filter(Boolean);
                    const options: ChoiceOption[] = labels.map((label) => ({
                      label,
                      value: c.options?.find((o) => o.label === label)?.value ?? valueOf(label),
                    }));
                    const allowed =
                      rule.kind === 'ONE_OF'
                        ? rule.allowed.filter((v) => options.some((o) => o.value === v))
                        : undefined;
                    update(i, { options, ...(allowed ? { rule: { kind: 'ONE_OF', allowed } } : {}) });
                  }}
                />
              </div>
            ) : null}
            <div className="gw-field">
              <label htmlFor={`${id}-rule`}>Voorwaarde</label>
              <select
                className="gw-select"
                id={`${id}-rule`}
                value={rule.kind}
                onChange={(e) => update(i, { rule: ruleOf(e.currentTarget.value as CriterionRule['kind'], criteria) })}
              >
                {RULES_BY_TYPE[c.type].map((r) => (
                  <option key={r.kind} value={r.kind}>
                    {r.label}
                  </option>
                ))}
              </select>
            </div>
            {rule.kind === 'RANGE' ? (
              <div>
                <div className="gw-field">
                  <label htmlFor={`${id}-min`}>Kleinste getal (leeg: geen)</label>
                  <input
                    className="gw-input"
                    id={`${id}-min`}
                    inputMode="numeric"
                    value={rule.min ?? ''}
                    onChange={(e) => update(i, { rule: { ...rule, min: numberOrNull(e.currentTarget.value) } })}
                  />
                </div>
                <div className="gw-field">
                  <label htmlFor={`${id}-max`}>Grootste getal (leeg: geen)</label>
                  <input
                    className="gw-input"
                    id={`${id}-max`}
                    inputMode="numeric"
                    value={rule.max ?? ''}
                    onChange={(e) => update(i, { rule: { ...rule, max: numberOrNull(e.currentTarget.value) } })}
                  />
                </div>
              </div>
            ) : null}
            {rule.kind === 'INCOME_LIMIT' ? (
              <>
                <div className="gw-field">
                  <label htmlFor={`${id}-percent`}>Percentage van het sociaal minimum</label>
                  <input
                    className="gw-input"
                    id={`${id}-percent`}
                    inputMode="numeric"
                    value={Number.isFinite(rule.percent) ? rule.percent : ''}
                    onChange={(e) =>
                      update(i, { rule: { ...rule, percent: numberOrNull(e.currentTarget.value) ?? Number.NaN } })
                    }
                  />
                </div>
                <div className="gw-field">
                  <label htmlFor={`${id}-household`}>Vraag naar de samenstelling van het huishouden</label>
                  <p className="gw-field__hint" id={`${id}-household-hint`}>
                    Een keuzevraag waarvan de keuzes de soorten huishouden van de tabel van het sociaal minimum zijn.
                  </p>
                  <select
                    className="gw-select"
                    id={`${id}-household`}
                    aria-describedby={`${id}-household-hint`}
                    value={rule.householdCriterion}
                    onChange={(e) => update(i, { rule: { ...rule, householdCriterion: e.currentTarget.value } })}
                  >
                    <option value="">Kies een vraag</option>
                    {choices.map((q) => (
                      <option key={q.key} value={q.key}>
                        {q.question || q.key}
                      </option>
                    ))}
                  </select>
                </div>
              </>
            ) : null}
            {rule.kind === 'YOUNGER_THAN' ? (
              <div className="gw-field">
                <label htmlFor={`${id}-years`}>Jonger dan (jaren)</label>
                <input
                  className="gw-input"
                  id={`${id}-years`}
                  inputMode="numeric"
                  value={Number.isFinite(rule.years) ? rule.years : ''}
                  onChange={(e) =>
                    update(i, { rule: { ...rule, years: numberOrNull(e.currentTarget.value) ?? Number.NaN } })
                  }
                />
              </div>
            ) : null}
            {rule.kind === 'ONE_OF' ? (
              <fieldset className="gw-fieldset">
                <legend>Keuzes die voldoen</legend>
                {(c.options ?? []).length === 0 ? <p>Vul eerst de keuzes in.</p> : null}
                {(c.options ?? []).map((o) => (
                  <div className="gw-checkbox" key={o.value}>
                    <input
                      type="checkbox"
                      id={`${id}-allowed-${o.value}`}
                      checked={rule.allowed.includes(o.value)}
                      onChange={(e) => {
                        const allowed = e.currentTarget.checked
                          ? [...rule.allowed, o.value]
                          : rule.allowed.filter((v) => v !== o.value);
                        update(i, { rule: { kind: 'ONE_OF', allowed } });
                      }}
                    />
                    <label htmlFor={`${id}-allowed-${o.value}`}>{o.label}</label>
                  </div>
                ))}
              </fieldset>
            ) : null}
            <div className="gw-field">
              <label htmlFor={`${id}-proof`}>Bewijs bij het antwoord</label>
              <select
                className="gw-select"
                id={`${id}-proof`}
                value={c.proof}
                onChange={(e) => update(i, { proof: e.currentTarget.value as ProofRequirement })}
              >
                {Object.entries(PROOF_LABELS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </div>
            {c.proof !== 'NONE' ? (
              <div className="gw-field">
                <label htmlFor={`${id}-proofHint`}>Welk bewijs (bijvoorbeeld ‘Uw laatste loonstrook’)</label>
                <input
                  className="gw-input"
                  id={`${id}-proofHint`}
                  value={c.proofHint ?? ''}
                  onChange={(e) => update(i, { proofHint: e.currentTarget.value || undefined })}
                />
              </div>
            ) : null}
            <div className="gw-actions">
              <button
                type="button"
                className="gw-button gw-button--secondary"
                disabled={i === 0}
                onClick={() => move(i, -1)}
              >
                Omhoog<span className="gw-visually-hidden"> (vraag {i + 1})</span>
              </button>
              <button
                type="button"
                className="gw-button gw-button--secondary"
                disabled={i === criteria.length - 1}
                onClick={() => move(i, 1)}
              >
                Omlaag<span className="gw-visually-hidden"> (vraag {i + 1})</span>
              </button>
              <button
                type="button"
                className="gw-button gw-button--secondary"
                onClick={() => set(criteria.filter((_, j) => j !== i))}
              >
                Verwijderen<span className="gw-visually-hidden"> (vraag {i + 1})</span>
              </button>
            </div>
          </fieldset>
        );
      })}
      <button
        type="button"
        className="gw-button gw-button--secondary"
        onClick={() =>
          set([
            ...criteria,
            { key: newKey(criteria), type: 'YES_NO', question: '', rule: { kind: 'MUST_BE_YES' }, proof: 'NONE' },
          ])
        }
      >
        Vraag toevoegen
      </button>

      <h3>Bedrag</h3>
      <fieldset className="gw-fieldset">
        <legend>Hoe wordt het bedrag berekend?</legend>
        <div className="gw-radio">
          <input
            type="radio"
            id={`${ids}-fixed`}
            name={`${ids}-amount-kind`}
            checked={amount.kind === 'FIXED'}
            onChange={() => set(criteria, { kind: 'FIXED', cents: amount.cents })}
          />
          <label htmlFor={`${ids}-fixed`}>Een vast bedrag</label>
        </div>
        <div className="gw-radio">
          <input
            type="radio"
            id={`${ids}-per-record`}
            name={`${ids}-amount-kind`}
            checked={amount.kind === 'PER_RECORD'}
            onChange={() =>
              set(criteria, {
                kind: 'PER_RECORD',
                cents: amount.cents,
                criterion: countable[0]?.key ?? '',
                youngerThan: 18,
              })
            }
          />
          <label htmlFor={`${ids}-per-record`}>Een bedrag per antwoord (bijvoorbeeld per kind)</label>
        </div>
      </fieldset>
      <div className="gw-field">
        <label htmlFor={`${ids}-cents`}>
          {amount.kind === 'FIXED' ? 'Bedrag (in euro’s)' : 'Bedrag per antwoord (in euro’s)'}
        </label>
        <input
          className="gw-input"
          id={`${ids}-cents`}
          inputMode="decimal"
          defaultValue={centsToEuroInput(amount.cents)}
          onBlur={(e) => set(criteria, { ...amount, cents: parseEuros(e.currentTarget.value) ?? Number.NaN })}
        />
      </div>
      {amount.kind === 'PER_RECORD' ? (
        <>
          <div className="gw-field">
            <label htmlFor={`${ids}-criterion`}>Per antwoord op de vraag</label>
            <p className="gw-field__hint" id={`${ids}-criterion-hint`}>
              Een vraag met meerdere antwoorden (een getal of een datum).
            </p>
            <select
              className="gw-select"
              id={`${ids}-criterion`}
              aria-describedby={`${ids}-criterion-hint`}
              value={amount.criterion}
              onChange={(e) => set(criteria, { ...amount, criterion: e.currentTarget.value })}
            >
              <option value="">Kies een vraag</option>
              {countable.map((q) => (
                <option key={q.key} value={q.key}>
                  {q.question || q.key}
                </option>
              ))}
            </select>
          </div>
          <div className="gw-field">
            <label htmlFor={`${ids}-younger`}>Alleen wie jonger is dan (jaren; leeg: iedereen)</label>
            <input
              className="gw-input"
              id={`${ids}-younger`}
              inputMode="numeric"
              value={amount.youngerThan ?? ''}
              onChange={(e) => set(criteria, { ...amount, youngerThan: numberOrNull(e.currentTarget.value) })}
            />
          </div>
        </>
      ) : null}
    </>
  );
}
