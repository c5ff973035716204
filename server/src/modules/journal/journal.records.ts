import type { JournalKind, NumberFormat } from './journal.kinds.js';

/** The shapes of the journal: its mapping, its periods and their entries. */

export interface LedgerCodeRow {
  kind: JournalKind;
  arrangementId: string | null;
  arrangementName: string | null;
  glAccount: string;
  costCentre: string;
}

export interface JournalSettings {
  numberFormat: NumberFormat;
  journalCode: string;
}

export interface LedgerCodes extends JournalSettings {
  municipalityId: string;
  codes: LedgerCodeRow[];
  arrangements: { id: string; name: string }[];
}

export interface JournalPeriodInfo {
  municipalityId: string;
  period: string;
  label: string;
  exportedAt: Date | null;
  exportCount: number;
  closedAt: Date | null;
}

/** One line of a journal entry: one general-ledger account and cost centre on one side. */
export interface JournalLine {
  bookingDate: string;
  transactionId: string;
  description: string;
  reference: string;
  kind: JournalKind;
  glAccount: string | null;
  costCentre: string | null;
  debitCents: number;
  creditCents: number;
}

export interface JournalAccountTotal {
  kind: JournalKind;
  glAccount: string | null;
  costCentre: string | null;
  debitCents: number;
  creditCents: number;
}

export interface JournalPeriodSummary extends JournalPeriodInfo {
  transactionCount: number;
  debitCents: number;
  creditCents: number;
  accounts: JournalAccountTotal[];
  /** Ledger accounts of this period without a general-ledger account, in Dutch ("Toegekend budget (Kindpakket)"). */
  unmapped: string[];
}

/** A period as stored: its export and close moments. */
export interface PeriodRow {
  period: string;
  exported_at: Date | null;
  export_count: number;
  closed_at: Date | null;
  /** closed_at as PostgreSQL writes it (microseconds: a Date has milliseconds only). */
  closed_at_text: string | null;
}
