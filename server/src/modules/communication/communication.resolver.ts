import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { Permission } from '../../kernel/permissions.js';
import { Requires } from '../../graphql/auth/requires.js';
import { ListArgs } from '../../graphql/pagination.js';
import { mapResult, ok, type Result } from '../../kernel/result.js';
import type { CommunicationTemplate as TemplateRow } from './communication-template.entity.js';
import type { MailLogEntry as MailLogRow } from './mail.service.js';
import { templateChannel, variablesOf } from './templates.js';
import {
  CommunicationTemplate,
  MailLogConnection,
  MailLogEntry,
  MailLogFilterInput,
  MailStatusEnum,
  ResendMailPayload,
  TemplateChannel,
  TemplatePayload,
  TemplateWording,
  TemplatePreview,
  TemplatePreviewInput,
  TemplateVariable,
  UpdateTemplateInput,
} from './communication.types.js';

function toTemplate(t: TemplateRow): CommunicationTemplate {
  return Object.assign(new CommunicationTemplate(), {
    id: t.id,
    key: t.key,
    name: t.name,
    channel: templateChannel(t.key) as TemplateChannel,
    subject: t.subject,
    body: t.body,
    informalSubject: t.informalSubject ?? null,
    informalBody: t.informalBody ?? null,
    variables: variablesOf(t.key).map((v) => Object.assign(new TemplateVariable(), v)),
    isDefault:
      t.subject === t.defaultSubject &&
      t.body === t.defaultBody &&
      (t.informalSubject ?? null) === (t.defaultInformalSubject ?? null) &&
      (t.informalBody ?? null) === (t.defaultInformalBody ?? null),
    updatedAt: t.updatedAt,
  });
}

function toEntry(e: MailLogRow): MailLogEntry {
  return Object.assign(new MailLogEntry(), { ...e, status: e.status as MailStatusEnum });
}

/** Templates (sjablonen) and the mail log (communicatie): TEMPLATE_EDIT. Thin: the services do the work. */
@Resolver()
export class CommunicationResolver {
  @Requires(Permission.TEMPLATE_EDIT)
  @Query(() => [CommunicationTemplate], { description: 'Every e-mail template, by name.' })
  async communicationTemplates(@Ctx() ctx: Context): Promise<CommunicationTemplate[]> {
    return (await ctx.services.templates.list(ctx)).map(toTemplate);
  }

  @Requires(Permission.TEMPLATE_EDIT)
  @Query(() => TemplateWording, {
    description: 'The variant the platform sends now (setting communication.wording; changed with SETTINGS_MANAGE).',
  })
  async templateWording(@Ctx() ctx: Context): Promise<TemplateWording> {
    return (await ctx.services.mail.wording()) as TemplateWording;
  }

  @Requires(Permission.TEMPLATE_EDIT)
  @Query(() => CommunicationTemplate, {
    description:
      'One communication template (mail and message text) with both variants and its variables; null when unknown.',
    nullable: true,
  })
  async communicationTemplate(
    @Ctx() ctx: Context,
    @Arg('id', () => ID, { description: 'The id of the template.' }) id: string,
  ): Promise<CommunicationTemplate | null> {
    const t = await ctx.services.templates.byId(ctx, id);
    return t ? toTemplate(t) : null;
  }

  @Requires(Permission.TEMPLATE_EDIT)
  @Query(() => TemplatePreview, {
    description: 'Renders an unsaved text of a template with sample data, with the checks a save makes.',
  })
  async templatePreview(
    @Ctx() ctx: Context,
    @Arg('input', () => TemplatePreviewInput, { description: 'The template and the unsaved text to render.' })
    input: TemplatePreviewInput,
  ): Promise<TemplatePreview> {
    const r = await ctx.services.templates.preview(ctx, input.templateId, input.variant, input);
    return Object.assign(new TemplatePreview(), {
      subject: r.ok ? r.value.subject : null,
      body: r.ok ? r.value.body : null,
      errors: r.ok ? [] : r.errors,
    });
  }

  @Requires(Permission.TEMPLATE_EDIT)
  @Mutation(() => TemplatePayload, {
    description:
      'Saves both variants of a template; refused when a variable is unknown or missing or the syntax is broken.',
  })
  async updateCommunicationTemplate(
    @Ctx() ctx: Context,
    @Arg('input', () => UpdateTemplateInput, { description: 'The template and the new text of both variants.' })
    input: UpdateTemplateInput,
  ): Promise<TemplatePayload> {
    const r = await ctx.services.templates.update(ctx, input.templateId, input);
    return TemplatePayload.from(await mapResult(r, toTemplate));
  }

  @Requires(Permission.TEMPLATE_EDIT)
  @Mutation(() => TemplatePayload, { description: 'Both variants of a template back to the default text.' })
  async restoreCommunicationTemplate(
    @Ctx() ctx: Context,
    @Arg('templateId', () => ID, { description: 'The id of the template to restore.' }) templateId: string,
  ): Promise<TemplatePayload> {
    return TemplatePayload.from(
      await mapResult(await ctx.services.templates.restoreDefault(ctx, templateId), toTemplate),
    );
  }

  @Requires(Permission.TEMPLATE_EDIT)
  @Query(() => MailLogConnection, { description: 'The mail log, newest first.' })
  async mailLog(
    @Ctx() ctx: Context,
    @Args(() => ListArgs) page: ListArgs,
    @Arg('filter', () => MailLogFilterInput, {
      description: 'Filters; all optional, combined with "and".',
      nullable: true,
    })
    filter?: MailLogFilterInput | null,
  ): Promise<MailLogConnection> {
    const c = await ctx.services.mail.list(ctx, filter ?? {}, page);
    return { ...c, edges: c.edges.map((e) => ({ ...e, node: toEntry(e.node) })) } as MailLogConnection;
  }

  @Requires(Permission.TEMPLATE_EDIT)
  @Mutation(() => ResendMailPayload, {
    description: 'Sends a failed mail again (a job); a second click while it is queued changes nothing.',
  })
  async resendMail(
    @Ctx() ctx: Context,
    @Arg('mailId', () => ID, { description: 'The id of the failed mail (from the mail log).' }) mailId: string,
  ): Promise<ResendMailPayload> {
    const r: Result<string> = await ctx.services.mail.resend(ctx, mailId);
    if (!r.ok) return ResendMailPayload.from(r);
    const entry = await ctx.services.mail.entry(ctx, r.value);
    return ResendMailPayload.from(ok(entry ? toEntry(entry) : null));
  }
}
