import { Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Opt, Ref } from '@mikro-orm/core';
import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { randomUUID } from 'node:crypto';
import { applicationNow } from '../../kernel/clock.js';
import { Municipality } from '../municipalities/index.js';
import { TermsVersion } from '../terms/index.js';
import type { AccessibilityStatusCode } from '../../rules/content-page.js';

/** The content pages; the value is the key stored in `content_page_version.page`. */
export enum ContentPageKind {
  HOW_IT_WORKS = 'how-it-works',
  PRIVACY = 'privacy',
  ACCESSIBILITY = 'accessibility',
  TERMS_RESIDENTS = 'terms-residents',
  TERMS_PROVIDERS = 'terms-providers',
}
registerEnumType(ContentPageKind, {
  name: 'ContentPageKind',
  description: 'A content page of the platform.',
  valuesConfig: {
    HOW_IT_WORKS: { description: 'How the platform works, for residents (/hoe-werkt-het).' },
    PRIVACY: { description: 'The privacy statement (/privacy).' },
    ACCESSIBILITY: { description: 'The accessibility statement (/toegankelijkheid), with its structured fields.' },
    TERMS_RESIDENTS: { description: 'The terms for residents (/voorwaarden).' },
    TERMS_PROVIDERS: {
      description:
        'The terms for providers, accepted when registering and when joining a municipality; one version per municipality or platform-wide.',
    },
  },
});

export enum AccessibilityStatus {
  COMPLIANT = 'COMPLIANT',
  PARTIALLY_COMPLIANT = 'PARTIALLY_COMPLIANT',
  NOT_COMPLIANT = 'NOT_COMPLIANT',
}
registerEnumType(AccessibilityStatus, {
  valuesConfig: {
    COMPLIANT: { description: 'Fully meets the requirements.' },
    NOT_COMPLIANT: { description: 'Does not meet the requirements.' },
    PARTIALLY_COMPLIANT: { description: 'Meets the requirements in part; the problems are listed.' },
  },
  name: 'AccessibilityStatus',
  description: 'The compliance status of the accessibility statement (model statement: voldoet / gedeeltelijk / niet).',
});

@ObjectType({ description: 'A known accessibility problem and what is done about it.' })
export class AccessibilityProblem {
  @Field(() => String, {
    description: 'What does not meet the accessibility requirements yet (Dutch, shown on the accessibility statement).',
  })
  description!: string;
  @Field(() => String, { description: 'The planned fix and when.' }) fix!: string;
}

/** The structured part of the accessibility statement (the Dutch model statement's fields). */
@ObjectType({ description: 'The fields of the accessibility statement, after the Dutch model statement.' })
export class AccessibilityStatement {
  @Field(() => AccessibilityStatus, {
    description: 'How far the site meets the accessibility requirements (WCAG 2.1 AA).',
  })
  status!: AccessibilityStatusCode;
  @Field(() => String, { description: 'Date of the last review (YYYY-MM-DD).' }) reviewedOn!: string;
  @Field(() => String, { description: 'How the site was reviewed.' }) reviewMethod!: string;
  @Field(() => [AccessibilityProblem], { description: 'The known problems and their planned fixes.' })
  problems!: AccessibilityProblem[];
  @Field(() => String, { description: 'The e-mail address where visitors report accessibility problems.' })
  contactEmail!: string;
  @Field(() => String, { description: 'Empty when none is given.' }) contactPhone!: string;
}

@InputType({ description: 'A known accessibility problem and its planned fix, for the accessibility statement.' })
export class AccessibilityProblemInput {
  @Field(() => String, { description: 'What does not meet the accessibility requirements yet (Dutch).' })
  description!: string;
  @Field(() => String, { description: 'What will be done about it and when (Dutch).' }) fix!: string;
}

@InputType({ description: 'The structured part of the accessibility statement (toegankelijkheidsverklaring).' })
export class AccessibilityStatementInput {
  @Field(() => String, { description: 'COMPLIANT, PARTIALLY_COMPLIANT or NOT_COMPLIANT.' }) status!: string;
  @Field(() => String, { description: 'The day of the last review, YYYY-MM-DD.' }) reviewedOn!: string;
  @Field(() => String, {
    description: 'How the site was reviewed, e.g. a self-assessment or an external audit (Dutch).',
  })
  reviewMethod!: string;
  @Field(() => [AccessibilityProblemInput], {
    description: 'The known problems and their planned fixes; empty when there are none.',
  })
  problems!: AccessibilityProblemInput[];
  @Field(() => String, { description: 'The e-mail address where visitors report accessibility problems.' })
  contactEmail!: string;
  @Field(() => String, { description: 'An optional phone number for accessibility questions.', nullable: true })
  contactPhone?: string | null;
}

@InputType({ description: 'A new draft of a content page.' })
export class ContentPageInput {
  @Field(() => String, { description: 'The page’s title (Dutch).' }) title!: string;
  @Field(() => String, { description: 'Markdown.' }) body!: string;
  @Field(() => AccessibilityStatementInput, {
    nullable: true,
    description: 'Only for the accessibility statement, where it is required.',
  })
  accessibility?: AccessibilityStatementInput | null;
}

/**
 * One version of a content page: every save is a new version (a draft until it is published). The published page is
 * the newest version with `publishedAt`; a draft is a version newer than that.
 */
@ObjectType({ description: 'One version of a content page.' })
@Entity({ tableName: 'content_page_version' })
export class ContentPageVersion {
  @Field(() => ID, { description: 'The version’s id.' })
  @PrimaryKey({ type: 'uuid' })
  id: string & Opt = randomUUID();

  @Field(() => ContentPageKind, { description: 'Which content page.' })
  @Property({ type: 'text' })
  page!: ContentPageKind;

  @ManyToOne(() => Municipality, { ref: true, nullable: true, deleteRule: 'cascade' })
  municipality?: Ref<Municipality> | null;

  @Field(() => Int, { description: 'The version number, counting from 1.' })
  @Property({ type: 'integer' })
  version!: number;

  @Field(() => String, { description: 'The page’s title in this version.' })
  @Property({ type: 'text' })
  title!: string;

  @Field(() => String, { description: 'Markdown, as written.' })
  @Property({ type: 'text' })
  body!: string;

  @Field(() => AccessibilityStatement, {
    description: 'The structured accessibility statement, for the accessibility page only.',
    nullable: true,
  })
  @Property({ type: 'json', nullable: true })
  accessibility?: AccessibilityStatement | null;

  @Field(() => Date, { nullable: true, description: 'When this version was published; null for a draft.' })
  @Property({ type: 'timestamptz', nullable: true })
  publishedAt?: Date | null;

  @Property({ type: 'uuid', nullable: true })
  publishedByAccountId?: string | null;

  @ManyToOne(() => TermsVersion, { ref: true, nullable: true, deleteRule: 'set null' })
  termsVersion?: Ref<TermsVersion> | null;

  @Field(() => Int, { nullable: true, description: 'The version this one restored.' })
  @Property({ type: 'integer', nullable: true })
  restoredFrom?: number | null;

  @Property({ type: 'uuid', nullable: true })
  authorAccountId?: string | null;

  @Field(() => String, { description: 'Who saved this version (the staff member’s name).' })
  @Property({ type: 'text' })
  authorName: string & Opt = '';

  @Field(() => Date, { description: 'When this version was saved.' })
  @Property({ type: 'timestamptz' })
  createdAt: Date & Opt = applicationNow();
}

/** A page for its editors: what the public sees, the draft, and every version. */
@ObjectType({ description: 'A content page as its editors see it.' })
export class ContentPage {
  @Field(() => ContentPageKind, { description: 'Which content page.' }) page!: ContentPageKind;
  @Field(() => ID, {
    description: 'The municipality, for the providers’ terms of one municipality; null for platform-wide pages.',
    nullable: true,
  })
  municipalityId!: string | null;
  @Field(() => ContentPageVersion, { nullable: true, description: 'What the public sees; null before the first.' })
  published!: ContentPageVersion | null;
  @Field(() => ContentPageVersion, {
    nullable: true,
    description: 'The newest version when it is newer than the published one.',
  })
  draft!: ContentPageVersion | null;
  @Field(() => [ContentPageVersion], { description: 'Every version, newest first.' })
  versions!: ContentPageVersion[];
}
