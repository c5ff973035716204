import type { EntityManager } from '@mikro-orm/postgresql';
import { inScope } from '../../kernel/scope.js';
import { isUuid } from '../../graphql/ids.js';
import { transactional, type RequestContext } from '../../kernel/request-context.js';
import { ok, problem, type Result } from '../../kernel/result.js';
import { costCentreRule, glAccountRule, journalCodeRule } from '../../rules/journal.js';
import { auditActorOf, type AuditService } from '../audit/index.js';
import {
  JOURNAL_KIND_INFO,
  JOURNAL_KINDS,
  NUMBER_FORMATS,
  type JournalKind,
  type NumberFormat,
} from './journal.kinds.js';
import type { JournalSettings, LedgerCodeRow, LedgerCodes } from './journal.records.js';
import {
  arrangementById,
  arrangementCodeRows,
  arrangementInMunicipality,
  arrangementsOf,
  deleteLedgerCode,
  ledgerCodeRows,
  municipalityExists,
  selectSettings,
  upsertLedgerCode,
  upsertSettings,
} from './journal.queries.js';

export const MUNICIPALITY_NOT_FOUND = 'Deze gemeente is niet gevonden.';

/** A change to the general-ledger account and cost centre of one kind (setLedgerCode). */
export interface LedgerCodeChange {
  municipalityId: string;
  kind: JournalKind;
  arrangementId?: string | null;
  glAccount?: string | null;
  costCentre?: string | null;
}

/**
 * The journal's mapping: which general-ledger account and cost centre each kind of ledger booking gets (the
 * municipality's, or an arrangement's override), and the export's format (number notation, journal code).
 */
export class JournalMapping {
  constructor(private readonly audit: AuditService) {}

  async settings(em: EntityManager, municipalityId: string): Promise<JournalSettings> {
    return selectSettings(em, municipalityId);
  }

  /** The ledger codes of a municipality: one per kind, plus the per-arrangement overrides. Null outside the scope. */
  async ledgerCodes(ctx: RequestContext, municipalityId: string): Promise<LedgerCodes | null> {
    if (!inScope(ctx.viewer, municipalityId) || !(await municipalityExists(ctx.em, municipalityId))) return null;
    const rows = await ledgerCodeRows(ctx.em, municipalityId);
    const arrangements = await arrangementsOf(ctx.em, municipalityId);
    return {
      municipalityId,
      ...(await selectSettings(ctx.em, municipalityId)),
      codes: rows.map((r) => ({
        kind: r.kind,
        arrangementId: r.arrangement_id,
        arrangementName: r.arrangement_name,
        glAccount: r.gl_account,
        costCentre: r.cost_centre,
      })),
      arrangements,
    };
  }

  /** The codes an arrangement's bookings get (its overrides, else the municipality's), for the arrangement screen. */
  async arrangementCodes(
    ctx: RequestContext,
    arrangementId: string,
  ): Promise<{ municipalityId: string; codes: (LedgerCodeRow & { overridden: boolean })[] } | null> {
    if (!isUuid(arrangementId)) return null;
    const arrangement = await arrangementById(ctx.em, arrangementId);
    if (!arrangement || !inScope(ctx.viewer, arrangement.municipality_id)) return null;
    const rows = await arrangementCodeRows(ctx.em, arrangement.municipality_id, arrangementId);
    const codes = JOURNAL_KINDS.filter((k) => JOURNAL_KIND_INFO[k].perArrangement).map((kind) => {
      const own = rows.find((r) => r.kind === kind && r.arrangement_id === arrangementId);
      const general = rows.find((r) => r.kind === kind && r.arrangement_id === null);
      const used = own ?? general;
      return {
        kind,
        arrangementId: own ? arrangementId : null,
        arrangementName: own ? arrangement.name : null,
        glAccount: used?.gl_account ?? '',
        costCentre: used?.cost_centre ?? '',
        overridden: Boolean(own),
      };
    });
    return { municipalityId: arrangement.municipality_id, codes };
  }

  /**
   * Sets the general-ledger account and cost centre of one kind, for the municipality or (arrangementId) for one
   * arrangement. An arrangement's code with an empty account removes the override.
   */
  async setLedgerCode(ctx: RequestContext, input: LedgerCodeChange): Promise<Result<LedgerCodes>> {
    if (!inScope(ctx.viewer, input.municipalityId) || !(await municipalityExists(ctx.em, input.municipalityId)))
      return problem('municipalityId', 'NOT_FOUND', MUNICIPALITY_NOT_FOUND);
    if (!JOURNAL_KINDS.includes(input.kind)) return problem('kind', 'INVALID', 'Kies een soort rekening.');
    const arrangementId = input.arrangementId || null;
    if (arrangementId) {
      if (!JOURNAL_KIND_INFO[input.kind].perArrangement)
        return problem(
          'kind',
          'INVALID',
          `${JOURNAL_KIND_INFO[input.kind].label} heeft één rekening voor de hele gemeente, niet per regeling.`,
        );
      const found = isUuid(arrangementId)
        ? await arrangementInMunicipality(ctx.em, arrangementId, input.municipalityId)
        : false;
      if (!found) return problem('arrangementId', 'NOT_FOUND', 'Deze regeling is niet gevonden.');
    }
    const removing = Boolean(arrangementId) && !(input.glAccount ?? '').trim() && !(input.costCentre ?? '').trim();
    let glAccount = '';
    let costCentre = '';
    if (!removing) {
      const account = glAccountRule.check(input.glAccount);
      if (!account.ok) return problem('glAccount', account.problem.code, account.problem.message);
      const centre = costCentreRule.check(input.costCentre);
      if (!centre.ok) return problem('costCentre', centre.problem.code, centre.problem.message);
      glAccount = account.value;
      costCentre = centre.value;
    }
    const actorId = auditActorOf(ctx.viewer).id;
    await transactional(ctx, async (tx) => {
      const key = { municipalityId: input.municipalityId, kind: input.kind, arrangementId };
      if (removing) await deleteLedgerCode(tx.em, key);
      else await upsertLedgerCode(tx.em, key, { glAccount, costCentre, at: ctx.clock.now(), by: actorId });
      await this.audit.record(tx, {
        action: removing ? 'journal.code_removed' : 'journal.code_set',
        subjectType: 'municipality',
        subjectId: input.municipalityId,
        details: { kind: input.kind, arrangementId, glAccount, costCentre },
      });
    });
    return ok((await this.ledgerCodes(ctx, input.municipalityId))!);
  }

  async updateSettings(
    ctx: RequestContext,
    input: { municipalityId: string; numberFormat: NumberFormat; journalCode?: string | null },
  ): Promise<Result<LedgerCodes>> {
    if (!inScope(ctx.viewer, input.municipalityId) || !(await municipalityExists(ctx.em, input.municipalityId)))
      return problem('municipalityId', 'NOT_FOUND', MUNICIPALITY_NOT_FOUND);
    if (!NUMBER_FORMATS.includes(input.numberFormat))
      return problem('numberFormat', 'INVALID', 'Kies de Nederlandse of de internationale notatie.');
    const code = journalCodeRule.check(input.journalCode);
    if (!code.ok) return problem('journalCode', code.problem.code, code.problem.message);
    await transactional(ctx, async (tx) => {
      await upsertSettings(tx.em, input.municipalityId, {
        numberFormat: input.numberFormat,
        journalCode: code.value,
        at: ctx.clock.now(),
        by: auditActorOf(ctx.viewer).id,
      });
      await this.audit.record(tx, {
        action: 'journal.settings_updated',
        subjectType: 'municipality',
        subjectId: input.municipalityId,
        details: { numberFormat: input.numberFormat, journalCode: code.value },
      });
    });
    return ok((await this.ledgerCodes(ctx, input.municipalityId))!);
  }
}
