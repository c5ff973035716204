import { defineModule } from '../../platform/module.js';
import { JournalResolver } from './journal.resolver.js';
import { journalRoutes } from './journal.routes.js';

export const journalModule = defineModule({
  name: 'journal',
  resolvers: [JournalResolver],
  routes: [...journalRoutes],
  jobs: (services) => ({
    'journal.foldDayTotals': async (ctx) => void (await services.journal.foldDayTotals(ctx)),
  }),
  schedules: [
    {
      task: 'journal.foldDayTotals',
      cron: '37 * * * *',
      identifier: 'journal.foldDayTotals',
      queueName: 'journal-fold',
      maxAttempts: 3,
    },
  ],
});
