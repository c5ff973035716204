import { defineModule } from '../../platform/module.js';
import { ApiClient, ApiClientEncryptionKey, ApiClientKey } from './api-client.entities.js';
import { ApiClientResolver } from './api-client.resolver.js';

export const apiClientsModule = defineModule({
  name: 'api-clients',
  entities: [ApiClient, ApiClientKey, ApiClientEncryptionKey],
  resolvers: [ApiClientResolver],
});
