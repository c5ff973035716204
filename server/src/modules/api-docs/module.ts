import { defineModule } from '../../platform/module.js';
import { ApiDocumentationResolver } from './api-docs.resolver.js';

export const apiDocsModule = defineModule({
  name: 'api-docs',
  resolvers: [ApiDocumentationResolver],
});
