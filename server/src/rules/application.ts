import { invalid, nl, optional, rule, valid, type FieldProblem, type Rule } from './rule.js';
import { isIsoDate } from './person.js';
import { ageOn, cents } from './arrangement.js';
import { length, normaliseLines, text } from './text.js';

/**
 * Online applications (aanvragen, issue 28): the questions (criteria) of an arrangement's application form, the rule
 * each answer must meet, and the amount the answers lead to. One definition, run by the browser ("Kom ik in
 * aanmerking?", the steps of the form) and by the server (saving, submitting, deciding). Isomorphic: no Node APIs.
 *
 * Answers travel as text, as a form holds them: a yes/no as `ja` / `nee`, a number as digits, a date as YYYY-MM-DD,
 * a choice as the option's value; a question that asks for several records (a child's birth date, per child) holds a
 * list of them.
 */

export const CRITERION_TYPES = ['YES_NO', 'NUMBER', 'DATE', 'CHOICE'] as const;
export type CriterionType = (typeof CRITERION_TYPES)[number];

export const PROOF_REQUIREMENTS = ['NONE', 'OPTIONAL', 'REQUIRED'] as const;
export type ProofRequirement = (typeof PROOF_REQUIREMENTS)[number];

/** The rule an answer must meet. */
export type CriterionRule =
  /** Anything well-formed (a question for information only). */
  | { kind: 'NONE' }
  /** A yes/no statement that must be answered "ja" ("Ik woon in de gemeente"). */
  | { kind: 'MUST_BE_YES' }
  /** A number from `min` to `max` (both optional, both included). */
  | { kind: 'RANGE'; min?: number | null; max?: number | null }
  /**
   * A net monthly income (whole euros) of at most `percent` % of the social minimum of the household type that the
   * answer to the choice question `householdCriterion` names, read from the table of the year (a setting).
   */
  | { kind: 'INCOME_LIMIT'; percent: number; householdCriterion: string }
  /** Dates of birth: at least one person younger than `years` on the day of the application ("kind onder 18"). */
  | { kind: 'YOUNGER_THAN'; years: number }
  /** A choice among the options, only those in `allowed` meet the rule (all when empty). */
  | { kind: 'ONE_OF'; allowed: string[] };

export interface ChoiceOption {
  value: string;
  label: string;
}

/**
 * The household types of the social-minimum table (settings, section `applications`): the values a household
 * question's choices use, so an income rule finds its row. One list for the demo's form and the settings screen.
 */
export const HOUSEHOLD_TYPES: readonly ChoiceOption[] = [
  { value: 'alleenstaand', label: 'Alleenstaand' },
  { value: 'alleenstaande-ouder', label: 'Alleenstaande ouder' },
  { value: 'gehuwd-samenwonend', label: 'Gehuwd of samenwonend' },
];

export interface CriterionDefinition {
  /** Stable key of the question within its form (lower case letters, digits and hyphens). */
  key: string;
  type: CriterionType;
  /** The question as the resident reads it. */
  question: string;
  /** A line of explanation under the question (optional). */
  help?: string;
  /** Several records (e.g. one birth date per child); only for NUMBER and DATE. */
  multiple?: boolean;
  /** The options of a CHOICE question. */
  options?: ChoiceOption[];
  rule: CriterionRule;
  /** Which proof is asked with the answer. */
  proof: ProofRequirement;
  /** What the proof is ("Uw laatste loonstrook"). */
  proofHint?: string;
}

/** How the amount is computed: a fixed amount, or an amount per counted record (per child under 18). */
export type AmountDefinition =
  | { kind: 'FIXED'; cents: number }
  | { kind: 'PER_RECORD'; cents: number; criterion: string; youngerThan?: number | null };

/** An application form: whether it is open, its period, its questions and its amount. */
export interface ApplicationFormDefinition {
  open: boolean;
  opensOn: string;
  closesOn: string;
  criteria: CriterionDefinition[];
  amount: AmountDefinition;
}

/** What the answers are: per question key, text or a list of texts. */
export type Answers = Record<string, string | string[] | undefined>;

/** The social minimum per household type (whole euros per month), per year: `{ '2026': { ALLEENSTAAND: 1400 } }`. */
export type SocialMinimumTable = Record<string, Record<string, number>>;

export interface RuleEnvironment {
  /** The day the answers are checked on (YYYY-MM-DD, the application clock). */
  today: string;
  socialMinimum: SocialMinimumTable;
}

export const APPLICATION_LIMITS = {
  questionsMax: 20,
  questionMin: 5,
  questionMax: 300,
  helpMax: 500,
  optionsMax: 20,
  recordsMax: 12,
  numberMax: 10_000_000,
  reasonMin: 3,
  reasonMax: 1000,
  noteMax: 1000,
  proofPerQuestionMax: 5,
} as const;

const L = APPLICATION_LIMITS;

// ---- the answers ------------------------------------------------------------------------------------------------

const YES = 'ja';
const NO = 'nee';

function list(raw: string | string[] | undefined): string[] {
  if (raw === undefined) return [];
  return (Array.isArray(raw) ? raw : [raw]).map((v) => String(v).trim()).filter((v) => v !== '');
}

/** One answer's form, before its rule: the problem, or null. `answer` is already trimmed. */
function formProblem(c: CriterionDefinition, answer: string, today: string): string | null {
  switch (c.type) {
    case 'YES_NO':
      return answer === YES || answer === NO ? null : 'Kies ja of nee.';
    case 'NUMBER':
      return /^\d{1,8}$/.test(answer) && Number(answer) <= L.numberMax
        ? null
        : `Vul een heel getal in van 0 tot en met ${nl(L.numberMax)}.`;
    case 'DATE':
      if (!isIsoDate(answer)) return 'Vul een geldige datum in.';
      return answer > today ? 'Deze datum ligt in de toekomst.' : null;
    case 'CHOICE':
      return (c.options ?? []).some((o) => o.value === answer) ? null : 'Kies een van de mogelijkheden.';
  }
}

/**
 * The social minimum of a household type for the year of `today`: that year's table, else the latest earlier year's
 * (a new year's figures may be set late); null when there is none.
 */
export function socialMinimumFor(table: SocialMinimumTable, today: string, householdType: string): number | null {
  const year = today.slice(0, 4);
  const years = Object.keys(table)
    .filter((y) => y <= year)
    .sort()
    .reverse();
  for (const y of years) {
    const value = table[y]?.[householdType];
    if (typeof value === 'number') return value;
  }
  return null;
}

/** Whether answers of one question meet its rule: null when they do, else the Dutch reason. */
function ruleProblem(c: CriterionDefinition, values: string[], answers: Answers, env: RuleEnvironment): string | null {
  const r = c.rule;
  switch (r.kind) {
    case 'NONE':
      return null;
    case 'MUST_BE_YES':
      return values[0] === YES ? null : 'Om in aanmerking te komen moet het antwoord "ja" zijn.';
    case 'RANGE': {
      const bad = values.map(Number).find((n) => (r.min != null && n < r.min) || (r.max != null && n > r.max));
      if (bad === undefined) return null;
      if (r.min != null && r.max != null) return `Het antwoord moet van ${nl(r.min)} tot en met ${nl(r.max)} zijn.`;
      return r.min != null
        ? `Het antwoord moet minstens ${nl(r.min)} zijn.`
        : `Het antwoord mag hoogstens ${nl(r.max!)} zijn.`;
    }
    case 'INCOME_LIMIT': {
      const type = list(answers[r.householdCriterion])[0];
      if (!type) return 'Beantwoord eerst de vraag over uw huishouden.';
      const minimum = socialMinimumFor(env.socialMinimum, env.today, type);
      if (minimum === null)
        return 'Voor dit jaar is nog geen inkomensgrens vastgesteld. Neem contact op met de gemeente.';
      const limit = Math.floor((minimum * r.percent) / 100);
      return Number(values[0]) <= limit
        ? null
        : `Uw inkomen is hoger dan de grens voor uw huishouden (€ ${nl(limit)} netto per maand, ${r.percent}% van het sociaal minimum).`;
    }
    case 'YOUNGER_THAN':
      return values.some((d) => ageOn(d, env.today) < r.years)
        ? null
        : `Om in aanmerking te komen moet er iemand jonger dan ${r.years} jaar zijn.`;
    case 'ONE_OF':
      return !r.allowed.length || r.allowed.includes(values[0]!)
        ? null
        : 'Met dit antwoord komt u niet in aanmerking voor deze regeling.';
  }
}

export interface AnswerCheck {
  /** Answers that are missing or malformed (field `answers.<key>`): refused before anything is saved as sent. */
  problems: FieldProblem[];
  /** Well-formed answers that do not meet their rule (field `answers.<key>`, code NOT_MET). */
  notMet: FieldProblem[];
  /** The answers, trimmed, per key (a list for a question with several records). */
  values: Record<string, string | string[]>;
}

/**
 * Checks answers against a form: form problems (REQUIRED, INVALID, TOO_MANY) and rules not met (NOT_MET). With
 * `partial` (a draft), a question without an answer is no problem.
 */
export function checkAnswers(
  form: Pick<ApplicationFormDefinition, 'criteria'>,
  answers: Answers,
  env: RuleEnvironment,
  options: { partial?: boolean; only?: readonly string[] } = {},
): AnswerCheck {
  const problems: FieldProblem[] = [];
  const notMet: FieldProblem[] = [];
  const values: Record<string, string | string[]> = {};
  for (const c of form.criteria) {
    if (options.only && !options.only.includes(c.key)) continue;
    const field = `answers.${c.key}`;
    const given = list(answers[c.key]);
    if (!given.length) {
      if (!options.partial) problems.push({ field, code: 'REQUIRED', message: `Beantwoord de vraag "${c.question}".` });
      continue;
    }
    if (!c.multiple && given.length > 1) {
      problems.push({ field, code: 'INVALID', message: 'Geef één antwoord.' });
      continue;
    }
    if (given.length > L.recordsMax) {
      problems.push({ field, code: 'TOO_MANY', message: `Geef hoogstens ${L.recordsMax} antwoorden.` });
      continue;
    }
    const wrong = given.map((g) => formProblem(c, g, env.today)).find((p) => p !== null);
    if (wrong) {
      problems.push({ field, code: 'INVALID', message: wrong });
      continue;
    }
    values[c.key] = c.multiple ? given : given[0]!;
    const unmet = ruleProblem(c, given, answers, env);
    if (unmet) notMet.push({ field, code: 'NOT_MET', message: unmet });
  }
  return { problems, notMet, values };
}

/** The amount the answers lead to (cents); 0 when the counted question has no record that counts. */
export function expectedAmountCents(
  form: Pick<ApplicationFormDefinition, 'amount'>,
  answers: Answers,
  today: string,
): number {
  const a = form.amount;
  if (a.kind === 'FIXED') return a.cents;
  const records = list(answers[a.criterion]).filter((v) => {
    if (a.youngerThan == null) return true;
    return isIsoDate(v) && v <= today && ageOn(v, today) < a.youngerThan;
  });
  return a.cents * records.length;
}

/** Whether `today` falls in the form's period and the form is open. */
export function formOpenOn(form: Pick<ApplicationFormDefinition, 'open' | 'opensOn' | 'closesOn'>, today: string) {
  return form.open && form.opensOn <= today && today <= form.closesOn;
}

// ---- the form as staff configure it -----------------------------------------------------------------------------

const KEY = /^[a-z][a-z0-9-]{0,39}$/;
const questionText = text({
  required: 'Vul de vraag in.',
  min: L.questionMin,
  max: L.questionMax,
  subject: 'De vraag',
});
const helpText = text({ max: L.helpMax, subject: 'De toelichting' });

/** Checks a form definition as staff configure it; problems on `criteria.<i>.<field>`, `amount.<field>`, … */
export function checkFormDefinition(form: ApplicationFormDefinition): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const add = (field: string, code: string, message: string) => problems.push({ field, code, message });
  if (!isIsoDate(form.opensOn)) add('opensOn', 'INVALID_DATE', 'Vul een geldige begindatum in.');
  if (!isIsoDate(form.closesOn)) add('closesOn', 'INVALID_DATE', 'Vul een geldige einddatum in.');
  else if (isIsoDate(form.opensOn) && form.closesOn < form.opensOn)
    add('closesOn', 'END_BEFORE_START', 'De einddatum ligt vóór de begindatum.');
  if (form.open && !form.criteria.length)
    add('criteria', 'REQUIRED', 'Stel minstens één vraag voordat u de regeling openstelt voor aanvragen.');
  if (form.criteria.length > L.questionsMax) add('criteria', 'TOO_MANY', `Stel hoogstens ${L.questionsMax} vragen.`);
  const keys = new Set<string>();
  form.criteria.forEach((c, i) => {
    const at = (f: string) => `criteria.${i}.${f}`;
    if (!KEY.test(c.key ?? ''))
      add(at('key'), 'INVALID', 'Een sleutel bestaat uit kleine letters, cijfers en streepjes.');
    else if (keys.has(c.key)) add(at('key'), 'DUPLICATE', 'Deze sleutel komt al voor bij een andere vraag.');
    keys.add(c.key);
    if (!CRITERION_TYPES.includes(c.type)) add(at('type'), 'INVALID', 'Kies een soort vraag.');
    const q = questionText.check(c.question);
    if (!q.ok) add(at('question'), q.problem.code, q.problem.message);
    const h = helpText.check(c.help ?? '');
    if (!h.ok) add(at('help'), h.problem.code, h.problem.message);
    if (!PROOF_REQUIREMENTS.includes(c.proof)) add(at('proof'), 'INVALID', 'Kies of er bewijs nodig is.');
    if (c.multiple && c.type !== 'NUMBER' && c.type !== 'DATE')
      add(at('multiple'), 'INVALID', 'Alleen bij een getal of een datum kunt u meer antwoorden vragen.');
    if (c.type === 'CHOICE') {
      const options = c.options ?? [];
      if (options.length < 2 || options.length > L.optionsMax)
        add(at('options'), 'INVALID', `Geef 2 tot ${L.optionsMax} keuzemogelijkheden.`);
      if (new Set(options.map((o) => o.value)).size !== options.length || options.some((o) => !KEY.test(o.value)))
        add(at('options'), 'INVALID', 'Elke keuze heeft een eigen waarde van kleine letters, cijfers en streepjes.');
      if (options.some((o) => !o.label?.trim())) add(at('options'), 'INVALID', 'Elke keuze heeft een tekst.');
    }
    const r = c.rule;
    const fits: Record<CriterionRule['kind'], CriterionType[]> = {
      NONE: ['YES_NO', 'NUMBER', 'DATE', 'CHOICE'],
      MUST_BE_YES: ['YES_NO'],
      RANGE: ['NUMBER'],
      INCOME_LIMIT: ['NUMBER'],
      YOUNGER_THAN: ['DATE'],
      ONE_OF: ['CHOICE'],
    };
    if (!r || !fits[r.kind]?.includes(c.type)) add(at('rule'), 'INVALID', 'Deze regel past niet bij deze soort vraag.');
    else if (r.kind === 'RANGE' && r.min != null && r.max != null && r.max < r.min)
      add(at('rule'), 'INVALID', 'Het maximum is kleiner dan het minimum.');
    else if (r.kind === 'INCOME_LIMIT') {
      const household = form.criteria.find((o) => o.key === r.householdCriterion);
      if (!household || household.type !== 'CHOICE')
        add(at('rule'), 'INVALID', 'Kies de keuzevraag naar het soort huishouden.');
      if (!Number.isInteger(r.percent) || r.percent < 1 || r.percent > 500)
        add(at('rule'), 'INVALID', 'Het percentage is een heel getal van 1 tot en met 500.');
    } else if (r.kind === 'YOUNGER_THAN' && (!Number.isInteger(r.years) || r.years < 1 || r.years > 120))
      add(at('rule'), 'INVALID', 'De leeftijd is een heel getal van 1 tot en met 120.');
    else if (r.kind === 'ONE_OF' && r.allowed.some((v) => !(c.options ?? []).some((o) => o.value === v)))
      add(at('rule'), 'INVALID', 'Kies alleen uit de keuzemogelijkheden van de vraag.');
  });
  const a = form.amount;
  const amount = cents('Het bedrag moet minstens € 0,01 en hoogstens € 100.000,00 zijn.').check(a?.cents);
  if (!amount.ok) add('amount.cents', amount.problem.code, amount.problem.message);
  if (a?.kind === 'PER_RECORD') {
    const counted = form.criteria.find((c) => c.key === a.criterion);
    if (!counted || !counted.multiple)
      add('amount.criterion', 'INVALID', 'Kies een vraag met meer antwoorden om per antwoord te tellen.');
    if (a.youngerThan != null && (!Number.isInteger(a.youngerThan) || a.youngerThan < 1 || a.youngerThan > 120))
      add('amount.youngerThan', 'INVALID', 'De leeftijd is een heel getal van 1 tot en met 120.');
  } else if (a?.kind !== 'FIXED') add('amount.kind', 'INVALID', 'Kies hoe het bedrag wordt berekend.');
  return problems;
}

// ---- what staff and residents write ------------------------------------------------------------------------------

function reasonRule(required: string, subject: string): Rule<string> {
  return rule((raw) => {
    const value = normaliseLines(raw);
    if (!value) return invalid('REQUIRED', required);
    if (length(value) < L.reasonMin || length(value) > L.reasonMax)
      return invalid('LENGTH', `${subject} moet tussen ${L.reasonMin} en ${nl(L.reasonMax)} tekens lang zijn.`);
    return valid(value);
  });
}

/** Why an application is declined or approved for less: the resident reads it. */
export const decisionReason = reasonRule('Geef een reden die de aanvrager te zien krijgt.', 'De reden');
/** A question to the resident. */
export const questionToResident = reasonRule('Schrijf de vraag aan de aanvrager.', 'De vraag');
/** The resident's answer to a question. */
export const answerToQuestion = reasonRule('Schrijf uw antwoord.', 'Uw antwoord');
/** An assessor's note with a criterion (optional). */
export const assessmentNote: Rule<string | null> = optional(
  text({ max: L.noteMax, shape: 'multiline', subject: 'De notitie' }),
);
/** A partly approved amount: more than nothing and less than the expected amount (checked by the service). */
export const partialAmount = cents('Vul een bedrag in van minstens € 0,01.');
