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
  name: 'JournalAccountKind',
  description: 'A kind of ledger account that is mapped onto a general-ledger account (journaalposten/instellingen).',
});

export enum JournalNumberFormat {
  NL = 'NL',
  INTERNATIONAL = 'INTERNATIONAL',
}
registerEnumType(JournalNumberFormat, {
  name: 'JournalNumberFormat',
  description: 'NL: 1.234,56 with ; between the columns. INTERNATIONAL: 1234.56 with , between the columns.',
});

@ObjectType({ description: 'One kind of ledger account: what it receives and whether it can differ per arrangement.' })
export class JournalKindInfo {
  @Field(() => JournalAccountKind)
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
  @Field(() => JournalAccountKind)
  kind!: JournalAccountKind;

  @Field(() => ID, {
    nullable: true,
    description: 'Null: the municipality’s code; otherwise an arrangement’s override.',
  })
  arrangementId!: string | null;

  @Field(() => String, { nullable: true })
  arrangementName!: string | null;

  @Field(() => String)
  glAccount!: string;

  @Field(() => String, { description: 'Empty when none.' })
  costCentre!: string;
}

@ObjectType()
export class JournalArrangementRef {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  name!: string;
}

@ObjectType({ description: 'The ledger codes and export format of one municipality.' })
export class JournalLedgerCodes {
  @Field(() => ID)
  municipalityId!: string;

  @Field(() => JournalNumberFormat)
  numberFormat!: JournalNumberFormat;

  @Field(() => String, { description: 'The journal (dagboek) code in the export.' })
  journalCode!: string;

  @Field(() => [JournalKindInfo])
  kinds!: JournalKindInfo[];

  @Field(() => [JournalLedgerCode], { description: 'The municipality’s codes and the arrangements’ overrides.' })
  codes!: JournalLedgerCode[];

  @Field(() => [JournalArrangementRef], { description: 'The municipality’s arrangements (for overrides).' })
  arrangements!: JournalArrangementRef[];
}

@ObjectType({ description: 'The code an arrangement’s bookings of one kind get.' })
export class ArrangementLedgerCode {
  @Field(() => JournalAccountKind)
  kind!: JournalAccountKind;

  @Field(() => String)
  label!: string;

  @Field(() => String, { description: 'Empty when nothing is set.' })
  glAccount!: string;

  @Field(() => String)
  costCentre!: string;

  @Field(() => Boolean, { description: 'True when the arrangement has its own code (else the municipality’s).' })
  overridden!: boolean;
}

@ObjectType({ description: 'The ledger codes of an arrangement’s bookings.' })
export class ArrangementLedgerCodes {
  @Field(() => ID)
  municipalityId!: string;

  @Field(() => [ArrangementLedgerCode])
  codes!: ArrangementLedgerCode[];
}

@InputType({ description: 'Rules: src/rules/journal.ts (shared with the client).' })
export class JournalLedgerCodeInput {
  @Field(() => ID)
  municipalityId!: string;

  @Field(() => JournalAccountKind)
  kind!: JournalAccountKind;

  @Field(() => ID, { nullable: true, description: 'An arrangement’s override; with an empty account: removes it.' })
  arrangementId?: string | null;

  @Field(() => String, { description: 'Letters, digits, . - /; at most 20.' })
  glAccount!: string;

  @Field(() => String, { defaultValue: '' })
  costCentre!: string;
}

@InputType()
export class JournalSettingsInput {
  @Field(() => ID)
  municipalityId!: string;

  @Field(() => JournalNumberFormat)
  numberFormat!: JournalNumberFormat;

  @Field(() => String)
  journalCode!: string;
}

@ObjectType({ description: 'The result of changing ledger codes or the export format.' })
export class JournalLedgerCodesPayload extends Payload(JournalLedgerCodes, 'ledgerCodes') {}

@ObjectType({ description: 'A journal period: one month.' })
export class JournalPeriod {
  @Field(() => ID)
  municipalityId!: string;

  @Field(() => String, { description: 'YYYY-MM.' })
  period!: string;

  @Field(() => String, { description: 'Dutch, e.g. "november 2026".' })
  label!: string;

  @Field(() => Date, { nullable: true, description: 'The last export.' })
  exportedAt!: Date | null;

  @Field(() => Int)
  exportCount!: number;

  @Field(() => Date, { nullable: true, description: 'When it was closed; null while open.' })
  closedAt!: Date | null;

  @Field(() => String, { description: 'Where the CSV export of this period is downloaded (GET, JOURNAL_EXPORT).' })
  exportUrl!: string;
}

@ObjectType({ description: 'The totals of one general-ledger account (and cost centre) in a period.' })
export class JournalAccountTotal {
  @Field(() => JournalAccountKind)
  kind!: JournalAccountKind;

  @Field(() => String)
  label!: string;

  @Field(() => String, { nullable: true, description: 'Null when not mapped yet.' })
  glAccount!: string | null;

  @Field(() => String, { nullable: true })
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

  @Field(() => String)
  description!: string;

  @Field(() => String, { description: 'The order number, else the ledger transaction.' })
  reference!: string;

  @Field(() => JournalAccountKind)
  kind!: JournalAccountKind;

  @Field(() => String)
  label!: string;

  @Field(() => String, { nullable: true })
  glAccount!: string | null;

  @Field(() => String, { nullable: true })
  costCentre!: string | null;

  @Field(() => Int)
  debitCents!: number;

  @Field(() => Int)
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

  @Field(() => [JournalAccountTotal])
  accounts!: JournalAccountTotal[];

  @Field(() => [String], { description: 'Dutch names of ledger accounts without a general-ledger account.' })
  unmapped!: string[];

  @Field(() => [JournalLine], { description: 'The first entries’ lines (the export has them all).' })
  lines!: JournalLine[];
}

@ObjectType({ description: 'The result of closing a journal period.' })
export class JournalPeriodPayload extends Payload(JournalPeriod, 'period') {}
