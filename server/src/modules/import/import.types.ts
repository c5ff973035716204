import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Payload } from '../../graphql/payload.js';

export enum ImportStatusEnum {
  DRY_RUN = 'DRY_RUN',
  APPLYING = 'APPLYING',
  APPLIED = 'APPLIED',
}
registerEnumType(ImportStatusEnum, {
  valuesConfig: {
    APPLIED: { description: 'Applied: the rows are in.' },
    APPLYING: { description: 'Being applied in the background.' },
    DRY_RUN: { description: 'Checked only; nothing changed yet.' },
  },
  name: 'ImportStatus',
  description: 'DRY_RUN: checked, nothing written yet; APPLYING: the job is writing; APPLIED: done.',
});

export enum ImportEncodingEnum {
  UTF_8 = 'UTF-8',
  WINDOWS_1252 = 'WINDOWS-1252',
}
registerEnumType(ImportEncodingEnum, {
  name: 'ImportEncoding',
  description: 'The character encoding an import file was read in.',
  valuesConfig: {
    UTF_8: { description: 'UTF-8 (with or without a byte order mark), e.g. "CSV UTF-8".' },
    WINDOWS_1252: {
      description: 'Windows-1252: what Dutch Excel saves as "CSV (gescheiden door lijstscheidingsteken)".',
    },
  },
});

@ObjectType({
  description:
    'A row of an import file with a problem (invalid) or a note (grants nothing): where, and why (in Dutch).',
})
export class ImportProblem {
  @Field(() => Int, { description: 'The line in the file (the header is line 1).' })
  line!: number;

  @Field(() => String, { nullable: true, description: 'The column, or null for the row as a whole.' })
  column!: string | null;

  @Field(() => String, { nullable: true, description: 'The client number on the row, when it has one.' })
  externalIdentifier!: string | null;

  @Field(() => String, { description: 'What is wrong with the row (Dutch).' })
  message!: string;
}

@ObjectType({ description: 'One imported file: its dry run and, once applied, its progress and outcome.' })
export class ImportRun {
  @Field(() => ID, { description: 'The import’s id.' })
  id!: string;

  @Field(() => ID, { description: 'The id of the municipality imported into.' })
  municipalityId!: string;

  @Field(() => String, { description: 'The municipality imported into.' })
  municipalityName!: string;

  @Field(() => String, { description: 'Who uploaded it.' })
  createdByName!: string;

  @Field(() => String, { description: 'The uploaded file’s name.' })
  fileName!: string;

  @Field(() => String, { description: 'The separator recognised from the header row: "," or ";".' })
  delimiter!: string;

  @Field(() => ImportEncodingEnum, { description: 'The character encoding the file was read in.' })
  encoding!: ImportEncodingEnum;

  @Field(() => ImportStatusEnum, { description: 'Where the import is.' })
  status!: ImportStatusEnum;

  @Field(() => Int, { description: 'The rows in the file.' })
  totalRows!: number;

  @Field(() => Int, { description: 'Rows that would create a person or household (dry run).' })
  newRows!: number;

  @Field(() => Int, { description: 'Rows that would change an existing person or household (dry run).' })
  changedRows!: number;

  @Field(() => Int, { description: 'Rows that match what is there already.' })
  unchangedRows!: number;

  @Field(() => Int, { description: 'Rows with a problem; they are skipped.' })
  invalidRows!: number;

  @Field(() => Int, { description: 'Rows with an outcome (invalid rows count as skipped).' })
  processedRows!: number;

  @Field(() => Int, { description: 'Rows that created a person or household (applied).' })
  createdRows!: number;

  @Field(() => Int, { description: 'Rows that changed a person or household (applied).' })
  updatedRows!: number;

  @Field(() => Int, { description: 'Rows that failed while applying.' })
  failedRows!: number;

  @Field(() => Int, {
    description:
      'Rows that grant their arrangement (dry run): one per household for an arrangement for the household, one per member who fits an arrangement for some members.',
  })
  grantRows!: number;

  @Field(() => Int, { description: 'Households that receive at least one grant (dry run).' })
  grantHouseholds!: number;

  @Field(() => Int, {
    description: 'Rows with an arrangement that grant nothing (dry run); why is in `notes`.',
  })
  noGrantRows!: number;

  @Field(() => Int, { description: 'Rows whose grant was written (applied).' })
  grantedRows!: number;

  @Field(() => Date, { description: 'When the file was uploaded.' })
  createdAt!: Date;

  @Field(() => Date, { description: 'When applying started; null while it is a dry run.', nullable: true })
  startedAt!: Date | null;

  @Field(() => Date, { description: 'When applying finished; null while not done.', nullable: true })
  finishedAt!: Date | null;

  @Field(() => String, { description: 'The outcome per row as CSV (a download).' })
  outcomeUrl!: string;
}

@ObjectType({ description: 'The result of starting an import.' })
export class ImportRunPayload extends Payload(ImportRun, 'importRun') {}
