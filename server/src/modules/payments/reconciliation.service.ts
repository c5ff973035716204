import { Audience } from '../../kernel/permissions.js';
import { scopeIds } from '../../kernel/scope.js';
import { isUuid } from '../../graphql/ids.js';
import { isIsoDate } from '../../kernel/dates.js';
import { ok, problem, type Result } from '../../kernel/result.js';
import { transactional, type RequestContext } from '../../kernel/request-context.js';
import type { AuditService } from '../audit/index.js';
import type { PspPayment, PspRefund } from '../../integrations/payments/payment-gateway.js';
import type { PaymentStatus } from './payment.entities.js';
import { MAX_REFUND_ATTEMPTS, type PaymentService } from './payment.service.js';
import { PaymentRecordKind } from './payment-admin.types.js';
import {
  PaymentMismatchKind,
  PaymentMismatchResolution,
  type PaymentMismatchView,
  type PaymentReconciliationView,
  type ReconciliationSide,
  type ResolvePaymentMismatchInput,
  type StoppedRefundView,
} from './reconciliation.types.js';
import * as q from './reconciliation.queries.js';

/** The PSP's list is read this much wider than the period, so a payment made just around midnight is not "missing". */
const MARGIN_MS = 60 * 60 * 1000;
/** The longest period one reconciliation covers. */
const MAX_DAYS = 92;

const FINAL: readonly PaymentStatus[] = ['PAID', 'FAILED', 'CANCELED', 'EXPIRED'];

function mismatchKey(m: Pick<PaymentMismatchView, 'subject' | 'kind' | 'externalId'>, ours: unknown, theirs: unknown) {
  return `${m.subject}:${m.kind}:${m.externalId}:${String(ours ?? '-')}:${String(theirs ?? '-')}`;
}

function mismatch(
  fields: Omit<PaymentMismatchView, 'key' | 'resolution' | 'note' | 'resolvedAt' | 'canTakeOver'> & {
    canTakeOver?: boolean;
  },
  values: [unknown, unknown],
): PaymentMismatchView {
  return {
    ...fields,
    canTakeOver: fields.canTakeOver ?? false,
    key: mismatchKey(fields, values[0], values[1]),
    resolution: null,
    note: null,
    resolvedAt: null,
  };
}

/** One of our payments or refunds, as both sides of a difference name it. */
type OurRecord = Pick<PaymentMismatchView, 'subject' | 'externalId' | 'paymentId' | 'createdAt'> & {
  ourStatus: string;
  ourAmountCents: number;
};

/** What the PSP says of a payment or refund. */
type TheirRecord = { status: PspPayment['status'] | PspRefund['status']; amountCents: number; createdAt: Date };

/**
 * The differences of one of our records with the PSP's: missing there (only when ours is in the period), a status that
 * differs (`canTakeOver` says whether their status may be taken over), an amount that differs.
 */
function differences(
  ours: OurRecord,
  inPeriod: boolean,
  theirs: TheirRecord | undefined,
  canTakeOver: (theirStatus: TheirRecord['status']) => boolean,
): PaymentMismatchView[] {
  if (!theirs)
    return inPeriod
      ? [
          mismatch({ ...ours, kind: PaymentMismatchKind.MISSING_THERE, theirStatus: null, theirAmountCents: null }, [
            ours.ourStatus,
            null,
          ]),
        ]
      : [];
  const found: PaymentMismatchView[] = [];
  const theirSide = { theirStatus: theirs.status, theirAmountCents: theirs.amountCents };
  if (theirs.status !== ours.ourStatus)
    found.push(
      mismatch(
        { ...ours, ...theirSide, kind: PaymentMismatchKind.STATUS_DIFFERS, canTakeOver: canTakeOver(theirs.status) },
        [ours.ourStatus, theirs.status],
      ),
    );
  if (theirs.amountCents !== ours.ourAmountCents)
    found.push(
      mismatch({ ...ours, ...theirSide, kind: PaymentMismatchKind.AMOUNT_DIFFERS }, [
        ours.ourAmountCents,
        theirs.amountCents,
      ]),
    );
  return found;
}

/** A payment or refund the PSP has and we do not. */
function missingHere(
  subject: PaymentRecordKind,
  externalId: string,
  paymentId: string | null,
  theirs: TheirRecord,
): PaymentMismatchView {
  return mismatch(
    {
      subject,
      kind: PaymentMismatchKind.MISSING_HERE,
      externalId,
      paymentId,
      ourStatus: null,
      ourAmountCents: null,
      theirStatus: theirs.status,
      theirAmountCents: theirs.amountCents,
      createdAt: theirs.createdAt,
    },
    [null, theirs.status],
  );
}

/**
 * Reconciliation (/admin/beheer/betalingen/controle): for a period, our payments and refunds side by side with the
 * PSP's lists, and every difference: missing there, missing here, status differs, amount differs. A difference is
 * resolved once (a unique key in payment_reconciliation): by taking over the PSP's status — PaymentService.settle, which
 * books what the status means once under the payment's row lock — or by marking it explained with a note. Refunds
 * that stopped retrying are listed with a retry. Every resolution and retry is audit-logged.
 */
export class ReconciliationService {
  constructor(
    private readonly payments: PaymentService,
    private readonly audit: AuditService,
  ) {}

  private checkPeriod(from: string, to: string): Result<true> {
    if (!isIsoDate(from)) return problem('from', 'INVALID', 'Vul een geldige begindatum in, bijvoorbeeld 2026-03-01.');
    if (!isIsoDate(to)) return problem('to', 'INVALID', 'Vul een geldige einddatum in, bijvoorbeeld 2026-03-31.');
    if (from > to) return problem('from', 'INVALID', 'De begindatum ligt na de einddatum.');
    const days = (Date.parse(to) - Date.parse(from)) / 86_400_000;
    if (days >= MAX_DAYS) return problem('to', 'INVALID', `Kies een periode van hoogstens ${MAX_DAYS} dagen.`);
    return ok(true);
  }

  /** The report of a period (YYYY-MM-DD, Dutch days, both inclusive). */
  async report(ctx: RequestContext, from: string, to: string): Promise<Result<PaymentReconciliationView>> {
    const checked = this.checkPeriod(from, to);
    if (!checked.ok) return checked;
    const v = ctx.viewer;
    if (v.kind !== Audience.STAFF && v.kind !== Audience.API_CLIENT) return problem(null, 'FORBIDDEN', 'Geen toegang.');
    const scope = scopeIds(v);
    const { start, end } = await q.periodBounds(ctx.em, from, to);
    const gateway = await this.payments.activeGateway();
    const stoppedRefunds = await this.stoppedRefunds(ctx);
    const base = {
      from,
      to,
      providerName: gateway.name === 'mollie' ? 'Mollie' : 'Simulator',
      stoppedRefunds,
    };

    let theirPayments: PspPayment[];
    let theirRefunds: PspRefund[];
    try {
      const wide = { from: new Date(start.getTime() - MARGIN_MS), to: new Date(end.getTime() + MARGIN_MS) };
      [theirPayments, theirRefunds] = await Promise.all([gateway.listPayments(wide), gateway.listRefunds(wide)]);
    } catch (error) {
      ctx.log.warn({ err: error }, 'reconciliation: PSP lists unavailable');
      const ours = await this.ours(ctx, scope, start, end, [], []);
      return ok({
        ...base,
        ours: side(
          ours.payments.filter((p) => p.in_period),
          ours.refunds.filter((r) => r.in_period),
        ),
        theirs: null,
        providerError: 'De betaaldienst kon niet worden bereikt. Probeer het over een paar minuten opnieuw.',
        mismatches: [],
      });
    }
    const inPeriod = (d: Date) => d >= start && d < end;
    const ours = await this.ours(
      ctx,
      scope,
      start,
      end,
      [
        ...theirPayments.filter((p) => inPeriod(p.createdAt)).map((p) => p.externalId),
        // The payments refunded in the period, so a refund is matched with its payment whenever it was made.
        ...theirRefunds.filter((r) => inPeriod(r.createdAt)).map((r) => r.externalId),
      ],
      theirRefunds.filter((r) => inPeriod(r.createdAt)).map((r) => r.refundId),
    );
    const mismatches: PaymentMismatchView[] = [];

    // Payments.
    const theirsById = new Map(theirPayments.map((p) => [p.externalId, p]));
    const oursById = new Map(ours.payments.map((p) => [p.external_id, p]));
    for (const p of ours.payments) {
      const our = {
        subject: PaymentRecordKind.PAYMENT,
        externalId: p.external_id,
        paymentId: p.id,
        ourStatus: p.status,
        ourAmountCents: p.amount_cents,
        createdAt: new Date(p.created_at),
      };
      mismatches.push(
        ...differences(
          our,
          p.in_period,
          theirsById.get(p.external_id),
          (theirStatus) => p.status === 'OPEN' && FINAL.includes(theirStatus as PaymentStatus),
        ),
      );
    }
    for (const t of theirPayments) {
      if (!inPeriod(t.createdAt) || oursById.has(t.externalId) || ours.known.has(t.externalId)) continue;
      // The PSP does not say which municipality a payment we do not know is of: everyone who reconciles sees it.
      mismatches.push(missingHere(PaymentRecordKind.PAYMENT, t.externalId, null, t));
    }

    // Refunds.
    const theirRefundsById = new Map(theirRefunds.map((r) => [r.refundId, r]));
    const ourRefundsById = new Map(ours.refunds.map((r) => [r.external_id, r]));
    for (const r of ours.refunds) {
      const our = {
        subject: PaymentRecordKind.REFUND,
        externalId: r.external_id,
        paymentId: r.payment_id,
        ourStatus: 'REFUNDED',
        ourAmountCents: r.amount_cents,
        createdAt: new Date(r.created_at),
      };
      mismatches.push(...differences(our, r.in_period, theirRefundsById.get(r.external_id), () => false));
    }
    for (const t of theirRefunds) {
      if (!inPeriod(t.createdAt) || ourRefundsById.has(t.refundId) || ours.known.has(t.refundId)) continue;
      const payment = oursById.get(t.externalId);
      // A refund of one of our payments outside the scope is not this viewer's to see.
      if (scope !== null && !payment && ours.known.has(t.externalId)) continue;
      mismatches.push(missingHere(PaymentRecordKind.REFUND, t.refundId, payment?.id ?? null, t));
    }

    // What was resolved already (explained; taken over ones no longer differ).
    const resolutions = mismatches.length
      ? await q.resolutionsOf(
          ctx.em,
          mismatches.map((m) => m.key),
        )
      : [];
    const byKey = new Map(resolutions.map((r) => [r.mismatch_key, r]));
    for (const m of mismatches) {
      const r = byKey.get(m.key);
      if (r) Object.assign(m, { resolution: r.resolution, note: r.note, resolvedAt: new Date(r.resolved_at) });
    }
    mismatches.sort(
      (a, b) =>
        Number(a.resolution !== null) - Number(b.resolution !== null) ||
        a.createdAt.getTime() - b.createdAt.getTime() ||
        a.key.localeCompare(b.key),
    );
    return ok({
      ...base,
      ours: side(
        ours.payments.filter((p) => p.in_period),
        ours.refunds.filter((r) => r.in_period),
      ),
      theirs: sideOfTheirs(
        theirPayments.filter((p) => inPeriod(p.createdAt)),
        theirRefunds.filter((r) => inPeriod(r.createdAt)),
      ),
      providerError: null,
      mismatches,
    });
  }

  /**
   * Resolves one difference of the period, once. The difference is looked up again (never trusted from the request);
   * the claim is the unique mismatch key, so a second resolution — also one at the same moment — is refused in Dutch
   * and changes no money.
   */
  async resolve(ctx: RequestContext, input: ResolvePaymentMismatchInput): Promise<Result<PaymentMismatchView>> {
    const note = input.note?.trim() || null;
    if (input.resolution === PaymentMismatchResolution.EXPLAINED) {
      if (!note || note.length < 3)
        return problem('note', 'REQUIRED', 'Leg in een paar woorden uit waarom het verschil klopt.');
      if (note.length > 500) return problem('note', 'TOO_LONG', 'De toelichting is hoogstens 500 tekens.');
    }
    const already = () =>
      problem<PaymentMismatchView>(null, 'ALREADY_RESOLVED', 'Deze afwijking is al opgelost. Vernieuw het overzicht.');
    if (await q.isResolved(ctx.em, input.key.slice(0, 300))) return already();
    const report = await this.report(ctx, input.from, input.to);
    if (!report.ok) return report;
    const found = report.value.mismatches.find((m) => m.key === input.key);
    if (!found) {
      // Resolved meanwhile (taken over: the difference is gone)?
      if (await q.isResolved(ctx.em.fork(), input.key.slice(0, 300))) return already();
      return problem(
        null,
        'NOT_FOUND',
        'Deze afwijking is er niet (meer): misschien is ze intussen opgelost. Vernieuw het overzicht.',
      );
    }
    if (found.resolution) return already();
    if (input.resolution === PaymentMismatchResolution.TAKE_OVER && !found.canTakeOver) {
      return problem(
        'resolution',
        'NOT_APPLICABLE',
        'De status van de betaaldienst kan hier niet worden overgenomen; markeer de afwijking als verklaard.',
      );
    }
    const actorId = ctx.viewer.kind === Audience.STAFF ? ctx.viewer.adminAccountId : null;
    const now = ctx.clock.now();
    const claimed = await q.claimResolution(ctx.em.fork(), {
      key: found.key,
      kind: found.kind,
      subject: found.subject,
      externalId: found.externalId,
      paymentId:
        found.subject === PaymentRecordKind.PAYMENT && found.paymentId && isUuid(found.paymentId)
          ? found.paymentId
          : null,
      resolution: input.resolution,
      note,
      resolvedBy: actorId,
      resolvedAt: now,
    });
    if (!claimed) return already();
    let changed = false;
    if (input.resolution === PaymentMismatchResolution.TAKE_OVER) {
      try {
        // Books what the PSP's status means (PAID: the contribution; otherwise: the orders cancelled, budget back),
        // once: settle locks the payment row and only moves it out of OPEN.
        const settled = await this.payments.settle(
          ctx.em,
          found.paymentId!,
          found.theirStatus as PaymentStatus,
          'reconciliation',
        );
        changed = settled.changed;
      } catch (error) {
        await q.deleteResolution(ctx.em.fork(), claimed);
        ctx.log.error({ err: error, paymentId: found.paymentId }, 'reconciliation: take over failed');
        return problem(null, 'FAILED', 'Het overnemen van de status is mislukt. Probeer het opnieuw.');
      }
    }
    await transactional(ctx, (tx) =>
      this.audit.record(tx, {
        action: 'payment.mismatch_resolved',
        subjectType: found.subject === PaymentRecordKind.PAYMENT ? 'payment' : 'payment_refund',
        subjectId: found.paymentId,
        details: {
          kind: found.kind,
          externalId: found.externalId,
          resolution: input.resolution,
          ourStatus: found.ourStatus,
          theirStatus: found.theirStatus,
          ourAmountCents: found.ourAmountCents,
          theirAmountCents: found.theirAmountCents,
          booked: changed,
        },
      }),
    );
    return ok({ ...found, resolution: input.resolution, note, resolvedAt: now });
  }

  /** Retries a refund that stopped retrying; audit-logged. Refused (Dutch) when it is not a stopped refund of the scope. */
  async retryRefund(ctx: RequestContext, refundId: string): Promise<Result<StoppedRefundView>> {
    const notFound = () =>
      problem<StoppedRefundView>(
        'refundId',
        'NOT_FOUND',
        'Deze terugbetaling is niet (meer) gestopt: ze is al gedaan of wordt al opnieuw geprobeerd.',
      );
    if (!isUuid(refundId)) return notFound();
    const mine = (await this.stoppedRefunds(ctx, refundId))[0];
    if (!mine) return notFound();
    const outcome = await this.payments.retryStoppedRefund(ctx.em, refundId);
    if (!outcome.restarted) return notFound();
    await transactional(ctx, (tx) =>
      this.audit.record(tx, {
        action: 'payment.refund_retried',
        subjectType: 'payment_refund',
        subjectId: refundId,
        details: { paymentId: mine.paymentId, amountCents: mine.amountCents, refunded: outcome.refunded },
      }),
    );
    const row = await q.refundAttempts(ctx.em.fork(), refundId);
    return ok({ ...mine, attempts: row?.attempts ?? 0, lastError: row?.last_error ?? null });
  }

  private async stoppedRefunds(ctx: RequestContext, refundId?: string): Promise<StoppedRefundView[]> {
    const scope = scopeIds(ctx.viewer);
    if (scope !== null && !scope.length) return [];
    const rows = await q.stoppedRefunds(ctx.em, MAX_REFUND_ATTEMPTS, scope, refundId);
    return rows.map((r) => ({
      id: r.id,
      paymentId: r.payment_id,
      amountCents: Number(r.amount_cents),
      attempts: Number(r.attempts),
      lastError: r.last_error,
      createdAt: new Date(r.created_at),
    }));
  }

  /** Our payments and refunds at the PSP: of the period (in scope), and those the PSP listed in the period. */
  private async ours(
    ctx: RequestContext,
    scope: readonly string[] | null,
    start: Date,
    end: Date,
    theirPaymentIds: string[],
    theirRefundIds: string[],
  ) {
    const { payments, refunds, known } = await q.oursAtPsp(ctx.em, scope, start, end, theirPaymentIds, theirRefundIds);
    return {
      payments: payments.map((p) => ({ ...p, amount_cents: Number(p.amount_cents) })),
      refunds: refunds.map((r) => ({ ...r, amount_cents: Number(r.amount_cents) })),
      known: new Set(known),
    };
  }
}

function side(payments: { amount_cents: number }[], refunds: { amount_cents: number }[]): ReconciliationSide {
  return {
    payments: payments.length,
    paymentsCents: payments.reduce((s, p) => s + p.amount_cents, 0),
    refunds: refunds.length,
    refundsCents: refunds.reduce((s, r) => s + r.amount_cents, 0),
  };
}

function sideOfTheirs(payments: PspPayment[], refunds: PspRefund[]): ReconciliationSide {
  return {
    payments: payments.length,
    paymentsCents: payments.reduce((s, p) => s + p.amountCents, 0),
    refunds: refunds.length,
    refundsCents: refunds.reduce((s, r) => s + r.amountCents, 0),
  };
}
