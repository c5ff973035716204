import { defineModule } from '../../platform/module.js';
import { DigidSettingsResolver } from './digid.resolver.js';

export const digidModule = defineModule({
  name: 'digid',
  resolvers: [DigidSettingsResolver],
});
