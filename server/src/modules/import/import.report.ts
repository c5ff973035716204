import type { EntityManager } from '@mikro-orm/postgresql';
import type { RowClass, RowOutcome } from './import.records.js';
import { outcomeRowsAfter, type OutcomeRow } from './import.queries.js';

/** The report of a run (the fourth step): the outcome per row as the CSV download has it. Never a BSN. */

export const OUTCOME_HEADERS = ['regel', 'klantnummer', 'indeling', 'resultaat', 'toewijzing', 'melding'] as const;

const CLASS: Record<RowClass, string> = {
  NEW: 'nieuw',
  CHANGED: 'gewijzigd',
  UNCHANGED: 'ongewijzigd',
  INVALID: 'ongeldig',
};
const OUTCOME: Record<RowOutcome, string> = {
  CREATED: 'aangemaakt',
  UPDATED: 'bijgewerkt',
  UNCHANGED: 'ongewijzigd',
  SKIPPED: 'overgeslagen',
  FAILED: 'mislukt',
};

/**
 * One row of the report. `melding` gives every row's reason — why a row is invalid (also once skipped), why it
 * failed, why it grants nothing.
 */
export function outcomeLine(r: OutcomeRow): (string | number)[] {
  const problems = r.problems.map((p) => (p.column ? `${p.column}: ${p.message}` : p.message)).join(' ');
  const grant =
    r.outcome === null
      ? r.grant_planned === null
        ? ''
        : r.grant_planned
          ? 'wordt toegekend'
          : 'geen'
      : r.granted
        ? 'toegekend'
        : r.grant_planned === null || r.outcome === 'SKIPPED' || r.outcome === 'FAILED'
          ? ''
          : 'geen';
  const message =
    r.outcome === null
      ? problems || r.grant_note || ''
      : [r.outcome_message, r.outcome === 'SKIPPED' ? problems : ''].filter(Boolean).join(' ');
  return [
    r.line,
    r.external_identifier ?? '',
    CLASS[r.classification],
    r.outcome ? OUTCOME[r.outcome] : 'nog niet verwerkt',
    grant,
    message,
  ];
}

/** The report's rows in line order, read in pages of 5,000. */
export async function* outcomeLines(em: EntityManager, runId: string): AsyncGenerator<(string | number)[]> {
  let after = 0;
  for (;;) {
    const rows = await outcomeRowsAfter(em, runId, after, 5000);
    if (!rows.length) return;
    for (const r of rows) yield outcomeLine(r);
    after = rows[rows.length - 1]!.line;
  }
}
