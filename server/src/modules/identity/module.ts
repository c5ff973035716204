import { defineModule } from '../../platform/module.js';
import { Session } from './session.entity.js';
import { EmailToken } from './email-token.entity.js';
import { StaffRecoveryCode } from './staff-recovery-code.entity.js';
import { IdentityResolver } from './identity.resolver.js';
import { AccountRecoveryResolver } from './account-recovery.resolver.js';
import { StaffAccountFieldsResolver, StaffAccountResolver } from './staff-account.resolver.js';

export const identityModule = defineModule({
  name: 'identity',
  entities: [Session, EmailToken, StaffRecoveryCode],
  resolvers: [IdentityResolver, AccountRecoveryResolver, StaffAccountResolver, StaffAccountFieldsResolver],
  jobs: (services) => ({
    'identity.passwordResetRequested': (ctx, payload) => services.accountRecovery.sendResetLink(ctx, payload),
    'identity.staffInvitation': (ctx, payload) => services.staffAccounts.sendInvitation(ctx, payload),
    'identity.purgeExpired': async (ctx) => {
      const sessions = await services.sessions.purgeExpired(ctx.em);
      const tokens = await services.emailTokens.purgeExpired(ctx.em);
      // The limits' counters (log-in, resets, invitations, …) whose window has passed.
      const limitCounters = await services.limits.purgeExpired();
      // Operators' log-in links (a day after they expired) and ended operator sessions.
      await services.operators.purgeExpired(ctx);
      if (sessions || tokens || limitCounters) {
        ctx.log.info(
          { event: 'purge_expired', sessions, tokens, limitCounters },
          'expired sessions, tokens and limit counters removed',
        );
      }
    },
  }),
  schedules: [
    {
      task: 'identity.purgeExpired',
      cron: '17 * * * *',
      identifier: 'identity.purgeExpired',
      maxAttempts: 3,
      backfill: '1h',
    },
  ],
});
