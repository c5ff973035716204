import { MONTH_NAMES } from '../../rules/months.js';

/**
 * The kinds of ledger account the municipality maps onto its general ledger (journaalposten/instellingen), and which
 * ledger movements each receives. The ledger has five account kinds; own contributions and refunds both move the
 * payment clearing account, and expired budget moves the arrangement's funding, so the transaction kind splits them.
 *
 * Sign: a negative ledger amount (money out of an account) is a debit, a positive one a credit. With the ledger's
 * accounts that is ordinary bookkeeping: a grant debits the granted budget (a cost) and credits the residents'
 * budget; a spend debits the residents' budget and credits the provider payables; a payout debits the payables and
 * credits the bank. Every ledger transaction sums to zero, so every journal entry balances.
 */
export const JOURNAL_KINDS = [
  'BUDGET_GRANTED',
  'BUDGET_SPENT',
  'BUDGET_EXPIRED',
  'OWN_CONTRIBUTIONS',
  'REFUNDS',
  'PROVIDER_PAYABLES',
  'BANK',
] as const;

export type JournalKind = (typeof JOURNAL_KINDS)[number];

export const JOURNAL_KIND_INFO: Record<JournalKind, { label: string; explanation: string; perArrangement: boolean }> = {
  BUDGET_GRANTED: {
    label: 'Toegekend budget',
    explanation: 'De dekking van de regeling: toekenningen en intrekkingen van tegoed.',
    perArrangement: true,
  },
  BUDGET_SPENT: {
    label: 'Tegoed en besteed budget',
    explanation: 'Het tegoed van inwoners: toegekend, besteed bij aanbieders, teruggeboekt of vervallen.',
    perArrangement: true,
  },
  BUDGET_EXPIRED: {
    label: 'Vervallen tegoed',
    explanation: 'Tegoed dat aan het einde van de periode vervalt en terugvalt naar de regeling.',
    perArrangement: true,
  },
  OWN_CONTRIBUTIONS: {
    label: 'Eigen bijdragen',
    explanation: 'Eigen bijdragen van inwoners, ontvangen via de betaaldienst.',
    perArrangement: false,
  },
  REFUNDS: {
    label: 'Terugbetalingen',
    explanation: 'Eigen bijdragen die aan inwoners zijn terugbetaald.',
    perArrangement: false,
  },
  PROVIDER_PAYABLES: {
    label: 'Te betalen aan aanbieders',
    explanation: 'Wat de gemeente aanbieders verschuldigd is voor hun bestellingen.',
    perArrangement: false,
  },
  BANK: {
    label: 'Bank',
    explanation: 'De bankrekening van de gemeente: uitbetalingen aan aanbieders.',
    perArrangement: false,
  },
};

/**
 * The journal kind of one ledger entry, in SQL: `a` is the ledger account, `t` the ledger transaction. The database
 * function `journal_kind` (Migration20261128010000_journal_day_totals) holds the rule, so the day totals its trigger
 * keeps and these queries can never disagree: a funding account's EXPIRY is BUDGET_EXPIRED, its other bookings
 * BUDGET_GRANTED; an assignment's account BUDGET_SPENT; the payment clearing account REFUNDS for a REFUND, else
 * OWN_CONTRIBUTIONS; a provider's payable PROVIDER_PAYABLES; the bank BANK.
 */
export const JOURNAL_KIND_SQL = `journal_kind(a.kind, t.kind)`;

export const NUMBER_FORMATS = ['NL', 'INTERNATIONAL'] as const;
export type NumberFormat = (typeof NUMBER_FORMATS)[number];

const THOUSANDS = /\B(?=(\d{3})+(?!\d))/g;

/** Cents as the export writes them: NL 1.234,56 · international 1234.56; zero as an empty cell. */
export function formatAmount(cents: number, format: NumberFormat): string {
  if (!cents) return '';
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100).toString();
  const frac = (abs % 100).toString().padStart(2, '0');
  return format === 'NL' ? `${sign}${whole.replace(THOUSANDS, '.')},${frac}` : `${sign}${whole}.${frac}`;
}

/** A date YYYY-MM-DD as the export writes it: NL 30-11-2026 · international 2026-11-30. */
export function formatDate(iso: string, format: NumberFormat): string {
  return format === 'NL' ? iso.split('-').reverse().join('-') : iso;
}

/** 2026-11 → "november 2026". */
export function periodLabel(period: string): string {
  const [y, m] = period.split('-');
  return `${MONTH_NAMES[Number(m) - 1]} ${y}`;
}

/** The month `delta` months from `period` (YYYY-MM). */
export function addMonths(period: string, delta: number): string {
  const [y, m] = period.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}
