import type { EntityManager } from '@mikro-orm/postgresql';
import { today } from '../../kernel/clock.js';
import { transactional, type RequestContext } from '../../kernel/request-context.js';
import type { AssignmentLifecycleListener } from './assignment.service.js';
import { CommunicationTemplate } from '../communication/index.js';
import type { MailService } from '../communication/index.js';
import { renderTemplate, TemplateError, variantOf } from '../communication/index.js';
import { appLink } from '../../platform/links.js';
import type { MessageService } from '../messages/index.js';
import { money } from '../../platform/money.js';
import type { SettingsService } from '../settings/index.js';
import * as q from './expiry-reminders.queries.js';
import type { Due } from './expiry-reminders.queries.js';

const dutchDay = (iso: string) => iso.split('-').reverse().join('-');

/**
 * "Uw tegoed vervalt binnenkort": households with budget left on an assignment that ends within the configured number
 * of days (instellingen, section `reminders`) get an inbox message (INBOX_BUDGET_EXPIRING) and, when the resident wants
 * e-mail (the same preference as the order e-mails), an e-mail (BUDGET_EXPIRING). Once per assignment: the
 * assignment_reminder row (its primary key) is reserved in the transaction that writes the message and records the
 * mail, so two runs at the same moment send it once.
 */
export class ExpiryReminderService {
  constructor(
    private readonly settings: SettingsService,
    private readonly messages: MessageService,
    private readonly mail: MailService,
    private readonly appUrl: string,
  ) {}

  private readonly listeners: AssignmentLifecycleListener[] = [];

  /** Called inside the transaction of every reminder sent (webhooks: `assignment.expiring`). */
  onReminded(listener: AssignmentLifecycleListener): void {
    this.listeners.push(listener);
  }

  /** Sends every reminder that is due; returns how many this run sent. */
  async sendDue(ctx: RequestContext, signal?: AbortSignal): Promise<number> {
    const { expiryReminderDays: days } = await this.settings.get('reminders', ctx.em);
    if (days <= 0) return 0;
    const day = today(ctx.clock);
    let after = '00000000-0000-0000-0000-000000000000';
    let sent = 0;
    for (;;) {
      if (signal?.aborted) break;
      const batch = await q.dueReminders(ctx.em, day, days, after);
      if (!batch.length) break;
      for (const a of batch) {
        after = a.id;
        if (await this.remind(ctx, a, Number(a.balance_cents), days)) sent++;
      }
    }
    if (sent) ctx.log.info({ event: 'expiry_reminders_sent', sent }, 'budget expiry reminders sent');
    return sent;
  }

  private async remind(ctx: RequestContext, a: Due, remaining: number, days: number): Promise<boolean> {
    return transactional(ctx, async (tx) => {
      const em = tx.em;
      const reserved = await q.reserveReminder(em, {
        assignmentId: a.id,
        daysBefore: days,
        remainingCents: remaining,
        createdAt: ctx.clock.now(),
      });
      if (!reserved) return false;
      const variables = {
        arrangementName: a.arrangement_name,
        beneficiaryName: a.beneficiary_name ?? '',
        remainingAmount: money(remaining),
        expiresOn: dutchDay(a.valid_until),
      };
      const { title, body } = await this.inboxText(em, variables);
      const messageId = await this.messages.sendPersonal(em, {
        municipalityId: a.municipality_id,
        clientGroupId: a.client_group_id,
        title,
        body,
      });
      // The household's contact address, as for order e-mails: its first member with an address who wants e-mail.
      const recipient = await q.householdContact(em, a.client_group_id);
      let mailed = false;
      if (recipient?.wants) {
        await this.mail.send(em, {
          template: 'BUDGET_EXPIRING',
          to: recipient.email,
          personId: recipient.id,
          municipalityId: a.municipality_id,
          variables: { ...variables, name: recipient.first_name, shopLink: appLink(this.appUrl, '/') },
        });
        mailed = true;
      }
      await q.recordReminder(em, a.id, messageId, mailed);
      for (const listener of this.listeners)
        await listener(tx, {
          type: 'assignment.expiring',
          assignmentId: a.id,
          municipalityId: a.municipality_id,
          clientGroupId: a.client_group_id,
          remainingCents: remaining,
          validUntil: a.valid_until,
        });
      return true;
    });
  }

  private async inboxText(
    em: EntityManager,
    variables: Record<string, string>,
  ): Promise<{ title: string; body: string }> {
    const key = 'INBOX_BUDGET_EXPIRING';
    const template = await em.findOne(CommunicationTemplate, { key });
    if (!template) throw new TemplateError(`template ${key} does not exist`);
    const wording = (await this.settings.get('communication', em)).wording;
    const { subject, body } = renderTemplate(key, variantOf(template, wording), variables);
    return { title: subject, body };
  }
}
