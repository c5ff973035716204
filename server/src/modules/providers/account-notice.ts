import type { RequestContext } from '../../kernel/request-context.js';
import { check, type LimitRule, type Limits } from '../limits/index.js';
import type { MailService } from '../communication/index.js';
import { appLink } from '../../platform/links.js';
import type { ProviderUser } from './provider-user.entity.js';

/** Where a notice is recorded: the transaction it is sent in. */
type MailTarget = Parameters<MailService['send']>[0];

/**
 * Tells the owner of an existing provider address that someone registered or was invited with it, at most once per
 * window (limitPolicy().accountNotice, counted per address): the answer to the request is the same either way, so only
 * the mailbox learns that the address has an account. The mail links to logging in and to a new password.
 */
export async function noticeExistingAddress(
  deps: { limits: Limits; rule: LimitRule; mail: MailService; appUrl: string },
  ctx: RequestContext,
  target: MailTarget,
  user: ProviderUser,
  notice: {
    event: string;
    log: string;
    template: 'PROVIDER_REGISTRATION_EXISTING' | 'PROVIDER_INVITE_EXISTING';
    variables?: { providerName: string };
  },
): Promise<void> {
  const reservation = await deps.limits.reserve(check(deps.rule, `provider:${user.email.toLowerCase()}`));
  ctx.log.info({ event: notice.event, noticeSent: reservation.ok }, notice.log);
  if (!reservation.ok) return;
  await deps.mail.send(target, {
    template: notice.template,
    to: user.email,
    variables: {
      name: user.name,
      ...notice.variables,
      loginLink: appLink(deps.appUrl, '/voor-aanbieders/inloggen'),
      resetLink: appLink(deps.appUrl, '/wachtwoord-vergeten'),
    },
  });
}
