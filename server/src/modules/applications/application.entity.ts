import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Opt } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { applicationNow } from '../../kernel/clock.js';
import { IdEntity, TimestampedEntity } from '../../platform/entity.js';
import type { AmountDefinition, Answers, CriterionDefinition } from '../../rules/application.js';

export type ApplicationStatusValue =
  | 'DRAFT'
  | 'SUBMITTED'
  | 'IN_ASSESSMENT'
  | 'WAITING_FOR_RESIDENT'
  | 'APPROVED'
  | 'PARTLY_APPROVED'
  | 'DECLINED'
  | 'WITHDRAWN';

/** The statuses in which an application is open (one per household and arrangement: application_open_uq). */
export const OPEN_STATUSES: readonly ApplicationStatusValue[] = [
  'DRAFT',
  'SUBMITTED',
  'IN_ASSESSMENT',
  'WAITING_FOR_RESIDENT',
];

/** An assessor's verdict on one criterion. */
export interface CriterionAssessment {
  met: boolean;
  note: string | null;
  by: string;
  at: string;
}

/** A decision above the four-eyes amount, waiting for a second person's confirmation. */
export interface DecisionProposal {
  decision: 'APPROVED' | 'PARTLY_APPROVED';
  amountCents: number;
  reason: string | null;
  by: string;
  at: string;
}

/** The form of an application as it was when the resident answered it (later changes to the form do not apply). */
export interface FormSnapshot {
  criteria: CriterionDefinition[];
  amount: AmountDefinition;
}

/** An arrangement's application form (one per arrangement): open or not, period, questions, amount. */
@Entity({ tableName: 'application_form' })
export class ApplicationForm {
  @PrimaryKey({ type: 'uuid', fieldName: 'arrangement_id' })
  arrangementId!: string;

  @Property({ type: 'uuid' })
  municipalityId!: string;

  @Property({ type: 'boolean' })
  open: boolean & Opt = false;

  @Property({ type: 'date' })
  opensOn!: string;

  @Property({ type: 'date' })
  closesOn!: string;

  @Property({ type: 'json' })
  criteria!: CriterionDefinition[];

  @Property({ type: 'json' })
  amount!: AmountDefinition;

  @Property({ type: 'timestamptz' })
  createdAt: Date & Opt = applicationNow();

  @Property({ type: 'timestamptz', onUpdate: () => applicationNow() })
  updatedAt: Date & Opt = applicationNow();
}

/** A resident's application (aanvraag) for an arrangement, from draft to decision. */
@Entity({ tableName: 'application' })
export class Application extends TimestampedEntity {
  @Property({ type: 'text' })
  number!: string;

  @Property({ type: 'uuid' })
  arrangementId!: string;

  @Property({ type: 'uuid' })
  municipalityId!: string;

  @Property({ type: 'uuid' })
  clientGroupId!: string;

  @Property({ type: 'uuid' })
  personId!: string;

  @Property({ type: 'text' })
  status: ApplicationStatusValue & Opt = 'DRAFT';

  @Property({ type: 'json' })
  answers: Answers & Opt = {};

  @Property({ type: 'json' })
  form!: FormSnapshot;

  @Property({ type: 'json' })
  assessments: Record<string, CriterionAssessment> & Opt = {};

  @Property({ type: 'integer' })
  expectedAmountCents: number & Opt = 0;

  @Property({ type: 'integer', nullable: true })
  decidedAmountCents?: number | null;

  @Property({ type: 'text', nullable: true })
  decisionReason?: string | null;

  @Property({ type: 'uuid', nullable: true })
  assessorId?: string | null;

  @Property({ type: 'json', nullable: true })
  proposal?: DecisionProposal | null;

  @Property({ type: 'timestamptz', nullable: true })
  submittedAt?: Date | null;

  @Property({ type: 'timestamptz', nullable: true })
  decidedAt?: Date | null;

  @Property({ type: 'uuid', nullable: true })
  decidedBy?: string | null;

  @Property({ type: 'uuid', nullable: true })
  assignmentId?: string | null;
}

/** One step of an application's timeline; `internal` steps are for staff only. */
@Entity({ tableName: 'application_event' })
export class ApplicationEvent {
  @PrimaryKey({ type: 'uuid' })
  id: string & Opt = randomUUID();

  @Property({ type: 'uuid' })
  applicationId!: string;

  @Property({ type: 'timestamptz' })
  at!: Date;

  @Property({ type: 'text' })
  kind!: string;

  @Property({ type: 'text' })
  actorKind!: string;

  @Property({ type: 'uuid', nullable: true })
  actorId?: string | null;

  @Property({ type: 'text', nullable: true })
  text?: string | null;

  @Property({ type: 'boolean' })
  internal: boolean & Opt = false;
}

/** A proof file with an answer (its bytes in the file storage, encrypted; `fileKey` null once purged). */
@Entity({ tableName: 'application_proof' })
export class ApplicationProof extends IdEntity {
  @Property({ type: 'uuid' })
  applicationId!: string;

  @Property({ type: 'text' })
  criterionKey!: string;

  @Property({ type: 'text', nullable: true })
  fileKey?: string | null;

  @Property({ type: 'text' })
  fileName!: string;

  @Property({ type: 'text' })
  contentType!: string;

  @Property({ type: 'integer' })
  sizeBytes!: number;

  @Property({ type: 'timestamptz' })
  uploadedAt!: Date;

  @Property({ type: 'timestamptz', nullable: true })
  purgedAt?: Date | null;
}
