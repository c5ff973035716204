import { invalid, rule, valid } from './rule.js';

/**
 * Journal entries (beheer/journaalposten): the municipality's general-ledger account and cost centre per kind of ledger
 * account, and the export format. Shared by the server and the mapping screen.
 */
export const JOURNAL_LIMITS = { codeMax: 20, journalCodeMax: 10 } as const;

/** Letters, digits, dots, hyphens and slashes: what general-ledger packages accept as a code (4400, 6.1.2, KP-100). */
const CODE = /^[A-Za-z0-9][A-Za-z0-9./-]*$/;

function code(label: string, required: string | null, max: number) {
  return rule<string>((raw) => {
    const value = raw.trim();
    if (!value) return required ? invalid('REQUIRED', required) : valid('');
    if (value.length > max) return invalid('LENGTH', `${label} is hoogstens ${max} tekens lang.`);
    if (!CODE.test(value))
      return invalid(
        'INVALID',
        `${label} bestaat uit letters, cijfers, punten, streepjes en schuine strepen, bijvoorbeeld 4400 of 6.1.2.`,
      );
    return valid(value);
  });
}

/** The general-ledger account (grootboekrekening): required. */
export const glAccountRule = code('De grootboekrekening', 'Vul een grootboekrekening in.', JOURNAL_LIMITS.codeMax);
/** The cost centre (kostenplaats): optional. */
export const costCentreRule = code('De kostenplaats', null, JOURNAL_LIMITS.codeMax);
/** The journal (dagboek) the entries are exported in. */
export const journalCodeRule = code('De dagboekcode', 'Vul een dagboekcode in.', JOURNAL_LIMITS.journalCodeMax);

export const journalLedgerCodeRules = { glAccount: glAccountRule, costCentre: costCentreRule } as const;

/** A journal period: a month, YYYY-MM. */
export const journalPeriodRule = rule<string>((raw) => {
  const value = raw.trim();
  const m = /^(\d{4})-(\d{2})$/.exec(value);
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 12)
    return invalid('INVALID', 'Kies een periode (maand), bijvoorbeeld 2026-11.');
  return valid(value);
});
