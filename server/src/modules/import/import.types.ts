import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Payload } from '../../graphql/payload.js';

export enum ImportStatusEnum {
  DRY_RUN = 'DRY_RUN',
  APPLYING = 'APPLYING',
  APPLIED = 'APPLIED',
}
registerEnumType(ImportStatusEnum, {
  name: 'ImportStatus',
  description: 'DRY_RUN: checked, nothing written yet; APPLYING: the job is writing; APPLIED: done.',
});

@ObjectType({ description: 'An invalid row of an import file: where, and why (in Dutch).' })
export class ImportProblem {
  @Field(() => Int, { description: 'The line in the file (the header is line 1).' })
  line!: number;

  @Field(() => String, { nullable: true, description: 'The column, or null for the row as a whole.' })
  column!: string | null;

  @Field(() => String, { nullable: true, description: 'The client number on the row, when it has one.' })
  externalIdentifier!: string | null;

  @Field(() => String)
  message!: string;
}

@ObjectType({ description: 'One imported file: its dry run and, once applied, its progress and outcome.' })
export class ImportRun {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  municipalityId!: string;

  @Field(() => String)
  municipalityName!: string;

  @Field(() => String, { description: 'Who uploaded it.' })
  createdByName!: string;

  @Field(() => String)
  fileName!: string;

  @Field(() => String, { description: 'The separator recognised from the header row: "," or ";".' })
  delimiter!: string;

  @Field(() => ImportStatusEnum)
  status!: ImportStatusEnum;

  @Field(() => Int)
  totalRows!: number;

  @Field(() => Int)
  newRows!: number;

  @Field(() => Int)
  changedRows!: number;

  @Field(() => Int)
  unchangedRows!: number;

  @Field(() => Int)
  invalidRows!: number;

  @Field(() => Int, { description: 'Rows with an outcome (invalid rows count as skipped).' })
  processedRows!: number;

  @Field(() => Int)
  createdRows!: number;

  @Field(() => Int)
  updatedRows!: number;

  @Field(() => Int)
  failedRows!: number;

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => Date, { nullable: true })
  startedAt!: Date | null;

  @Field(() => Date, { nullable: true })
  finishedAt!: Date | null;

  @Field(() => String, { description: 'The outcome per row as CSV (a download).' })
  outcomeUrl!: string;
}

@ObjectType({ description: 'The result of starting an import.' })
export class ImportRunPayload extends Payload(ImportRun, 'importRun') {}
