import { Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Payload } from '../../graphql/payload.js';
import { JOURNAL_KIND_INFO, type JournalKind } from './journal.kinds.js';

/** The GraphQL types of journal entries (beheer/journaalposten) and their ledger codes. */

export enum JournalAccountKind {
  BUDGET_GRANTED = 'BUDGET_GRANTED',
  BUDGET_SPENT = 'BUDGET_SPENT',
  BUDGET_EXPIRED = 'BUDGET_EXPIRED',
  OWN_CONTRIBUTIONS = 'OWN_CONTRIBUTIONS',
  REFUNDS = 'REFUNDS',
  PROVIDER_PAYABLES = 'PROVIDER_PAYABLES',
  BANK = 'BANK',
}
registerEnumType(JournalAccountKind, {
  valuesConfig: {
    BANK: { description: 'The bank account.' },
    BUDGET_EXPIRED: { description: 'Budget that expired unspent.' },
    BUDGET_GRANTED: { description: 'Budget granted to households.' },
    BUDGET_SPENT: { description: 'Budget spent on orders.' },
    OWN_CONTRIBUTIONS: { description: 'Own contributions residents paid.' },
    PROVIDER_PAYABLES: { description: 'What is owed to providers.' },
    REFUNDS: { description: 'Refunds of own contributions.' },
  },
  name: 'JournalAccountKind',
  description: 'A kind of ledger account that is mapped onto a general-ledger account (journaalposten/instellingen).',
});

export enum JournalNumberFormat {
  NL = 'NL',
  INTERNATIONAL = 'INTERNATIONAL',
}
registerEnumType(JournalNumberFormat, {
  valuesConfig: {
    INTERNATIONAL: { description: '1234.56: a point as decimal separator.' },
    NL: { description: '1234,56: a comma as decimal separator.' },
  },
  name: 'JournalNumberFormat',
  description: 'NL: 1.234,56 with ; between the columns. INTERNATIONAL: 1234.56 with , between the columns.',
});

@ObjectType({ description: 'One kind of ledger account: what it receives and whether it can differ per arrangement.' })
export class JournalKindInfo {
  @Field(() => JournalAccountKind, { description: 'The account kind.' })
  kind!: JournalAccountKind;

  @Field(() => String, { description: 'Dutch.' })
  label!: string;

  @Field(() => String, { description: 'Dutch: which bookings land here.' })
  explanation!: string;

  @Field(() => Boolean, { description: 'Whether an arrangement may have its own account and cost centre.' })
  perArrangement!: boolean;

  static of(kind: JournalKind): JournalKindInfo {
    return Object.assign(new JournalKindInfo(), { kind, ...JOURNAL_KIND_INFO[kind] });
  }
}

@ObjectType({
  description: 'A general-ledger account and cost centre for one kind, of the municipality or one arrangement.',
})
export class JournalLedgerCode {
  @Field(() => JournalAccountKind, { description: 'The account kind.' })
  kind!: JournalAccountKind;

  @Field(() => ID, {
    nullable: true,
    description: 'Null: the municipality’s code; otherwise an arrangement’s override.',
  })
  arrangementId!: string | null;

  @Field(() => String, {
    description: 'The arrangement the code is for; null: the municipality’s default.',
    nullable: true,
  })
  arrangementName!: string | null;

  @Field(() => String, { description: 'The general-ledger account number.' })
  glAccount!: string;

  @Field(() => String, { description: 'Empty when none.' })
  costCentre!: string;
}

@ObjectType({ description: 'An arrangement, by id and name.' })
export class JournalArrangementRef {
  @Field(() => ID, { description: 'The arrangement’s id.' })
  id!: string;

  @Field(() => String, { description: 'The arrangement’s name.' })
  name!: string;
}

@ObjectType({ description: 'The ledger codes and export format of one municipality.' })
export class JournalLedgerCodes {
  @Field(() => ID, { description: 'The id of the municipality.' })
  municipalityId!: string;

  @Field(() => JournalNumberFormat, { description: 'How amounts are written in the export.' })
  numberFormat!: JournalNumberFormat;

  @Field(() => String, { description: 'The journal (dagboek) code in the export.' })
  journalCode!: string;

  @Field(() => [JournalKindInfo], { description: 'The codes per account kind.' })
  kinds!: JournalKindInfo[];

  @Field(() => [JournalLedgerCode], { description: 'The municipality’s codes and the arrangements’ overrides.' })
  codes!: JournalLedgerCode[];

  @Field(() => [JournalArrangementRef], { description: 'The municipality’s arrangements (for overrides).' })
  arrangements!: JournalArrangementRef[];
}

@ObjectType({ description: 'The code an arrangement’s bookings of one kind get.' })
export class ArrangementLedgerCode {
  @Field(() => JournalAccountKind, { description: 'The account kind.' })
  kind!: JournalAccountKind;

  @Field(() => String, { description: 'The account kind’s name (Dutch).' })
  label!: string;

  @Field(() => String, { description: 'Empty when nothing is set.' })
  glAccount!: string;

  @Field(() => String, { description: 'The cost centre the account kind’s bookings get.' })
  costCentre!: string;

  @Field(() => Boolean, { description: 'True when the arrangement has its own code (else the municipality’s).' })
  overridden!: boolean;
}

@ObjectType({ description: 'The ledger codes of an arrangement’s bookings.' })
export class ArrangementLedgerCodes {
  @Field(() => ID, { description: 'The id of the arrangement’s municipality.' })
  municipalityId!: string;

  @Field(() => [ArrangementLedgerCode], { description: 'The codes per account kind.' })
  codes!: ArrangementLedgerCode[];
}

@InputType({ description: 'Rules: src/rules/journal.ts (shared with the client).' })
export class JournalLedgerCodeInput {
  @Field(() => ID, { description: 'The id of the municipality.' })
  municipalityId!: string;

  @Field(() => JournalAccountKind, { description: 'The account kind.' })
  kind!: JournalAccountKind;

  @Field(() => ID, { nullable: true, description: 'An arrangement’s override; with an empty account: removes it.' })
  arrangementId?: string | null;

  @Field(() => String, { description: 'Letters, digits, . - /; at most 20.' })
  glAccount!: string;

  @Field(() => String, { description: 'The cost centre.', defaultValue: '' })
  costCentre!: string;
}

@InputType({ description: 'The journal export’s settings of a municipality.' })
export class JournalSettingsInput {
  @Field(() => ID, { description: 'The id of the municipality.' })
  municipalityId!: string;

  @Field(() => JournalNumberFormat, { description: 'How amounts are written in the export.' })
  numberFormat!: JournalNumberFormat;

  @Field(() => String, { description: 'The journal (dagboek) code the export books into.' })
  journalCode!: string;
}

@ObjectType({ description: 'The result of changing ledger codes or the export format.' })
export class JournalLedgerCodesPayload extends Payload(JournalLedgerCodes, 'ledgerCodes') {}

@ObjectType({ description: 'A journal period: one month.' })
export class JournalPeriod {
  @Field(() => ID, { description: 'The id of the municipality.' })
  municipalityId!: string;

  @Field(() => String, { description: 'YYYY-MM.' })
  period!: string;

  @Field(() => String, { description: 'Dutch, e.g. "november 2026".' })
  label!: string;

  @Field(() => Date, { nullable: true, description: 'The last export.' })
  exportedAt!: Date | null;

  @Field(() => Int, { description: 'How often the period was exported.' })
  exportCount!: number;

  @Field(() => Date, { nullable: true, description: 'When it was closed; null while open.' })
  closedAt!: Date | null;

  @Field(() => String, { description: 'Where the CSV export of this period is downloaded (GET, JOURNAL_EXPORT).' })
  exportUrl!: string;
}

@ObjectType({ description: 'The totals of one general-ledger account (and cost centre) in a period.' })
export class JournalAccountTotal {
  @Field(() => JournalAccountKind, { description: 'The account kind.' })
  kind!: JournalAccountKind;

  @Field(() => String, { description: 'The account kind’s name (Dutch).' })
  label!: string;

  @Field(() => String, { nullable: true, description: 'Null when not mapped yet.' })
  glAccount!: string | null;

  @Field(() => String, { description: 'The cost centre; null when none is set.', nullable: true })
  costCentre!: string | null;

  @Field(() => Float, { description: 'Cents (a whole number; Float because a month can pass 2³¹).' })
  debitCents!: number;

  @Field(() => Float, { description: 'Cents (a whole number).' })
  creditCents!: number;
}

@ObjectType({ description: 'One line of a journal entry.' })
export class JournalLine {
  @Field(() => String, { description: 'YYYY-MM-DD.' })
  bookingDate!: string;

  @Field(() => ID, { description: 'The ledger transaction (one journal entry).' })
  transactionId!: string;

  @Field(() => String, { description: 'What the line books (Dutch).' })
  description!: string;

  @Field(() => String, { description: 'The order number, else the ledger transaction.' })
  reference!: string;

  @Field(() => JournalAccountKind, { description: 'The account kind.' })
  kind!: JournalAccountKind;

  @Field(() => String, { description: 'The account kind’s name (Dutch).' })
  label!: string;

  @Field(() => String, { description: 'The general-ledger account; null when none is set.', nullable: true })
  glAccount!: string | null;

  @Field(() => String, { description: 'The cost centre; null when none is set.', nullable: true })
  costCentre!: string | null;

  @Field(() => Int, { description: 'Debit, in cents.' })
  debitCents!: number;

  @Field(() => Int, { description: 'Credit, in cents.' })
  creditCents!: number;
}

@ObjectType({ description: 'A period’s entries, derived from the ledger when read.' })
export class JournalPeriodDetail extends JournalPeriod {
  @Field(() => Int, { description: 'Journal entries (ledger transactions) in the period.' })
  transactionCount!: number;

  @Field(() => Float, { description: 'Cents (a whole number; Float because a month can pass 2³¹).' })
  debitCents!: number;

  @Field(() => Float, { description: 'Cents (a whole number).' })
  creditCents!: number;

  @Field(() => [JournalAccountTotal], { description: 'The totals per account.' })
  accounts!: JournalAccountTotal[];

  @Field(() => [String], { description: 'Dutch names of ledger accounts without a general-ledger account.' })
  unmapped!: string[];

  @Field(() => [JournalLine], { description: 'The first entries’ lines (the export has them all).' })
  lines!: JournalLine[];
}

@ObjectType({ description: 'The result of closing a journal period.' })
export class JournalPeriodPayload extends Payload(JournalPeriod, 'period') {}
