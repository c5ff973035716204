import { defineModule } from '../../platform/module.js';

export const housekeepingModule = defineModule({
  name: 'housekeeping',
  jobs: (services) => ({
    'housekeeping.sweepUploads': async (ctx) => void (await services.uploadSweep.sweep(ctx)),
  }),
  schedules: [
    {
      task: 'housekeeping.sweepUploads',
      cron: '53 3 * * *',
      identifier: 'housekeeping.sweepUploads',
      queueName: 'upload-sweep',
      maxAttempts: 3,
    },
  ],
});
