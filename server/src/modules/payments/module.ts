import { defineModule } from '../../platform/module.js';
import { Payment, PaymentEvent, PaymentRefund } from './payment.entities.js';
import { PaymentResolver } from './payment.resolver.js';
import { PaymentAdminResolver } from './payment-admin.resolver.js';

export const paymentsModule = defineModule({
  name: 'payments',
  entities: [Payment, PaymentEvent, PaymentRefund],
  resolvers: [PaymentResolver, PaymentAdminResolver],
  jobs: (services) => ({
    'payments.expireOpen': async (ctx) => void (await services.payments.expireOpen(ctx)),
    'payments.retryRefunds': async (ctx) => void (await services.payments.retryRefunds(ctx)),
  }),
  schedules: [
    {
      task: 'payments.expireOpen',
      cron: '* * * * *',
      identifier: 'payments.expireOpen',
      queueName: 'payments-expiry',
      maxAttempts: 1,
    },
    {
      task: 'payments.retryRefunds',
      cron: '* * * * *',
      identifier: 'payments.retryRefunds',
      queueName: 'payments-refunds',
      maxAttempts: 1,
    },
  ],
});
