import { defineModule } from '../../platform/module.js';
import { Message } from './message.entity.js';
import { MessageResolver } from './message.resolver.js';
import { MassMessageResolver } from './mass-message.resolver.js';

export const messagesModule = defineModule({
  name: 'messages',
  entities: [Message],
  resolvers: [MessageResolver, MassMessageResolver],
  jobs: (services) => ({
    'messages.massSend': (ctx, { massMessageId }, run) => services.massMessages.deliver(ctx, massMessageId, run),
  }),
});
