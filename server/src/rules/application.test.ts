import { describe, expect, it } from 'vitest';
import {
  checkAnswers,
  checkFormDefinition,
  expectedAmountCents,
  formOpenOn,
  type ApplicationFormDefinition,
  type CriterionDefinition,
} from './application.js';

const env = { today: '2027-03-01', socialMinimum: { '2027': { alleenstaand: 1400, gezin: 2000 } } };
const c = (over: Partial<CriterionDefinition>): CriterionDefinition => ({
  key: 'v',
  type: 'YES_NO',
  question: 'Een vraag?',
  rule: { kind: 'NONE' },
  proof: 'NONE',
  ...over,
});
const household = c({
  key: 'huishouden',
  type: 'CHOICE',
  options: [
    { value: 'alleenstaand', label: 'Alleenstaand' },
    { value: 'gezin', label: 'Gezin' },
  ],
});
const one = (criterion: CriterionDefinition, answer: string | string[], extra: CriterionDefinition[] = [], more = {}) =>
  checkAnswers({ criteria: [...extra, criterion] }, { [criterion.key]: answer, ...more }, env);

describe('application rules (shared by the browser and the server)', () => {
  it('YES_NO: ja or nee; MUST_BE_YES wants ja', () => {
    const must = c({ rule: { kind: 'MUST_BE_YES' } });
    expect(one(must, 'ja')).toMatchObject({ problems: [], notMet: [] });
    expect(one(must, 'nee').notMet[0]).toMatchObject({ field: 'answers.v', code: 'NOT_MET' });
    expect(one(must, 'misschien').problems[0]).toMatchObject({ code: 'INVALID', message: 'Kies ja of nee.' });
  });

  it('NUMBER with RANGE: whole numbers, both bounds included', () => {
    const n = c({ type: 'NUMBER', rule: { kind: 'RANGE', min: 1, max: 5 } });
    expect(one(n, '1').notMet).toEqual([]);
    expect(one(n, '5').notMet).toEqual([]);
    expect(one(n, '6').notMet[0]!.message).toBe('Het antwoord moet van 1 tot en met 5 zijn.');
    expect(one(n, '0').notMet).toHaveLength(1);
    expect(one(n, '2,5').problems[0]!.code).toBe('INVALID');
    expect(one(n, '-1').problems[0]!.code).toBe('INVALID');
  });

  it('INCOME_LIMIT: at most the percentage of the social minimum of the chosen household type in the year', () => {
    const income = c({
      key: 'inkomen',
      type: 'NUMBER',
      rule: { kind: 'INCOME_LIMIT', percent: 120, householdCriterion: 'huishouden' },
    });
    expect(one(income, '1680', [household], { huishouden: 'alleenstaand' }).notMet).toEqual([]); // 120% of 1400
    const over = one(income, '1681', [household], { huishouden: 'alleenstaand' });
    expect(over.notMet[0]!.message).toMatch(/€ 1\.680 netto per maand, 120% van het sociaal minimum/);
    expect(one(income, '2400', [household], { huishouden: 'gezin' }).notMet).toEqual([]);
    expect(one(income, '1000', [household], {}).notMet[0]!.message).toMatch(/huishouden/);
    const nextYear = checkAnswers(
      { criteria: [household, income] },
      { huishouden: 'gezin', inkomen: '100' },
      { ...env, today: '2026-12-31' },
    );
    expect(nextYear.notMet[0]!.message).toMatch(/nog geen inkomensgrens/);
    // A later year without its own figures uses the latest earlier year's.
    const later = checkAnswers(
      { criteria: [household, income] },
      { huishouden: 'gezin', inkomen: '2400' },
      { ...env, today: '2029-05-01' },
    );
    expect(later.notMet).toEqual([]);
  });

  it('DATE with YOUNGER_THAN: a real date, not in the future, someone under the age', () => {
    const kids = c({ key: 'kinderen', type: 'DATE', multiple: true, rule: { kind: 'YOUNGER_THAN', years: 18 } });
    expect(one(kids, ['2009-03-02']).notMet).toEqual([]); // 17 until tomorrow
    expect(one(kids, ['2009-03-01']).notMet).toHaveLength(1); // 18 today
    expect(one(kids, ['2027-02-30']).problems[0]!.message).toBe('Vul een geldige datum in.');
    expect(one(kids, ['2027-03-02']).problems[0]!.message).toBe('Deze datum ligt in de toekomst.');
    expect(one(kids, Array(13).fill('2020-01-01')).problems[0]!.code).toBe('TOO_MANY');
    expect(one(c({ type: 'DATE' }), ['2020-01-01', '2021-01-01']).problems[0]!.message).toBe('Geef één antwoord.');
  });

  it('CHOICE with ONE_OF: one of the options, only the allowed ones meet it', () => {
    const only = { ...household, rule: { kind: 'ONE_OF' as const, allowed: ['gezin'] } };
    expect(one(only, 'gezin').notMet).toEqual([]);
    expect(one(only, 'alleenstaand').notMet).toHaveLength(1);
    expect(one(only, 'anders').problems[0]!.message).toBe('Kies een van de mogelijkheden.');
  });

  it('a draft may leave questions open; a submission may not', () => {
    const form = { criteria: [c({ question: 'Woont u hier?' })] };
    expect(checkAnswers(form, {}, env, { partial: true }).problems).toEqual([]);
    expect(checkAnswers(form, {}, env).problems[0]).toMatchObject({
      code: 'REQUIRED',
      message: 'Beantwoord de vraag "Woont u hier?".',
    });
  });

  it('the amount: fixed, or per counted record under the age', () => {
    expect(expectedAmountCents({ amount: { kind: 'FIXED', cents: 5000 } }, {}, env.today)).toBe(5000);
    const per = { amount: { kind: 'PER_RECORD' as const, cents: 15000, criterion: 'kinderen', youngerThan: 18 } };
    expect(expectedAmountCents(per, { kinderen: ['2015-01-01', '2019-01-01', '2000-01-01'] }, env.today)).toBe(30000);
    expect(expectedAmountCents(per, {}, env.today)).toBe(0);
  });

  it('the period: open and between the dates, both included', () => {
    const f = { open: true, opensOn: '2027-03-01', closesOn: '2027-03-31' };
    expect(formOpenOn(f, '2027-03-01')).toBe(true);
    expect(formOpenOn(f, '2027-03-31')).toBe(true);
    expect(formOpenOn(f, '2027-04-01')).toBe(false);
    expect(formOpenOn({ ...f, open: false }, '2027-03-10')).toBe(false);
  });

  it('checks a form as staff configure it', () => {
    const good: ApplicationFormDefinition = {
      open: true,
      opensOn: '2027-01-01',
      closesOn: '2027-12-31',
      criteria: [
        household,
        c({
          key: 'inkomen',
          type: 'NUMBER',
          rule: { kind: 'INCOME_LIMIT', percent: 120, householdCriterion: 'huishouden' },
        }),
      ],
      amount: { kind: 'FIXED', cents: 10000 },
    };
    expect(checkFormDefinition(good)).toEqual([]);
    const fields = (f: ApplicationFormDefinition) => checkFormDefinition(f).map((p) => p.field);
    expect(fields({ ...good, criteria: [] })).toEqual(['criteria']);
    expect(fields({ ...good, criteria: [c({ rule: { kind: 'RANGE', min: 1 } })] })).toEqual(['criteria.0.rule']);
    expect(fields({ ...good, criteria: [c({ key: 'Hoofd letter' })] })).toEqual(['criteria.0.key']);
    expect(fields({ ...good, criteria: [c({ multiple: true })] })).toEqual(['criteria.0.multiple']);
    expect(fields({ ...good, criteria: [c({ type: 'CHOICE', options: [{ value: 'a', label: 'A' }] })] })).toEqual([
      'criteria.0.options',
    ]);
    expect(fields({ ...good, amount: { kind: 'PER_RECORD', cents: 100, criterion: 'huishouden' } })).toEqual([
      'amount.criterion',
    ]);
    expect(fields({ ...good, amount: { kind: 'FIXED', cents: 0 } })).toEqual(['amount.cents']);
  });
});
