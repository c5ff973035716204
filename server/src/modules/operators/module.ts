import { defineModule } from '../../platform/module.js';
import { OperatorResolver } from './operator.resolver.js';

export const operatorsModule = defineModule({
  name: 'operators',
  resolvers: [OperatorResolver],
  jobs: (services) => ({
    'operators.loginLinkRequested': (ctx, payload) => services.operators.sendLoginLink(ctx, payload),
  }),
});
