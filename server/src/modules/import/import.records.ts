import type { TextEncoding } from '../../platform/csv-input.js';
import type { ImportRowData } from '../../rules/import.js';

/** The shapes of an import run and its rows, shared by the check, the apply, the report and their queries. */

export type ImportStatus = 'DRY_RUN' | 'APPLYING' | 'APPLIED';
export type RowClass = 'NEW' | 'CHANGED' | 'UNCHANGED' | 'INVALID';
export type RowOutcome = 'CREATED' | 'UPDATED' | 'UNCHANGED' | 'SKIPPED' | 'FAILED';

export interface ImportRunRecord {
  id: string;
  municipalityId: string;
  municipalityName: string;
  createdById: string;
  createdByName: string;
  fileName: string;
  delimiter: ',' | ';';
  /** The encoding the file was read in. */
  encoding: TextEncoding;
  status: ImportStatus;
  totalRows: number;
  newRows: number;
  changedRows: number;
  unchangedRows: number;
  invalidRows: number;
  processedRows: number;
  createdRows: number;
  updatedRows: number;
  failedRows: number;
  /** Dry run: rows that grant their arrangement (one per household, or per member who fits "for whom"). */
  grantRows: number;
  /** Dry run: households that receive at least one grant. */
  grantHouseholds: number;
  /** Dry run: rows with an arrangement that grant nothing (and why: `notes`). */
  noGrantRows: number;
  /** Applied: rows whose grant was written. */
  grantedRows: number;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

export interface ImportProblemRecord {
  line: number;
  column: string | null;
  externalIdentifier: string | null;
  message: string;
}

/** What a checked row stores: the checked values (the BSN only as hash and ciphertext) and the resolved assignment. */
export interface StoredRow extends Omit<ImportRowData, 'bsn'> {
  bsnHash: string | null;
  bsnEncrypted: string | null;
  arrangementId: string | null;
}

/** A person as the check and the apply job compare it with a row. */
export interface ExistingPerson {
  id: string;
  external_identifier: string;
  client_group_id: string;
  municipality_id: string;
  first_name: string;
  last_name: string;
  date_of_birth: string | null;
  email: string | null;
  phone: string | null;
  bsn_hash: string | null;
}
