import { defineModule } from '../../platform/module.js';
import { PayoutBatch, PayoutLine, PayoutOrder } from './payout.entities.js';
import { PayoutLineResolver, PayoutResolver, ProviderPayoutResolver } from './payout.resolver.js';
import { payoutRoutes } from './payout.routes.js';

export const payoutsModule = defineModule({
  name: 'payouts',
  entities: [PayoutBatch, PayoutLine, PayoutOrder],
  resolvers: [PayoutResolver, PayoutLineResolver, ProviderPayoutResolver],
  routes: [...payoutRoutes],
});
