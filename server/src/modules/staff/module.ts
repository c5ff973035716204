import { defineModule } from '../../platform/module.js';
import { AdminAccount } from './admin-account.entity.js';

/**
 * The staff account (`AdminAccount`): the model other modules refer to (who decided on a product, who wrote a page,
 * who is a provider's contact at the municipality). Logging in, sessions and managing the accounts are identity's.
 */
export const staffModule = defineModule({
  name: 'staff',
  entities: [AdminAccount],
});
