import { Arg, Ctx, ID, Info, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLResolveInfo } from 'graphql';
import type { Context } from '../../graphql/context.js';
import { Requires } from '../../graphql/auth/requires.js';
import { Permission } from '../../kernel/permissions.js';
import { mapResult } from '../../kernel/result.js';
import { selects } from '../../graphql/selection.js';
import { JOURNAL_KIND_INFO, JOURNAL_KINDS } from './journal.kinds.js';
import type { JournalPeriodInfo, LedgerCodes } from './journal.service.js';
import {
  ArrangementLedgerCodes,
  JournalKindInfo,
  JournalLedgerCodeInput,
  JournalLedgerCodes,
  JournalLedgerCodesPayload,
  JournalPeriod,
  JournalPeriodDetail,
  JournalPeriodPayload,
  JournalSettingsInput,
} from './journal.types.js';

/** Where a period's CSV is downloaded (journal.routes.ts). */
export function journalExportUrl(municipalityId: string, period: string): string {
  return `/api/journaalposten/export?gemeente=${encodeURIComponent(municipalityId)}&periode=${encodeURIComponent(period)}`;
}

function codesView(codes: LedgerCodes): JournalLedgerCodes {
  return Object.assign(new JournalLedgerCodes(), {
    ...codes,
    kinds: JOURNAL_KINDS.map((k) => JournalKindInfo.of(k)),
  }) as JournalLedgerCodes;
}

/** The fields of JournalPeriodDetail that need the period's totals. */
const TOTALS_FIELDS = ['transactionCount', 'debitCents', 'creditCents', 'accounts', 'unmapped'];

function periodView(p: JournalPeriodInfo): JournalPeriod {
  return Object.assign(new JournalPeriod(), p, { exportUrl: journalExportUrl(p.municipalityId, p.period) });
}

@Resolver()
export class JournalResolver {
  @Query(() => JournalLedgerCodes, {
    nullable: true,
    description: 'The general-ledger codes and export format of a municipality; null outside your scope.',
  })
  @Requires(Permission.JOURNAL_EXPORT)
  async journalLedgerCodes(
    @Arg('municipalityId', () => ID, { description: 'The id of the municipality.' }) municipalityId: string,
    @Ctx() ctx: Context,
  ): Promise<JournalLedgerCodes | null> {
    const codes = await ctx.services.journal.ledgerCodes(ctx, municipalityId);
    return codes && codesView(codes);
  }

  @Query(() => ArrangementLedgerCodes, {
    nullable: true,
    description: 'The general-ledger codes an arrangement’s bookings get (its own or the municipality’s).',
  })
  @Requires(Permission.JOURNAL_EXPORT, Permission.ARRANGEMENT_MANAGE)
  async arrangementLedgerCodes(
    @Arg('arrangementId', () => ID, { description: 'The id of the arrangement.' }) arrangementId: string,
    @Ctx() ctx: Context,
  ): Promise<ArrangementLedgerCodes | null> {
    const found = await ctx.services.journal.arrangementCodes(ctx, arrangementId);
    if (!found) return null;
    return Object.assign(new ArrangementLedgerCodes(), {
      municipalityId: found.municipalityId,
      codes: found.codes.map((c) => ({ ...c, label: JOURNAL_KIND_INFO[c.kind].label })),
    }) as ArrangementLedgerCodes;
  }

  @Query(() => [JournalPeriod], { description: 'The months of the last year, newest first.' })
  @Requires(Permission.JOURNAL_EXPORT)
  async journalPeriods(
    @Arg('municipalityId', () => ID, { description: 'The id of the municipality.' }) municipalityId: string,
    @Ctx() ctx: Context,
  ): Promise<JournalPeriod[]> {
    return ((await ctx.services.journal.periods(ctx, municipalityId)) ?? []).map(periodView);
  }

  @Query(() => JournalPeriodDetail, {
    nullable: true,
    description: 'A period’s journal entries, derived from the ledger: totals per account and the first lines.',
  })
  @Requires(Permission.JOURNAL_EXPORT)
  async journalPeriod(
    @Arg('municipalityId', () => ID, { description: 'The id of the municipality.' }) municipalityId: string,
    @Arg('period', () => String, { description: 'YYYY-MM.' }) period: string,
    @Arg('first', () => Int, { defaultValue: 50, description: 'How many entries’ lines (at most 200).' }) first: number,
    @Ctx() ctx: Context,
    @Info() info: GraphQLResolveInfo,
  ): Promise<JournalPeriodDetail | null> {
    // Only what the query selects: the totals (one statement over the day totals) and the first lines (another).
    const detail = await ctx.services.journal.periodDetail(ctx, municipalityId, period, {
      totals: TOTALS_FIELDS.some((f) => selects(info, f)),
      lines: selects(info, 'lines') ? first : null,
    });
    if (!detail) return null;
    return Object.assign(new JournalPeriodDetail(), periodView(detail), {
      transactionCount: detail.transactionCount,
      debitCents: detail.debitCents,
      creditCents: detail.creditCents,
      unmapped: detail.unmapped,
      accounts: detail.accounts.map((a) => ({ ...a, label: JOURNAL_KIND_INFO[a.kind].label })),
      lines: detail.lines.map((l) => ({ ...l, label: JOURNAL_KIND_INFO[l.kind].label })),
    }) as JournalPeriodDetail;
  }

  @Mutation(() => JournalLedgerCodesPayload, {
    description: 'Sets a general-ledger account and cost centre (of the municipality or one arrangement). Audited.',
  })
  @Requires(Permission.JOURNAL_EXPORT)
  async setJournalLedgerCode(
    @Arg('input', () => JournalLedgerCodeInput, {
      description: 'The account kind, the general-ledger account and cost centre, and whose they are.',
    })
    input: JournalLedgerCodeInput,
    @Ctx() ctx: Context,
  ): Promise<JournalLedgerCodesPayload> {
    return JournalLedgerCodesPayload.from(
      await mapResult(await ctx.services.journal.setLedgerCode(ctx, input), codesView),
    );
  }

  @Mutation(() => JournalLedgerCodesPayload, { description: 'The export’s number format and journal code. Audited.' })
  @Requires(Permission.JOURNAL_EXPORT)
  async updateJournalSettings(
    @Arg('input', () => JournalSettingsInput, { description: 'The municipality, number format and journal code.' })
    input: JournalSettingsInput,
    @Ctx() ctx: Context,
  ): Promise<JournalLedgerCodesPayload> {
    return JournalLedgerCodesPayload.from(
      await mapResult(await ctx.services.journal.updateSettings(ctx, input), codesView),
    );
  }

  @Mutation(() => JournalPeriodPayload, {
    description:
      'Closes an exported period: later bookings fall in the next open period. Refused when closed already, not ' +
      'exported, or changed since the export. Audited.',
  })
  @Requires(Permission.JOURNAL_EXPORT)
  async closeJournalPeriod(
    @Arg('municipalityId', () => ID, { description: 'The id of the municipality whose period is closed.' })
    municipalityId: string,
    @Arg('period', () => String, { description: 'The month to close, YYYY-MM.' }) period: string,
    @Ctx() ctx: Context,
  ): Promise<JournalPeriodPayload> {
    return JournalPeriodPayload.from(
      await mapResult(await ctx.services.journal.closePeriod(ctx, municipalityId, period), periodView),
    );
  }
}
