import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import { UserError } from '../../kernel/errors.js';
import { Audience } from '../../kernel/permissions.js';
import { isUuid } from '../../graphql/ids.js';
import { keysetPage } from '../../graphql/keyset.js';
import type { ConnectionOf, ListArgs } from '../../graphql/pagination.js';
import { inScope, scopeSql } from '../../kernel/scope.js';
import { today } from '../../kernel/clock.js';
import { ownAdminAccountId } from '../../kernel/viewer.js';
import { transactional, type RequestContext } from '../../kernel/request-context.js';
import { fail, failIfAny, ok, problem, type Result } from '../../kernel/result.js';
import {
  answerToQuestion,
  assessmentNote,
  checkAnswers,
  checkFormDefinition,
  decisionReason,
  expectedAmountCents,
  formOpenOn,
  partialAmount,
  questionToResident,
  type AmountDefinition,
  type ApplicationFormDefinition,
  type Answers,
  type CriterionDefinition,
  type RuleEnvironment,
} from '../../rules/application.js';
import type { AuditAction, AuditService } from '../audit/index.js';
import { actorOf, Arrangement, type AssignmentService } from '../arrangements/index.js';
import type { MessageService } from '../messages/index.js';
import type { MailService } from '../communication/index.js';
import { appLink } from '../../platform/links.js';
import type { SettingsService } from '../settings/index.js';
import {
  Application,
  ApplicationEvent,
  ApplicationForm,
  ApplicationProof,
  OPEN_STATUSES,
  type ApplicationStatusValue,
} from './application.entity.js';
import * as q from './application.queries.js';
import { kindOf, openFile, pdfHasActiveContent, sealFile } from './proof.js';
import type { FileStorage } from '../../integrations/storage/file-storage.js';
import { encodeImage } from '../../platform/images.js';
import { csvText } from '../../platform/csv.js';
import { APPLICATION_LIMITS } from '../../rules/application.js';
import { randomUUID } from 'node:crypto';
import {
  ApplicationDecision,
  ApplicationStatus,
  type ApplicationEventView,
  type ApplicationFilter,
  type ApplicationFormInput,
  type ApplicationFormView,
  type ApplicationListItem,
  type ApplicationView,
  type AssessCriterionInput,
  type DecideApplicationInput,
} from './application.types.js';

const NOT_FOUND = 'Deze aanvraag is niet gevonden.';
const ARRANGEMENT_NOT_FOUND = 'Deze regeling is niet gevonden.';

/** The timeline's steps in Dutch, as the resident and staff read them. */
const EVENT_LABELS: Record<string, string> = {
  CREATED: 'Aanvraag begonnen',
  SUBMITTED: 'Aanvraag ingediend',
  ASSESSMENT_STARTED: 'In behandeling genomen',
  ASSESSOR_ASSIGNED: 'Beoordelaar gekozen',
  CRITERION_ASSESSED: 'Voorwaarde beoordeeld',
  QUESTION_ASKED: 'Vraag van de gemeente',
  QUESTION_ANSWERED: 'Vraag beantwoord',
  PROOF_ADDED: 'Bewijsstuk toegevoegd',
  DECISION_PROPOSED: 'Besluit voorgesteld, wacht op bevestiging door een tweede beoordelaar',
  APPROVED: 'Toegekend',
  PARTLY_APPROVED: 'Gedeeltelijk toegekend',
  DECLINED: 'Afgewezen',
  WITHDRAWN: 'Ingetrokken',
  PROOF_PURGED: 'Bewijsstukken verwijderd na de bewaartermijn',
};

/** Statuses in which staff may assess, ask and decide. */
const ASSESSABLE: readonly ApplicationStatusValue[] = ['SUBMITTED', 'IN_ASSESSMENT', 'WAITING_FOR_RESIDENT'];

const euro = (cents: number) =>
  `€ ${new Intl.NumberFormat('nl-NL', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100)}`;

/** The settings the applications read (instellingen, section `applications`). */
type ApplicationSettings = Pick<SettingsService, 'get'>;

/** A decision as listeners are told of it (ids, the decision and the amount only; no answers, no reason). */
export interface DecidedApplication {
  applicationId: string;
  applicationNumber: string;
  municipalityId: string;
  arrangementId: string;
  clientGroupId: string;
  decision: 'APPROVED' | 'PARTLY_APPROVED' | 'DECLINED';
  /** The amount granted; null when declined. */
  amountCents: number | null;
  /** The assignment the approval granted; null when declined. */
  assignmentId: string | null;
  decidedAt: string;
}

/**
 * Told of a decision inside its transaction (webhooks' outbox, registered by the webhooks module): named here so this
 * module imports no module that listens.
 */
export type DecisionListener = (tx: RequestContext, decided: DecidedApplication) => Promise<void>;

/**
 * Online applications (aanvragen, issue 28): an arrangement's form (staff), applying (the resident: draft, submit,
 * answer a question, withdraw), assessing (staff: per criterion, ask, approve, approve partly, decline; above the
 * four-eyes amount a second person confirms) and the grant through the assignment service, so every granting rule
 * applies and the ledger books it in the decision's transaction. Permissions are the resolver's; scope and ownership
 * are checked here. Rules: src/rules/application.ts (the same the browser runs).
 */
export class ApplicationService {
  constructor(
    private readonly assignments: AssignmentService,
    private readonly messages: MessageService,
    private readonly settings: ApplicationSettings,
    private readonly audit: AuditService,
    private readonly storage: FileStorage,
    /** SETTINGS_ENCRYPTION_KEY: proof files are sealed with it at rest. */
    private readonly fileKey: Buffer,
    /** E-mail beside the inbox message, per the applicant's preference. */
    private readonly mail: MailService,
    private readonly appUrl: string,
  ) {}

  private readonly decisionListeners: DecisionListener[] = [];

  /** Called inside the transaction of every decision (approved, partly approved, declined). */
  onDecided(listener: DecisionListener): void {
    this.decisionListeners.push(listener);
  }

  private async env(ctx: RequestContext): Promise<RuleEnvironment> {
    const s = await this.settings.get('applications', ctx.em);
    return { today: today(ctx.clock), socialMinimum: s.socialMinimum };
  }

  // ---- the form ---------------------------------------------------------------------------------------------------

  private async formView(ctx: RequestContext, row: q.FormRow): Promise<ApplicationFormView> {
    const env = await this.env(ctx);
    return {
      arrangementId: row.arrangement_id,
      arrangementName: row.arrangement_name,
      arrangementSlug: row.arrangement_slug,
      description: row.description,
      municipalityId: row.municipality_id,
      municipalityName: row.municipality_name,
      municipalitySlug: row.municipality_slug,
      open: row.open,
      openNow: formOpenOn({ open: row.open, opensOn: row.opens_on, closesOn: row.closes_on }, env.today),
      opensOn: row.opens_on,
      closesOn: row.closes_on,
      criteria: row.criteria as Record<string, unknown>[],
      amount: row.amount as Record<string, unknown>,
      socialMinimum: env.socialMinimum,
    };
  }

  /** Public: the forms open for applications today, optionally of one municipality (its slug). */
  async openForms(ctx: RequestContext, municipalitySlug?: string | null): Promise<ApplicationFormView[]> {
    const rows = await q.openForms(ctx.em, today(ctx.clock), municipalitySlug?.slice(0, 100) || null);
    return Promise.all(rows.map((r) => this.formView(ctx, r)));
  }

  /** Public: one arrangement's form while it is open (not necessarily in its period); null otherwise. */
  async publicForm(ctx: RequestContext, arrangementId: string): Promise<ApplicationFormView | null> {
    if (!isUuid(arrangementId)) return null;
    const row = await q.formRow(ctx.em, arrangementId);
    return row && row.open ? this.formView(ctx, row) : null;
  }

  /** Staff: an arrangement's form (open or not) within their scope; null when there is none yet or out of scope. */
  async adminForm(ctx: RequestContext, arrangementId: string): Promise<ApplicationFormView | null> {
    if (!isUuid(arrangementId)) return null;
    const row = await q.formRow(ctx.em, arrangementId);
    return row && inScope(ctx.viewer, row.municipality_id) ? this.formView(ctx, row) : null;
  }

  /** Staff: creates or replaces an arrangement's form (open, period, questions, amount). */
  async saveForm(
    ctx: RequestContext,
    arrangementId: string,
    input: ApplicationFormInput,
  ): Promise<Result<ApplicationFormView>> {
    const arrangement = isUuid(arrangementId) ? await ctx.em.findOne(Arrangement, arrangementId) : null;
    if (!arrangement || !inScope(ctx.viewer, arrangement.municipality.id))
      return problem('arrangementId', 'NOT_FOUND', ARRANGEMENT_NOT_FOUND);
    const definition: ApplicationFormDefinition = {
      open: !!input.open,
      opensOn: String(input.opensOn ?? '').trim(),
      closesOn: String(input.closesOn ?? '').trim(),
      criteria: (input.criteria ?? []).map(normaliseCriterion),
      amount: normaliseAmount(input.amount),
    };
    const problems = checkFormDefinition(definition);
    if (
      !problems.length &&
      (definition.opensOn < arrangement.validFrom || definition.closesOn > arrangement.validUntil)
    )
      problems.push({
        field: 'closesOn',
        code: 'OUTSIDE_ARRANGEMENT',
        message: 'De aanvraagperiode moet binnen de looptijd van de regeling vallen.',
      });
    const invalid = failIfAny<ApplicationFormView>(problems.map((p) => UserError.of(p.field, p.code, p.message)));
    if (invalid) return invalid;
    await transactional(ctx, async (tx) => {
      const existing = await tx.em.findOne(
        ApplicationForm,
        { arrangementId: arrangement.id },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      const form =
        existing ??
        tx.em.create(ApplicationForm, {
          arrangementId: arrangement.id,
          municipalityId: arrangement.municipality.id,
          opensOn: definition.opensOn,
          closesOn: definition.closesOn,
          criteria: definition.criteria,
          amount: definition.amount,
        });
      Object.assign(form, {
        open: definition.open,
        opensOn: definition.opensOn,
        closesOn: definition.closesOn,
        criteria: definition.criteria,
        amount: definition.amount,
      });
      await tx.em.flush();
      await this.audit.record(tx, {
        action: 'application.form_saved',
        subjectType: 'arrangement',
        subjectId: arrangement.id,
        municipalityId: arrangement.municipality.id,
        details: { open: definition.open, criteria: definition.criteria.length, amountKind: definition.amount.kind },
      });
    });
    return ok((await this.adminForm(ctx, arrangement.id))!);
  }

  // ---- the resident -----------------------------------------------------------------------------------------------

  private resident(ctx: RequestContext) {
    const v = ctx.viewer;
    if (v.kind !== Audience.CUSTOMER) throw new Error('Only a resident applies');
    return v;
  }

  /** The resident's household's applications, newest first. */
  async mine(ctx: RequestContext): Promise<ApplicationView[]> {
    const v = this.resident(ctx);
    const rows = await ctx.em.find(Application, { clientGroupId: v.clientGroupId }, { orderBy: { createdAt: 'desc' } });
    return this.views(ctx, rows, false);
  }

  /** What the municipality already knows of the resident's household (shown before the questions). */
  async householdMembers(
    ctx: RequestContext,
  ): Promise<{ firstName: string; lastName: string; dateOfBirth: string | null }[]> {
    return q.householdMembers(ctx.em, this.resident(ctx).clientGroupId);
  }

  async mineOne(ctx: RequestContext, id: string): Promise<ApplicationView | null> {
    const v = this.resident(ctx);
    const found = isUuid(id) ? await ctx.em.findOne(Application, { id, clientGroupId: v.clientGroupId }) : null;
    return found ? (await this.views(ctx, [found], false))[0]! : null;
  }

  /**
   * Saves the resident's answers as a draft: the household's open draft for the arrangement, or a new one. Refused
   * when the form is not open now, the household already holds the arrangement for today, or an application for it is
   * already under way (the partial unique index decides between two saves at once).
   */
  async saveDraft(ctx: RequestContext, arrangementId: string, answers: Answers): Promise<Result<ApplicationView>> {
    const v = this.resident(ctx);
    const env = await this.env(ctx);
    const form = isUuid(arrangementId) ? await ctx.em.findOne(ApplicationForm, { arrangementId }) : null;
    if (!form || form.municipalityId !== v.municipalityId || !form.open)
      return problem('arrangementId', 'NOT_FOUND', 'U kunt deze regeling niet aanvragen bij uw gemeente.');
    if (!formOpenOn(form, env.today))
      return problem(
        'arrangementId',
        'CLOSED',
        'De aanvraagperiode van deze regeling is voorbij of nog niet begonnen.',
      );
    const checked = checkAnswers(form, answers ?? {}, env, { partial: true });
    const invalid = failIfAny<ApplicationView>(checked.problems.map((p) => UserError.of(p.field, p.code, p.message)));
    if (invalid) return invalid;
    if (await q.holdsAssignment(ctx.em, form.arrangementId, v.clientGroupId, env.today))
      return problem(
        'arrangementId',
        'ALREADY_GRANTED',
        'U hebt deze regeling al. U hoeft haar niet opnieuw aan te vragen.',
      );
    try {
      const saved = await transactional(ctx, async (tx): Promise<Result<Application>> => {
        let app = await tx.em.findOne(
          Application,
          { arrangementId: form.arrangementId, clientGroupId: v.clientGroupId, status: { $in: [...OPEN_STATUSES] } },
          { lockMode: LockMode.PESSIMISTIC_WRITE },
        );
        if (app && app.status !== 'DRAFT') return this.alreadyApplied(app);
        const expected = expectedAmountCents(form, checked.values, env.today);
        if (!app) {
          app = tx.em.create(Application, {
            number: await q.nextNumber(tx.em),
            arrangementId: form.arrangementId,
            municipalityId: form.municipalityId,
            clientGroupId: v.clientGroupId,
            personId: v.personId,
            answers: checked.values,
            form: { criteria: form.criteria, amount: form.amount },
            expectedAmountCents: expected,
          });
          await tx.em.flush();
          await this.event(tx, app, 'CREATED');
        } else {
          app.answers = checked.values;
          app.form = { criteria: form.criteria, amount: form.amount };
          app.expectedAmountCents = expected;
          await tx.em.flush();
        }
        await this.record(tx, app, 'application.draft_saved');
        return ok(app);
      });
      if (!saved.ok) return saved;
      return ok((await this.views(ctx, [saved.value], false))[0]!);
    } catch (e) {
      if (e instanceof UniqueConstraintViolationException)
        return problem(
          'arrangementId',
          'ALREADY_APPLIED',
          'U hebt deze regeling al aangevraagd. Uw aanvraag staat bij Mijn aanvragen.',
        );
      throw e;
    }
  }

  private alreadyApplied<T>(app: Application): Result<T> {
    return problem(
      'arrangementId',
      'ALREADY_APPLIED',
      `U hebt deze regeling al aangevraagd (aanvraag ${app.number}). U kunt die aanvraag volgen bij Mijn aanvragen.`,
    );
  }

  /** Sends a draft: every answer checked against its rule, the required proof present, the form still open. */
  async submit(ctx: RequestContext, applicationId: string): Promise<Result<ApplicationView>> {
    const v = this.resident(ctx);
    const env = await this.env(ctx);
    const done = await transactional(ctx, async (tx): Promise<Result<Application>> => {
      const app = await this.lockOwn(tx, applicationId, v.clientGroupId);
      if (!app) return problem(null, 'NOT_FOUND', NOT_FOUND);
      if (app.status !== 'DRAFT') return problem(null, 'ALREADY_SUBMITTED', `Aanvraag ${app.number} is al ingediend.`);
      const form = await tx.em.findOne(ApplicationForm, { arrangementId: app.arrangementId });
      if (!form || !formOpenOn(form, env.today))
        return problem(null, 'CLOSED', 'De aanvraagperiode van deze regeling is voorbij. U kunt niet meer indienen.');
      const checked = checkAnswers(form, app.answers, env);
      const proofs = await tx.em.find(ApplicationProof, { applicationId: app.id, purgedAt: null });
      const missingProof = form.criteria
        .filter((c) => c.proof === 'REQUIRED' && !proofs.some((p) => p.criterionKey === c.key))
        .map((c) =>
          UserError.of(
            `proof.${c.key}`,
            'PROOF_REQUIRED',
            `Voeg bewijs toe bij "${c.question}"${c.proofHint ? ` (${c.proofHint})` : ''}.`,
          ),
        );
      const invalid = failIfAny<Application>([
        ...[...checked.problems, ...checked.notMet].map((p) => UserError.of(p.field, p.code, p.message)),
        ...missingProof,
      ]);
      if (invalid) return invalid;
      if (await q.holdsAssignment(tx.em, app.arrangementId, app.clientGroupId, env.today))
        return problem(null, 'ALREADY_GRANTED', 'U hebt deze regeling al. U hoeft haar niet opnieuw aan te vragen.');
      app.form = { criteria: form.criteria, amount: form.amount };
      app.answers = checked.values;
      app.expectedAmountCents = expectedAmountCents(form, checked.values, env.today);
      app.status = 'SUBMITTED';
      app.submittedAt = ctx.clock.now();
      await tx.em.flush();
      await this.event(tx, app, 'SUBMITTED');
      await this.record(tx, app, 'application.submitted', { expectedAmountCents: app.expectedAmountCents });
      await this.tell(
        tx,
        app,
        `Aanvraag ${app.number} ontvangen`,
        `Wij hebben uw aanvraag ontvangen. U hoort van ons zodra wij die hebben beoordeeld.`,
      );
      return ok(app);
    });
    return done.ok ? ok((await this.views(ctx, [done.value], false))[0]!) : done;
  }

  /** The resident withdraws an open application. */
  async withdraw(ctx: RequestContext, applicationId: string): Promise<Result<ApplicationView>> {
    const v = this.resident(ctx);
    const done = await transactional(ctx, async (tx): Promise<Result<Application>> => {
      const app = await this.lockOwn(tx, applicationId, v.clientGroupId);
      if (!app) return problem(null, 'NOT_FOUND', NOT_FOUND);
      if (!OPEN_STATUSES.includes(app.status))
        return problem(null, 'ALREADY_DECIDED', 'Op deze aanvraag is al besloten; u kunt haar niet meer intrekken.');
      app.status = 'WITHDRAWN';
      app.decidedAt = ctx.clock.now();
      app.proposal = null;
      await tx.em.flush();
      await this.event(tx, app, 'WITHDRAWN');
      await this.record(tx, app, 'application.withdrawn');
      return ok(app);
    });
    return done.ok ? ok((await this.views(ctx, [done.value], false))[0]!) : done;
  }

  /** The resident answers the assessor's question; the application goes back to the assessor. */
  async answerQuestion(ctx: RequestContext, applicationId: string, answer: string): Promise<Result<ApplicationView>> {
    const v = this.resident(ctx);
    const text = answerToQuestion.check(answer);
    if (!text.ok) return problem('answer', text.problem.code, text.problem.message);
    const done = await transactional(ctx, async (tx): Promise<Result<Application>> => {
      const app = await this.lockOwn(tx, applicationId, v.clientGroupId);
      if (!app) return problem(null, 'NOT_FOUND', NOT_FOUND);
      if (app.status !== 'WAITING_FOR_RESIDENT')
        return problem(null, 'NO_QUESTION', 'Er staat geen vraag open bij deze aanvraag.');
      app.status = 'IN_ASSESSMENT';
      await tx.em.flush();
      await this.event(tx, app, 'QUESTION_ANSWERED', text.value);
      await this.record(tx, app, 'application.question_answered');
      return ok(app);
    });
    return done.ok ? ok((await this.views(ctx, [done.value], false))[0]!) : done;
  }

  private async lockOwn(tx: RequestContext, id: string, clientGroupId: string): Promise<Application | null> {
    if (!isUuid(id)) return null;
    return tx.em.findOne(Application, { id, clientGroupId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  }

  // ---- proof --------------------------------------------------------------------------------------------------------

  /**
   * Adds a proof file to an answer of the resident's own application (a draft, or while it waits for their answer): a
   * photo goes through the image pipeline (type checked, re-encoded, metadata dropped), a PDF is kept as it is but
   * refused with JavaScript or embedded files. Sealed (AES-256-GCM) before it is stored.
   */
  async addProof(
    ctx: RequestContext,
    applicationId: string,
    criterionKey: string,
    data: Buffer | null,
    truncated: boolean,
  ): Promise<Result<ApplicationView> & { status: number }> {
    const refuse = (status: number, field: string | null, code: string, message: string) => ({
      ...problem<ApplicationView>(field, code, message),
      status,
    });
    const v = this.resident(ctx);
    const app = isUuid(applicationId)
      ? await ctx.em.findOne(Application, { id: applicationId, clientGroupId: v.clientGroupId })
      : null;
    if (!app) return refuse(404, null, 'NOT_FOUND', NOT_FOUND);
    if (app.status !== 'DRAFT' && app.status !== 'WAITING_FOR_RESIDENT')
      return refuse(409, null, 'CLOSED', 'U kunt nu geen bewijs meer toevoegen aan deze aanvraag.');
    const criterion = app.form.criteria.find((c) => c.key === criterionKey);
    if (!criterion || criterion.proof === 'NONE')
      return refuse(400, 'criterionKey', 'NOT_FOUND', 'Bij deze vraag hoort geen bewijs.');
    if (truncated) return refuse(413, 'file', 'TOO_LARGE', 'Het bestand is te groot.');
    if (!data?.length) return refuse(400, 'file', 'REQUIRED', 'Kies een foto of een PDF-bestand.');
    const kind = kindOf(data);
    if (!kind)
      return refuse(
        415,
        'file',
        'UNSUPPORTED',
        'Dit bestand kunnen wij niet gebruiken. Kies een foto (JPEG, PNG of WebP) of een PDF.',
      );
    let stored: Buffer;
    let contentType: string;
    if (kind === 'pdf') {
      if (pdfHasActiveContent(data))
        return refuse(
          415,
          'file',
          'UNSAFE_PDF',
          'Deze PDF bevat JavaScript of ingesloten bestanden en wordt daarom geweigerd. Maak een nieuwe PDF (bijvoorbeeld via Afdrukken als PDF) of stuur een foto.',
        );
      stored = data;
      contentType = 'application/pdf';
    } else {
      const encoded = await encodeImage(data, false, [{ width: 2000, height: 2000, fit: 'inside', quality: 82 }]);
      if (!encoded.ok) return refuse(encoded.status, 'file', encoded.code, encoded.message);
      stored = encoded.variants[0]!.data;
      contentType = 'image/webp';
    }
    const count = await ctx.em.count(ApplicationProof, { applicationId: app.id, criterionKey, purgedAt: null });
    if (count >= APPLICATION_LIMITS.proofPerQuestionMax)
      return refuse(
        409,
        'file',
        'TOO_MANY',
        `U kunt hoogstens ${APPLICATION_LIMITS.proofPerQuestionMax} bestanden per vraag toevoegen.`,
      );
    const fileKey = `proof/${randomUUID()}.bin`;
    await this.storage.put(fileKey, sealFile(this.fileKey, stored));
    try {
      await transactional(ctx, async (tx) => {
        tx.em.create(ApplicationProof, {
          applicationId: app.id,
          criterionKey,
          fileKey,
          fileName: kind === 'pdf' ? 'bewijs.pdf' : 'bewijs.webp',
          contentType,
          sizeBytes: stored.length,
          uploadedAt: ctx.clock.now(),
        });
        await tx.em.flush();
        await this.event(tx, app, 'PROOF_ADDED');
        await this.record(tx, app, 'application.proof_added', { criterionKey, contentType });
      });
    } catch (e) {
      await this.storage.delete(fileKey).catch(() => undefined);
      throw e;
    }
    return { ...ok((await this.views(ctx, [app], false))[0]!), status: 201 };
  }

  /** An assessor reads a proof file (in scope, never of their own household); audited. Null when not readable. */
  async readProof(
    ctx: RequestContext,
    applicationId: string,
    proofId: string,
  ): Promise<{ data: Buffer; contentType: string; fileName: string } | null> {
    if (!isUuid(applicationId) || !isUuid(proofId)) return null;
    const app = await ctx.em.findOne(Application, applicationId);
    if (!app || app.status === 'DRAFT' || !inScope(ctx.viewer, app.municipalityId)) return null;
    if (await this.isOwn(ctx, app)) return null;
    return this.openProof(ctx, app, proofId);
  }

  /**
   * The resident reads a proof file of their own household's application (their data download links to it, AVG
   * right of access); audited like an assessor's read. Null when not theirs or no longer kept.
   */
  async readOwnProof(
    ctx: RequestContext,
    applicationId: string,
    proofId: string,
  ): Promise<{ data: Buffer; contentType: string; fileName: string } | null> {
    if (ctx.viewer.kind !== Audience.CUSTOMER || !isUuid(applicationId) || !isUuid(proofId)) return null;
    const app = await ctx.em.findOne(Application, { id: applicationId, clientGroupId: ctx.viewer.clientGroupId });
    return app ? this.openProof(ctx, app, proofId) : null;
  }

  private async openProof(
    ctx: RequestContext,
    app: Application,
    proofId: string,
  ): Promise<{ data: Buffer; contentType: string; fileName: string } | null> {
    const proof = await ctx.em.findOne(ApplicationProof, { id: proofId, applicationId: app.id });
    if (!proof?.fileKey) return null;
    const sealed = await this.storage.read(proof.fileKey);
    if (!sealed) return null;
    await this.record(ctx, app, 'application.proof_read', { proofId: proof.id });
    return {
      data: openFile(this.fileKey, sealed),
      contentType: proof.contentType,
      fileName: `${app.number}-${proof.criterionKey}${proof.contentType === 'application/pdf' ? '.pdf' : '.webp'}`,
    };
  }

  /**
   * The retention purge (the daily `privacy.purgeRetention` job): proof files of applications decided or withdrawn
   * longer ago than `proofRetentionDays` (instellingen: aanvragen) are deleted; the rows stay as "verwijderd", with
   * the answers and the decision that the assignment's financial records need. Returns how many files went.
   */
  async purgeProofs(ctx: RequestContext): Promise<number> {
    const { proofRetentionDays } = await this.settings.get('applications', ctx.em);
    const cutoff = new Date(ctx.clock.now().getTime() - proofRetentionDays * 86_400_000);
    const due = await q.proofsDue(ctx.em, cutoff);
    for (const p of due) {
      await this.storage.delete(p.file_key).catch(() => undefined);
      await q.markProofPurged(ctx.em, p.id, ctx.clock.now());
    }
    if (due.length)
      ctx.log.info({ event: 'application_proof_purge', files: due.length }, 'proof files past retention removed');
    return due.length;
  }

  // ---- staff ------------------------------------------------------------------------------------------------------

  /** The work list: submitted and later (never drafts), within the viewer's scope, oldest submission first. */
  async list(
    ctx: RequestContext,
    filter: ApplicationFilter | null | undefined,
    page: ListArgs,
  ): Promise<ConnectionOf<ApplicationListItem>> {
    const f: q.WorkFilter = {
      status: filter?.status ?? null,
      arrangementId: filter?.arrangementId && isUuid(filter.arrangementId) ? filter.arrangementId : null,
      assessorId: filter?.assessorId && isUuid(filter.assessorId) ? filter.assessorId : null,
      unassigned: filter?.unassigned ?? null,
      search: filter?.search?.trim().slice(0, 100) || null,
    };
    if ((filter?.arrangementId && !f.arrangementId) || (filter?.assessorId && !f.assessorId)) {
      return keysetPage(q.WORK_ORDER, page, () => null);
    }
    const now = ctx.clock.now().getTime();
    return keysetPage(
      q.WORK_ORDER,
      page,
      (after, limit) => q.workPage(ctx.em, scopeSql(ctx.viewer, 'a.municipality_id'), f, after, limit),
      (rows) =>
        rows.map((r) => ({
          id: r.id,
          personId: r.person_id,
          clientGroupId: r.client_group_id,
          number: r.number,
          status: r.status as ApplicationStatus,
          arrangementName: r.arrangement_name,
          applicantName: r.applicant_name,
          submittedAt: r.submitted_at ? new Date(r.submitted_at) : null,
          ageDays: r.submitted_at
            ? Math.max(0, Math.floor((now - new Date(r.submitted_at).getTime()) / 86_400_000))
            : 0,
          expectedAmountCents: r.expected_amount_cents,
          assessorName: r.assessor_name,
          awaitingConfirmation: r.awaiting_confirmation,
        })),
    );
  }

  /** Staff: one application in their scope (never a draft); null otherwise. */
  async one(ctx: RequestContext, id: string): Promise<ApplicationView | null> {
    const app = isUuid(id) ? await ctx.em.findOne(Application, id) : null;
    if (!app || app.status === 'DRAFT' || !inScope(ctx.viewer, app.municipalityId)) return null;
    return (await this.views(ctx, [app], true))[0]!;
  }

  /**
   * Loads and locks an application for a staff step: in scope, not a draft, in one of `statuses`, and not the
   * staff member's own (an assessor who is also a resident never assesses their own household's application).
   */
  private async forStaff(
    tx: RequestContext,
    id: string,
    statuses: readonly ApplicationStatusValue[] = ASSESSABLE,
  ): Promise<Result<Application>> {
    const app = isUuid(id)
      ? await tx.em.findOne(Application, id, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true })
      : null;
    if (!app || app.status === 'DRAFT' || !inScope(tx.viewer, app.municipalityId))
      return problem('applicationId', 'NOT_FOUND', NOT_FOUND);
    if (!statuses.includes(app.status))
      return problem('applicationId', 'ALREADY_DECIDED', `Op aanvraag ${app.number} is al besloten.`);
    if (await this.isOwn(tx, app))
      return problem('applicationId', 'OWN_APPLICATION', 'U kunt geen aanvraag van uw eigen huishouden beoordelen.');
    return ok(app);
  }

  /** Whether the staff member is a member of the applying household (the same e-mail address). */
  private async isOwn(tx: RequestContext, app: Application): Promise<boolean> {
    const me = ownAdminAccountId(tx.viewer);
    if (!me) return false;
    const email = await q.accountEmail(tx.em, me);
    if (!email) return false;
    return q.householdHasEmail(tx.em, app.clientGroupId, email);
  }

  /** A submitted application moves into assessment at the first step an assessor takes; the assessor becomes theirs. */
  private async start(tx: RequestContext, app: Application): Promise<void> {
    const me = ownAdminAccountId(tx.viewer);
    if (!app.assessorId && me) app.assessorId = me;
    if (app.status === 'SUBMITTED') {
      app.status = 'IN_ASSESSMENT';
      await this.event(tx, app, 'ASSESSMENT_STARTED');
    }
  }

  /** Chooses the assessor (null: nobody); the account must reach the application's municipality. */
  /** Who may be chosen as the assessor of an application in scope (null when out of scope). */
  async assessors(ctx: RequestContext, id: string): Promise<{ id: string; name: string }[] | null> {
    const app = isUuid(id) ? await ctx.em.findOne(Application, id) : null;
    if (!app || app.status === 'DRAFT' || !inScope(ctx.viewer, app.municipalityId)) return null;
    return q.assessorsFor(ctx.em, app.municipalityId);
  }

  async assign(ctx: RequestContext, id: string, assessorId: string | null): Promise<Result<ApplicationView>> {
    const done = await transactional(ctx, async (tx): Promise<Result<Application>> => {
      const found = await this.forStaff(tx, id);
      if (!found.ok) return found;
      const app = found.value;
      if (
        assessorId !== null &&
        (!isUuid(assessorId) || !(await q.assessorReaches(tx.em, assessorId, app.municipalityId)))
      )
        return problem('assessorId', 'NOT_FOUND', 'Deze medewerker kan aanvragen van deze gemeente niet beoordelen.');
      app.assessorId = assessorId;
      if (app.status === 'SUBMITTED' && assessorId) {
        app.status = 'IN_ASSESSMENT';
        await this.event(tx, app, 'ASSESSMENT_STARTED');
      }
      await tx.em.flush();
      await this.event(tx, app, 'ASSESSOR_ASSIGNED', null, true);
      await this.record(tx, app, 'application.assessor_assigned', { assessorId });
      return ok(app);
    });
    return done.ok ? ok((await this.views(ctx, [done.value], true))[0]!) : done;
  }

  /** Marks one criterion met or not met, with a note. */
  async assessCriterion(ctx: RequestContext, input: AssessCriterionInput): Promise<Result<ApplicationView>> {
    const note = assessmentNote.check(input.note ?? '');
    if (!note.ok) return problem('note', note.problem.code, note.problem.message);
    const done = await transactional(ctx, async (tx): Promise<Result<Application>> => {
      const found = await this.forStaff(tx, input.applicationId);
      if (!found.ok) return found;
      const app = found.value;
      if (!app.form.criteria.some((c) => c.key === input.criterionKey))
        return problem('criterionKey', 'NOT_FOUND', 'Deze voorwaarde hoort niet bij de aanvraag.');
      await this.start(tx, app);
      app.assessments = {
        ...app.assessments,
        [input.criterionKey]: {
          met: !!input.met,
          note: note.value || null,
          by: ownAdminAccountId(tx.viewer) ?? 'system',
          at: ctx.clock.now().toISOString(),
        },
      };
      await tx.em.flush();
      await this.event(tx, app, 'CRITERION_ASSESSED', null, true);
      await this.record(tx, app, 'application.criterion_assessed', {
        criterionKey: input.criterionKey,
        met: !!input.met,
      });
      return ok(app);
    });
    return done.ok ? ok((await this.views(ctx, [done.value], true))[0]!) : done;
  }

  /** Asks the resident a question; the application waits for their answer. */
  async ask(ctx: RequestContext, id: string, question: string): Promise<Result<ApplicationView>> {
    const text = questionToResident.check(question);
    if (!text.ok) return problem('question', text.problem.code, text.problem.message);
    const done = await transactional(ctx, async (tx): Promise<Result<Application>> => {
      const found = await this.forStaff(tx, id, ['SUBMITTED', 'IN_ASSESSMENT']);
      if (!found.ok) return found;
      const app = found.value;
      await this.start(tx, app);
      app.status = 'WAITING_FOR_RESIDENT';
      app.proposal = null;
      await tx.em.flush();
      await this.event(tx, app, 'QUESTION_ASKED', text.value);
      await this.record(tx, app, 'application.question_asked');
      await this.tell(
        tx,
        app,
        `Vraag over aanvraag ${app.number}`,
        `De gemeente heeft een vraag over uw aanvraag:\n\n${text.value}\n\nU kunt antwoorden bij Mijn aanvragen.`,
      );
      return ok(app);
    });
    return done.ok ? ok((await this.views(ctx, [done.value], true))[0]!) : done;
  }

  /**
   * Approves, approves partly or declines. An approval above the four-eyes amount is only proposed: a second person
   * with APPLICATION_DECIDE_HIGH confirms it (`confirmDecision`). An approval grants the assignment through the
   * assignment service (every granting rule, the ledger's booking) in the decision's transaction.
   */
  async decide(ctx: RequestContext, input: DecideApplicationInput): Promise<Result<ApplicationView>> {
    const fourEyes = (await this.settings.get('applications', ctx.em)).fourEyesAboveCents;
    const done = await transactional(ctx, async (tx): Promise<Result<Application>> => {
      const found = await this.forStaff(tx, input.applicationId, ['SUBMITTED', 'IN_ASSESSMENT']);
      if (!found.ok) return found;
      const app = found.value;
      if (input.decision === ApplicationDecision.DECLINED) {
        const reason = decisionReason.check(input.reason ?? '');
        if (!reason.ok) return problem('reason', reason.problem.code, reason.problem.message);
        await this.start(tx, app);
        return this.conclude(tx, app, 'DECLINED', null, reason.value);
      }
      let amount = app.expectedAmountCents;
      let reason: string | null = null;
      if (input.decision === ApplicationDecision.PARTLY_APPROVED) {
        const checked = partialAmount.check(input.amountCents ?? null);
        const why = decisionReason.check(input.reason ?? '');
        const errors: UserError[] = [];
        if (!checked.ok) errors.push(UserError.of('amountCents', checked.problem.code, checked.problem.message));
        else if (checked.value >= app.expectedAmountCents)
          errors.push(
            UserError.of(
              'amountCents',
              'NOT_LOWER',
              `Een gedeeltelijke toekenning is lager dan ${euro(app.expectedAmountCents)}.`,
            ),
          );
        if (!why.ok) errors.push(UserError.of('reason', why.problem.code, why.problem.message));
        const invalid = failIfAny<Application>(errors);
        if (invalid) return invalid;
        amount = checked.ok ? checked.value : 0;
        reason = why.ok ? why.value : null;
      } else if (amount <= 0) {
        return problem(
          'decision',
          'NO_AMOUNT',
          'De antwoorden leiden tot geen bedrag. Wijs de aanvraag af of keur haar gedeeltelijk goed.',
        );
      }
      await this.start(tx, app);
      const decision = input.decision === ApplicationDecision.PARTLY_APPROVED ? 'PARTLY_APPROVED' : 'APPROVED';
      if (amount > fourEyes) {
        app.proposal = {
          decision,
          amountCents: amount,
          reason,
          by: ownAdminAccountId(tx.viewer) ?? 'system',
          at: ctx.clock.now().toISOString(),
        };
        await tx.em.flush();
        await this.event(tx, app, 'DECISION_PROPOSED', null, true);
        await this.record(tx, app, 'application.decision_proposed', { decision, amountCents: amount });
        return ok(app);
      }
      return this.conclude(tx, app, decision, amount, reason);
    });
    return done.ok ? ok((await this.views(ctx, [done.value], true))[0]!) : done;
  }

  /** The second person confirms a proposed decision above the four-eyes amount (never the person who proposed it). */
  async confirmDecision(ctx: RequestContext, id: string): Promise<Result<ApplicationView>> {
    const done = await transactional(ctx, async (tx): Promise<Result<Application>> => {
      const found = await this.forStaff(tx, id, ['IN_ASSESSMENT']);
      if (!found.ok) return found;
      const app = found.value;
      const p = app.proposal;
      if (!p) return problem('applicationId', 'NO_PROPOSAL', 'Er is geen besluit dat op bevestiging wacht.');
      if (p.by === ownAdminAccountId(tx.viewer))
        return problem(
          'applicationId',
          'SAME_PERSON',
          'Een tweede medewerker moet dit besluit bevestigen, niet degene die het voorstelde.',
        );
      return this.conclude(tx, app, p.decision, p.amountCents, p.reason);
    });
    return done.ok ? ok((await this.views(ctx, [done.value], true))[0]!) : done;
  }

  /** The decision itself: for an approval the grant (assignment service, ledger), then the status, timeline, audit, message. */
  private async conclude(
    tx: RequestContext,
    app: Application,
    decision: 'APPROVED' | 'PARTLY_APPROVED' | 'DECLINED',
    amount: number | null,
    reason: string | null,
  ): Promise<Result<Application>> {
    if (decision !== 'DECLINED') {
      const arrangement = await tx.em.findOneOrFail(Arrangement, app.arrangementId);
      const day = today(tx.clock);
      const [granted] = await this.assignments.grantMany(tx, [
        {
          clientGroupId: app.clientGroupId,
          arrangementId: app.arrangementId,
          amountCents: amount,
          validFrom: day > arrangement.validFrom ? day : arrangement.validFrom,
          validUntil: arrangement.validUntil,
        },
      ]);
      if (!granted!.ok) return fail(...(granted!.errors as [UserError, ...UserError[]]));
      app.assignmentId = granted!.value.id;
      app.decidedAmountCents = amount;
    }
    app.status = decision;
    app.decisionReason = reason;
    app.decidedAt = tx.clock.now();
    app.decidedBy = ownAdminAccountId(tx.viewer);
    app.proposal = null;
    await tx.em.flush();
    await this.event(tx, app, decision, reason);
    await this.record(tx, app, 'application.decided', {
      decision,
      ...(amount !== null ? { amountCents: amount } : {}),
      ...(app.assignmentId ? { assignmentId: app.assignmentId } : {}),
    });
    const what =
      decision === 'APPROVED'
        ? `Uw aanvraag is toegekend. U hebt nu ${euro(amount!)} tegoed, dat u meteen kunt besteden.`
        : decision === 'PARTLY_APPROVED'
          ? `Uw aanvraag is gedeeltelijk toegekend: ${euro(amount!)}. De reden: ${reason}`
          : `Uw aanvraag is afgewezen. De reden: ${reason}`;
    await this.tell(tx, app, `Besluit op aanvraag ${app.number}`, what);
    const decided: DecidedApplication = {
      applicationId: app.id,
      applicationNumber: app.number,
      municipalityId: app.municipalityId,
      arrangementId: app.arrangementId,
      clientGroupId: app.clientGroupId,
      decision,
      amountCents: amount,
      assignmentId: app.assignmentId ?? null,
      decidedAt: app.decidedAt.toISOString(),
    };
    for (const listener of this.decisionListeners) await listener(tx, decided);
    return ok(app);
  }

  // ---- numbers and export -------------------------------------------------------------------------------------------

  /** The dashboard: applications waiting and the median time to a decision (days, one decimal), within the scope. */
  async numbers(ctx: RequestContext): Promise<{ waiting: number; medianDaysToDecision: number | null }> {
    const n = await q.dashboardNumbers(ctx.em, scopeSql(ctx.viewer, 'a.municipality_id'));
    return {
      waiting: n.waiting,
      medianDaysToDecision: n.medianDays === null ? null : Math.round(n.medianDays * 10) / 10,
    };
  }

  /**
   * The decisions of a period as CSV (the one CSV writer; no proof, no BSN, no names): number, arrangement, decision,
   * dates, amounts, reason. Null when the period is not two dates in order.
   */
  async decisionsCsv(
    ctx: RequestContext,
    from: string,
    until: string,
  ): Promise<{ fileName: string; csv: string } | null> {
    const iso = /^\d{4}-\d{2}-\d{2}$/;
    if (!iso.test(from) || !iso.test(until) || until < from) return null;
    const rows = await q.decisions(ctx.em, scopeSql(ctx.viewer, 'a.municipality_id'), from, until);
    const label: Record<string, string> = {
      APPROVED: 'Toegekend',
      PARTLY_APPROVED: 'Gedeeltelijk toegekend',
      DECLINED: 'Afgewezen',
    };
    const money = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');
    const csv = csvText(
      [
        { header: 'Aanvraag' },
        { header: 'Regeling' },
        { header: 'Besluit' },
        { header: 'Ingediend' },
        { header: 'Besloten' },
        { header: 'Verwacht bedrag', number: money },
        { header: 'Toegekend bedrag', number: money },
        { header: 'Reden' },
      ],
      rows.map((r) => [
        r.number,
        r.arrangement_name,
        label[r.status] ?? r.status,
        r.submitted_at,
        r.decided_at,
        r.expected_amount_cents,
        r.decided_amount_cents,
        r.decision_reason,
      ]),
      { delimiter: ';', bom: true },
    );
    return { fileName: `besluiten-aanvragen-${from}-${until}.csv`, csv };
  }

  // ---- shared -------------------------------------------------------------------------------------------------------

  private async event(
    tx: RequestContext,
    app: Application,
    kind: string,
    text: string | null = null,
    internal = false,
  ) {
    const actor = actorOf(tx);
    tx.em.create(ApplicationEvent, {
      applicationId: app.id,
      at: tx.clock.now(),
      kind,
      actorKind: actor.kind,
      actorId: actor.id ?? null,
      text,
      internal,
    });
    await tx.em.flush();
  }

  private record(tx: RequestContext, app: Application, action: AuditAction, details: Record<string, unknown> = {}) {
    return this.audit.record(tx, {
      action,
      subjectType: 'application',
      subjectId: app.id,
      subjectPersonId: app.personId,
      subjectHouseholdId: app.clientGroupId,
      municipalityId: app.municipalityId,
      details: { arrangementId: app.arrangementId, status: app.status, ...details },
    });
  }

  /** A message in the household's inbox (the resident's own). */
  /** An inbox message to the applicant and, when they want e-mail (as for orders), the same news by e-mail. */
  private async tell(tx: RequestContext, app: Application, title: string, body: string) {
    await this.messages.sendPersonal(tx.em, {
      municipalityId: app.municipalityId,
      clientGroupId: app.clientGroupId,
      personId: app.personId,
      title,
      body,
    });
    const to = await q.applicantMailTo(tx.em, app.personId);
    if (!to) return;
    await this.mail.send(tx.em, {
      template: 'APPLICATION_UPDATE',
      to: to.email,
      personId: app.personId,
      municipalityId: app.municipalityId,
      variables: {
        name: to.first_name,
        title,
        message: body,
        applicationNumber: app.number,
        link: appLink(this.appUrl, `/account/aanvragen/${app.id}`),
      },
    });
  }

  /** Views of applications; `staff` adds the applicant, assessor, assessments, proposal and internal steps. */
  async views(ctx: RequestContext, apps: Application[], staff: boolean): Promise<ApplicationView[]> {
    if (!apps.length) return [];
    const ids = apps.map((a) => a.id);
    const names = await q.viewNames(ctx.em, ids);
    const events = await ctx.em.find(
      ApplicationEvent,
      { applicationId: { $in: ids }, ...(staff ? {} : { internal: false }) },
      { orderBy: [{ at: 'asc' }, { id: 'asc' }] },
    );
    const proofs = await ctx.em.find(
      ApplicationProof,
      { applicationId: { $in: ids } },
      { orderBy: { uploadedAt: 'asc' } },
    );
    const proposers = staff
      ? await q.accountNames(
          ctx.em,
          apps.flatMap((a) => (a.proposal && isUuid(a.proposal.by) ? [a.proposal.by] : [])),
        )
      : new Map<string, string>();
    return apps.map((a) => {
      const n = names.get(a.id)!;
      const timeline: ApplicationEventView[] = events
        .filter((e) => e.applicationId === a.id)
        .map((e) => ({
          id: e.id,
          at: e.at,
          kind: e.kind,
          label: EVENT_LABELS[e.kind] ?? e.kind,
          text: e.text ?? null,
          internal: e.internal,
        }));
      const lastQuestion = [...timeline].reverse().find((e) => e.kind === 'QUESTION_ASKED');
      return {
        id: a.id,
        personId: a.personId,
        clientGroupId: a.clientGroupId,
        number: a.number,
        status: a.status as ApplicationStatus,
        arrangementId: a.arrangementId,
        arrangementName: n.arrangement_name,
        municipalityName: n.municipality_name,
        answers: a.answers as Record<string, unknown>,
        criteria: a.form.criteria as unknown as Record<string, unknown>[],
        amount: a.form.amount as unknown as Record<string, unknown>,
        expectedAmountCents: a.expectedAmountCents,
        decidedAmountCents: a.decidedAmountCents ?? null,
        decisionReason: a.decisionReason ?? null,
        openQuestion: a.status === 'WAITING_FOR_RESIDENT' ? (lastQuestion?.text ?? null) : null,
        createdAt: a.createdAt,
        submittedAt: a.submittedAt ?? null,
        decidedAt: a.decidedAt ?? null,
        assignmentId: a.assignmentId ?? null,
        timeline,
        proofs: proofs
          .filter((p) => p.applicationId === a.id)
          .map((p) => ({
            id: p.id,
            criterionKey: p.criterionKey,
            fileName: p.fileName,
            contentType: p.contentType,
            sizeBytes: p.sizeBytes,
            uploadedAt: p.uploadedAt,
            purged: !p.fileKey,
          })),
        applicantName: staff ? n.applicant_name : null,
        clientNumber: staff ? n.client_number : null,
        assessorId: staff ? (a.assessorId ?? null) : null,
        assessorName: staff ? n.assessor_name : null,
        assessments: staff
          ? Object.entries(a.assessments).map(([criterionKey, v]) => ({
              criterionKey,
              met: v.met,
              note: v.note,
              at: new Date(v.at),
            }))
          : [],
        proposal:
          staff && a.proposal
            ? {
                decision: a.proposal.decision as ApplicationDecision,
                amountCents: a.proposal.amountCents,
                reason: a.proposal.reason,
                proposedByName: proposers.get(a.proposal.by) ?? 'Onbekend',
                at: new Date(a.proposal.at),
              }
            : null,
      };
    });
  }
}

/** A question as staff sent it, reduced to the definition's fields (nothing else is stored). */
function normaliseCriterion(raw: Record<string, unknown>): CriterionDefinition {
  const r = (raw.rule ?? { kind: 'NONE' }) as Record<string, unknown>;
  return {
    key: String(raw.key ?? '').trim(),
    type: String(raw.type ?? '') as CriterionDefinition['type'],
    question: String(raw.question ?? ''),
    ...(raw.help ? { help: String(raw.help) } : {}),
    ...(raw.multiple ? { multiple: true } : {}),
    ...(Array.isArray(raw.options)
      ? {
          options: (raw.options as Record<string, unknown>[]).map((o) => ({
            value: String(o?.value ?? '').trim(),
            label: String(o?.label ?? '').trim(),
          })),
        }
      : {}),
    rule: normaliseRule(r),
    proof: String(raw.proof ?? 'NONE') as CriterionDefinition['proof'],
    ...(raw.proofHint ? { proofHint: String(raw.proofHint).slice(0, 200) } : {}),
  };
}

function normaliseRule(r: Record<string, unknown>): CriterionDefinition['rule'] {
  const num = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));
  switch (r.kind) {
    case 'MUST_BE_YES':
      return { kind: 'MUST_BE_YES' };
    case 'RANGE':
      return { kind: 'RANGE', min: num(r.min), max: num(r.max) };
    case 'INCOME_LIMIT':
      return {
        kind: 'INCOME_LIMIT',
        percent: Number(r.percent),
        householdCriterion: String(r.householdCriterion ?? ''),
      };
    case 'YOUNGER_THAN':
      return { kind: 'YOUNGER_THAN', years: Number(r.years) };
    case 'ONE_OF':
      return { kind: 'ONE_OF', allowed: Array.isArray(r.allowed) ? r.allowed.map(String) : [] };
    case 'NONE':
      return { kind: 'NONE' };
    default:
      return { kind: String(r.kind) } as never;
  }
}

function normaliseAmount(raw: Record<string, unknown> | null | undefined): AmountDefinition {
  const a = raw ?? {};
  if (a.kind === 'PER_RECORD')
    return {
      kind: 'PER_RECORD',
      cents: Number(a.cents),
      criterion: String(a.criterion ?? ''),
      youngerThan: a.youngerThan === null || a.youngerThan === undefined ? null : Number(a.youngerThan),
    };
  return { kind: String(a.kind ?? '') as 'FIXED', cents: Number(a.cents) };
}
