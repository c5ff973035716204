import { defineModule } from '../../platform/module.js';

export const limitsModule = defineModule({
  name: 'limits',
});
