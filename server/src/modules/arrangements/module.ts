import { defineModule } from '../../platform/module.js';
import { Arrangement } from './arrangement.entity.js';
import { Assignment } from './assignment.entity.js';
import { AssignmentResolver } from './assignment.resolver.js';
import { ArrangementResolver } from './arrangement.resolver.js';
import { YearEndResolver } from './year-end.resolver.js';

export const arrangementsModule = defineModule({
  name: 'arrangements',
  entities: [Arrangement, Assignment],
  resolvers: [AssignmentResolver, ArrangementResolver, YearEndResolver],
  jobs: (services) => ({
    'arrangements.expireBudgets': async (ctx, _payload, run) =>
      void (await services.yearEnd.expireBudgets(ctx, run.signal)),
    'arrangements.expiryReminders': async (ctx, _payload, run) =>
      void (await services.expiryReminders.sendDue(ctx, run.signal)),
    'arrangements.regrant': (ctx, { runId }, run) => services.yearEnd.runRegrant(ctx, runId, run.signal),
  }),
  schedules: [
    {
      task: 'arrangements.expireBudgets',
      cron: '7 * * * *',
      identifier: 'arrangements.expireBudgets',
      queueName: 'year-end',
      maxAttempts: 3,
      backfill: '1h',
    },
    {
      task: 'arrangements.expiryReminders',
      cron: '23 * * * *',
      identifier: 'arrangements.expiryReminders',
      queueName: 'expiry-reminders',
      maxAttempts: 3,
      backfill: '1h',
    },
  ],
});
