import { LockMode } from '@mikro-orm/core';
import type { RequestContext } from '../../kernel/request-context.js';
import { transactional } from '../../kernel/request-context.js';
import { fail, ok, problem, type Result } from '../../kernel/result.js';
import { UserError } from '../../kernel/errors.js';
import { isUuid } from '../../graphql/ids.js';
import type { AuditService } from '../audit/index.js';
import { CommunicationTemplate } from './communication-template.entity.js';
import {
  checkTemplateVariant,
  renderTemplate,
  sampleVariables,
  TEMPLATE_VARIABLES,
  type TemplateProblem,
} from './templates.js';

export interface TemplateTexts {
  subject: string;
  body: string;
  informalSubject: string;
  informalBody: string;
}

export type TemplateField = keyof TemplateTexts;

const FIELD_OF: Record<'FORMAL' | 'INFORMAL', Record<TemplateProblem['part'], TemplateField>> = {
  FORMAL: { subject: 'subject', body: 'body' },
  INFORMAL: { subject: 'informalSubject', body: 'informalBody' },
};

const notFound = <T>() => problem<T>('templateId', 'NOT_FOUND', 'Dit sjabloon bestaat niet (meer).');

/** Problems of a variant as form errors on the field they are about. */
function toErrors(variant: 'FORMAL' | 'INFORMAL', problems: TemplateProblem[]): UserError[] {
  const prefix = variant === 'INFORMAL' ? 'Informeel (je): ' : 'Formeel (u): ';
  return problems.map((p) => UserError.of(FIELD_OF[variant][p.part], 'TEMPLATE_INVALID', prefix + p.message));
}

/**
 * The communication templates as staff edit them at beheer/communicatie/sjablonen (TEMPLATE_EDIT, enforced by the
 * resolver): both variants are checked with the same strict engine the mails use before anything is stored; every
 * change is audited.
 */
export class TemplateService {
  constructor(private readonly audit: AuditService) {}

  /** Every template the application knows (keys in TEMPLATE_VARIABLES), by name. */
  async list(ctx: RequestContext): Promise<CommunicationTemplate[]> {
    const rows = await ctx.em.find(CommunicationTemplate, {}, { orderBy: { name: 'asc' } });
    return rows.filter((t) => Object.hasOwn(TEMPLATE_VARIABLES, t.key));
  }

  async byId(ctx: RequestContext, id: string): Promise<CommunicationTemplate | null> {
    if (!isUuid(id)) return null;
    const t = await ctx.em.findOne(CommunicationTemplate, { id });
    return t && Object.hasOwn(TEMPLATE_VARIABLES, t.key) ? t : null;
  }

  /** The problems of both variants, as form errors. */
  check(key: string, texts: TemplateTexts): UserError[] {
    return [
      ...toErrors('FORMAL', checkTemplateVariant(key, { subject: texts.subject, body: texts.body })),
      ...toErrors('INFORMAL', checkTemplateVariant(key, { subject: texts.informalSubject, body: texts.informalBody })),
    ];
  }

  /** Saves both variants; refuses (changing nothing) when either has an unknown or missing variable or bad syntax. */
  async update(ctx: RequestContext, id: string, texts: TemplateTexts): Promise<Result<CommunicationTemplate>> {
    return this.change(ctx, id, 'template.updated', (template) => {
      const errors = this.check(template.key, texts);
      if (errors.length) return fail<CommunicationTemplate>(...(errors as [UserError, ...UserError[]]));
      template.subject = texts.subject.trim();
      template.body = texts.body;
      template.informalSubject = texts.informalSubject.trim();
      template.informalBody = texts.informalBody;
      return null;
    });
  }

  /** "Standaardtekst herstellen": both variants back to the text the application shipped. */
  async restoreDefault(ctx: RequestContext, id: string): Promise<Result<CommunicationTemplate>> {
    return this.change(ctx, id, 'template.restored', (template) => {
      if (template.defaultSubject == null || template.defaultBody == null)
        return problem<CommunicationTemplate>(
          'templateId',
          'NO_DEFAULT',
          'Voor dit sjabloon is geen standaardtekst bewaard.',
        );
      template.subject = template.defaultSubject;
      template.body = template.defaultBody;
      template.informalSubject = template.defaultInformalSubject ?? null;
      template.informalBody = template.defaultInformalBody ?? null;
      return null;
    });
  }

  /**
   * Changes one template under its row lock and audit-logs it. `apply` changes the template, or answers why not
   * (then nothing is changed).
   */
  private async change(
    ctx: RequestContext,
    id: string,
    action: 'template.updated' | 'template.restored',
    apply: (template: CommunicationTemplate) => Result<CommunicationTemplate> | null,
  ): Promise<Result<CommunicationTemplate>> {
    return transactional(ctx, async (tx) => {
      if (!isUuid(id)) return notFound<CommunicationTemplate>();
      const template = await tx.em.findOne(CommunicationTemplate, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!template || !Object.hasOwn(TEMPLATE_VARIABLES, template.key)) return notFound<CommunicationTemplate>();
      const refused = apply(template);
      if (refused) return refused;
      await tx.em.flush();
      await this.audit.record(tx, {
        action,
        subjectType: 'communication_template',
        subjectId: template.id,
        details: { key: template.key },
      });
      return ok(template);
    });
  }

  /**
   * The live preview: renders one variant's (unsaved) text with sample data through the same engine and checks as a
   * save. Problems instead of a text when it would be refused.
   */
  async preview(
    ctx: RequestContext,
    id: string,
    variant: 'FORMAL' | 'INFORMAL',
    text: { subject: string; body: string },
  ): Promise<Result<{ subject: string; body: string }>> {
    const template = await this.byId(ctx, id);
    if (!template) return notFound();
    const errors = toErrors(variant, checkTemplateVariant(template.key, text));
    if (errors.length) return fail(...(errors as [UserError, ...UserError[]]));
    return ok(renderTemplate(template.key, text, sampleVariables(template.key)));
  }
}
