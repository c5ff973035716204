import { Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { GraphQLJSONObject } from 'graphql-scalars';
import { Connection } from '../../graphql/pagination.js';
import { Payload } from '../../graphql/payload.js';
import { PersonalData, PersonalDataKind } from '../../graphql/personal-data.js';

/** The GraphQL face of online applications (aanvragen). Rules: src/rules/application.ts (shared with the client). */

export enum ApplicationStatus {
  DRAFT = 'DRAFT',
  SUBMITTED = 'SUBMITTED',
  IN_ASSESSMENT = 'IN_ASSESSMENT',
  WAITING_FOR_RESIDENT = 'WAITING_FOR_RESIDENT',
  APPROVED = 'APPROVED',
  PARTLY_APPROVED = 'PARTLY_APPROVED',
  DECLINED = 'DECLINED',
  WITHDRAWN = 'WITHDRAWN',
}
registerEnumType(ApplicationStatus, {
  name: 'ApplicationStatus',
  description: 'Where an application is: DRAFT → SUBMITTED → IN_ASSESSMENT ⇄ WAITING_FOR_RESIDENT → a decision.',
  valuesConfig: {
    DRAFT: { description: 'Being filled in by the resident (concept).' },
    SUBMITTED: { description: 'Sent, not yet picked up by an assessor.' },
    IN_ASSESSMENT: { description: 'An assessor is assessing it.' },
    WAITING_FOR_RESIDENT: { description: 'The assessor asked the resident a question.' },
    APPROVED: { description: 'Granted in full (an assignment through the ledger).' },
    PARTLY_APPROVED: { description: 'Granted for a lower amount, with a reason.' },
    DECLINED: { description: 'Declined, with a reason.' },
    WITHDRAWN: { description: 'Withdrawn by the resident.' },
  },
});

export enum ApplicationDecision {
  APPROVED = 'APPROVED',
  PARTLY_APPROVED = 'PARTLY_APPROVED',
  DECLINED = 'DECLINED',
}
registerEnumType(ApplicationDecision, {
  name: 'ApplicationDecision',
  description: 'An assessor’s decision.',
  valuesConfig: {
    APPROVED: { description: 'Grant the expected amount.' },
    PARTLY_APPROVED: { description: 'Grant a lower amount, with a reason.' },
    DECLINED: { description: 'Decline, with a reason.' },
  },
});

@ObjectType({ description: 'An arrangement’s application form: open or not, period, questions and amount.' })
export class ApplicationFormView {
  @Field(() => ID, { description: 'The id of the arrangement.' })
  arrangementId!: string;

  @Field(() => String, { description: 'The arrangement’s name.' })
  arrangementName!: string;

  @Field(() => String, { description: 'The arrangement’s slug (for its URL).' })
  arrangementSlug!: string;

  @Field(() => String, { description: 'The arrangement’s description.' })
  description!: string;

  @Field(() => ID, { description: 'The id of the municipality.' })
  municipalityId!: string;

  @Field(() => String, { description: 'The municipality’s name.' })
  municipalityName!: string;

  @Field(() => String, { description: 'The municipality’s name in URLs.' })
  municipalitySlug!: string;

  @Field(() => Boolean, { description: 'Whether staff opened it for applications.' })
  open!: boolean;

  @Field(() => Boolean, { description: 'Open, and today falls in its period: residents can apply now.' })
  openNow!: boolean;

  @Field(() => String, { description: 'First day applications are taken (YYYY-MM-DD).' })
  opensOn!: string;

  @Field(() => String, { description: 'Last day applications are taken (YYYY-MM-DD).' })
  closesOn!: string;

  @Field(() => [GraphQLJSONObject], {
    description: 'The questions (CriterionDefinition of src/rules/application.ts): key, type, question, rule, proof.',
  })
  criteria!: Record<string, unknown>[];

  @Field(() => GraphQLJSONObject, { description: 'How the amount is computed (AmountDefinition).' })
  amount!: Record<string, unknown>;

  @Field(() => GraphQLJSONObject, {
    description: 'The social minimum per household type (euros per month) per year, for an income rule.',
  })
  socialMinimum!: Record<string, unknown>;
}

@ObjectType({
  description:
    'A member of the resident’s household as the municipality registered them: what an application already knows.',
})
export class KnownHouseholdMember {
  @Field(() => String, { description: 'First name.' })
  @PersonalData(PersonalDataKind.NAME)
  firstName!: string;

  @Field(() => String, { description: 'Last name.' })
  @PersonalData(PersonalDataKind.NAME)
  lastName!: string;

  @Field(() => String, { nullable: true, description: 'Date of birth (YYYY-MM-DD), when known.' })
  @PersonalData(PersonalDataKind.BIRTH_DATE)
  dateOfBirth!: string | null;
}

@ObjectType({ description: 'A member of staff who may assess an application (the choice of assessor).' })
export class ApplicationAssessor {
  @Field(() => ID, { description: 'The admin account.' })
  id!: string;

  @Field(() => String, { description: 'Their name.' })
  name!: string;
}

@ObjectType({ description: 'An assessor’s verdict on one criterion.' })
export class CriterionAssessmentView {
  @Field(() => String, { description: 'The key of the question (criterion).' })
  criterionKey!: string;

  @Field(() => Boolean, { description: 'Whether the criterion is met.' })
  met!: boolean;

  @Field(() => String, { description: 'The assessor’s note (staff only).', nullable: true })
  note!: string | null;

  @Field(() => Date, { description: 'When it happened.' })
  at!: Date;
}

@ObjectType({ description: 'One step of an application’s timeline.' })
export class ApplicationEventView {
  @Field(() => ID, { description: 'The id.' })
  id!: string;

  @Field(() => Date, { description: 'When it happened.' })
  at!: Date;

  @Field(() => String, {
    description:
      'CREATED, SUBMITTED, ASSESSMENT_STARTED, QUESTION_ASKED, QUESTION_ANSWERED, PROOF_ADDED, CRITERION_ASSESSED, ' +
      'DECISION_PROPOSED, APPROVED, PARTLY_APPROVED, DECLINED, WITHDRAWN, ASSESSOR_ASSIGNED',
  })
  kind!: string;

  @Field(() => String, { description: 'Dutch: what happened, as the resident reads it.' })
  label!: string;

  @Field(() => String, { nullable: true, description: 'A question, answer or reason that goes with the step.' })
  text!: string | null;

  @Field(() => Boolean, { description: 'A step only staff see.' })
  internal!: boolean;
}

@ObjectType({ description: 'A decision above the four-eyes amount, waiting for a second person.' })
export class DecisionProposalView {
  @Field(() => ApplicationDecision, { description: 'The decision.' })
  decision!: ApplicationDecision;

  @Field(() => Int, { description: 'The amount (cents).' })
  amountCents!: number;

  @Field(() => String, { description: 'The reason the resident reads.', nullable: true })
  reason!: string | null;

  @Field(() => String, { description: 'Who proposed it.' })
  proposedByName!: string;

  @Field(() => Date, { description: 'When it happened.' })
  at!: Date;
}

@ObjectType({ description: 'A proof file of an application (the file itself is downloaded through its route).' })
export class ApplicationProofView {
  @Field(() => ID, { description: 'The id.' })
  id!: string;

  @Field(() => String, { description: 'The key of the question (criterion).' })
  criterionKey!: string;

  @Field(() => String, { description: 'The file’s name as uploaded.' })
  fileName!: string;

  @Field(() => String, { description: 'The file’s media type (image/jpeg, image/png, application/pdf).' })
  contentType!: string;

  @Field(() => Int, { description: 'The file’s size in bytes.' })
  sizeBytes!: number;

  @Field(() => Date, { description: 'When it was uploaded.' })
  uploadedAt!: Date;

  @Field(() => Boolean, { description: 'Deleted after the retention period (the decision stays).' })
  purged!: boolean;
}

@ObjectType({ description: 'An application (aanvraag) for an arrangement.' })
export class ApplicationView {
  @Field(() => ID, { description: 'The id.' })
  id!: string;

  /** Not in the schema: the person and household it is about, for the audit of personal-data reads. */
  personId!: string;
  clientGroupId!: string;

  @Field(() => String, { description: 'Its number, for the resident and staff (AV-000123).' })
  number!: string;

  @Field(() => ApplicationStatus, { description: 'Where the application is.' })
  status!: ApplicationStatus;

  @Field(() => ID, { description: 'The id of the arrangement.' })
  arrangementId!: string;

  @Field(() => String, { description: 'The arrangement’s name.' })
  arrangementName!: string;

  @Field(() => String, { description: 'The municipality’s name.' })
  municipalityName!: string;

  @Field(() => GraphQLJSONObject, { description: 'The answers per question key (text, or a list of texts).' })
  @PersonalData(PersonalDataKind.FINANCIAL)
  answers!: Record<string, unknown>;

  @Field(() => [GraphQLJSONObject], { description: 'The questions as they were when the resident answered them.' })
  criteria!: Record<string, unknown>[];

  @Field(() => GraphQLJSONObject, { description: 'How the amount is computed.' })
  amount!: Record<string, unknown>;

  @Field(() => Int, { description: 'The amount the answers lead to (cents).' })
  expectedAmountCents!: number;

  @Field(() => Int, { nullable: true, description: 'The amount granted (cents); null until approved.' })
  decidedAmountCents!: number | null;

  @Field(() => String, {
    nullable: true,
    description: 'Why it was declined or approved for less (the resident reads it).',
  })
  decisionReason!: string | null;

  @Field(() => String, { nullable: true, description: 'The open question to the resident, while it waits for them.' })
  openQuestion!: string | null;

  @Field(() => Date, { description: 'When it was started.' })
  createdAt!: Date;

  @Field(() => Date, { description: 'When it was submitted; null for a draft.', nullable: true })
  submittedAt!: Date | null;

  @Field(() => Date, { description: 'When it was decided or withdrawn; null while open.', nullable: true })
  decidedAt!: Date | null;

  @Field(() => ID, { nullable: true, description: 'The assignment an approval granted.' })
  assignmentId!: string | null;

  @Field(() => [ApplicationEventView], { description: 'The timeline, oldest first (staff also see internal steps).' })
  timeline!: ApplicationEventView[];

  @Field(() => [ApplicationProofView], { description: 'The proof files, oldest first.' })
  proofs!: ApplicationProofView[];

  // ---- for staff -------------------------------------------------------------------------------------------------

  @Field(() => String, { nullable: true, description: 'Staff only: the applicant’s name.' })
  @PersonalData(PersonalDataKind.NAME)
  applicantName!: string | null;

  @Field(() => String, { nullable: true, description: 'Staff only: the household’s client number.' })
  @PersonalData(PersonalDataKind.CLIENT_NUMBER)
  clientNumber!: string | null;

  @Field(() => ID, { nullable: true, description: 'Staff only: the assessor’s admin account.' })
  assessorId!: string | null;

  @Field(() => String, { nullable: true, description: 'Staff only: the assessor’s name.' })
  assessorName!: string | null;

  @Field(() => [CriterionAssessmentView], { description: 'Staff only: the verdict per criterion.' })
  assessments!: CriterionAssessmentView[];

  @Field(() => DecisionProposalView, { nullable: true, description: 'Staff only: a decision awaiting confirmation.' })
  proposal!: DecisionProposalView | null;
}

@ObjectType({ description: 'A row of the staff work list.' })
export class ApplicationListItem {
  @Field(() => ID, { description: 'The id.' })
  id!: string;

  /** Not in the schema: the person and household it is about, for the audit of personal-data reads. */
  personId!: string;
  clientGroupId!: string;

  @Field(() => String, { description: 'The application’s number (AV-000123).' })
  number!: string;

  @Field(() => ApplicationStatus, { description: 'Where the application is.' })
  status!: ApplicationStatus;

  @Field(() => String, { description: 'The arrangement’s name.' })
  arrangementName!: string;

  @Field(() => String, { description: 'The applicant’s name.' })
  @PersonalData(PersonalDataKind.NAME)
  applicantName!: string;

  @Field(() => Date, { description: 'When it was submitted; null for a draft.', nullable: true })
  submittedAt!: Date | null;

  @Field(() => Int, { description: 'Whole days since it was submitted (0 for a draft).' })
  ageDays!: number;

  @Field(() => Int, { description: 'The amount the answers lead to (cents).' })
  expectedAmountCents!: number;

  @Field(() => String, { description: 'The assessor’s name; null when nobody assesses it yet.', nullable: true })
  assessorName!: string | null;

  @Field(() => Boolean, { description: 'A decision above the four-eyes amount waits for confirmation.' })
  awaitingConfirmation!: boolean;
}

@ObjectType({ description: 'A page of the work list (keyset paging).' })
export class ApplicationConnection extends Connection(ApplicationListItem, 'ApplicationListItem') {}

@InputType({ description: 'Filters of the work list; all optional, combined with AND.' })
export class ApplicationFilter {
  @Field(() => ApplicationStatus, { nullable: true, description: 'Only this status (drafts are never listed).' })
  status?: ApplicationStatus | null;

  @Field(() => ID, { description: 'The id of the arrangement.', nullable: true })
  arrangementId?: string | null;

  @Field(() => ID, { nullable: true, description: 'Only those of this assessor.' })
  assessorId?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'true: only those without an assessor.' })
  unassigned?: boolean | null;

  @Field(() => String, { nullable: true, description: 'The application’s number (exact) or part of the name.' })
  search?: string | null;
}

@InputType({ description: 'An arrangement’s application form as staff configure it.' })
export class ApplicationFormInput {
  @Field(() => Boolean, { description: 'Whether residents may apply (within the period).' })
  open!: boolean;

  @Field(() => String, { description: 'YYYY-MM-DD' })
  opensOn!: string;

  @Field(() => String, { description: 'YYYY-MM-DD' })
  closesOn!: string;

  @Field(() => [GraphQLJSONObject], { description: 'The questions (CriterionDefinition).' })
  criteria!: Record<string, unknown>[];

  @Field(() => GraphQLJSONObject, { description: 'The amount (AmountDefinition).' })
  amount!: Record<string, unknown>;
}

@InputType({ description: 'A decision on an application.' })
export class DecideApplicationInput {
  @Field(() => ID, { description: 'The id of the application.' })
  applicationId!: string;

  @Field(() => ApplicationDecision, { description: 'The decision.' })
  decision!: ApplicationDecision;

  @Field(() => Int, { nullable: true, description: 'PARTLY_APPROVED: the lower amount (cents).' })
  amountCents?: number | null;

  @Field(() => String, { nullable: true, description: 'PARTLY_APPROVED and DECLINED: the reason the resident reads.' })
  reason?: string | null;
}

@InputType({ description: 'An assessor’s verdict on one criterion.' })
export class AssessCriterionInput {
  @Field(() => ID, { description: 'The id of the application.' })
  applicationId!: string;

  @Field(() => String, { description: 'The key of the question (criterion).' })
  criterionKey!: string;

  @Field(() => Boolean, { description: 'Whether the criterion is met.' })
  met!: boolean;

  @Field(() => String, { description: 'The assessor’s note (staff only).', nullable: true })
  note?: string | null;
}

@ObjectType({ description: 'The result of an application mutation.' })
export class ApplicationPayload extends Payload(ApplicationView, 'application') {}

@ObjectType({ description: 'The result of saving an application form.' })
export class ApplicationFormPayload extends Payload(ApplicationFormView, 'form') {}

@ObjectType({ description: 'The dashboard’s numbers of online applications, within the viewer’s scope.' })
export class ApplicationNumbers {
  @Field(() => Int, { description: 'Applications waiting: submitted, in assessment or waiting for the resident.' })
  waiting!: number;

  @Field(() => Float, {
    nullable: true,
    description: 'The median days from submission to decision (one decimal); null before the first decision.',
  })
  medianDaysToDecision!: number | null;
}
