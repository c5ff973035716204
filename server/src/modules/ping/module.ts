import { defineModule } from '../../platform/module.js';
import { PingResolver } from './ping.resolver.js';
import { PingService } from './ping.service.js';

declare module '../../platform/composition.js' {
  interface Services {
    ping: PingService;
  }
}

export const pingModule = defineModule({
  name: 'ping',
  resolvers: [PingResolver],
  services: () => ({ ping: new PingService() }),
});
