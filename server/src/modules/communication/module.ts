import { defineModule } from '../../platform/module.js';
import { CommunicationTemplate } from './communication-template.entity.js';
import { MailMessage } from './mail-message.entity.js';
import { CommunicationResolver } from './communication.resolver.js';

export const communicationModule = defineModule({
  name: 'communication',
  entities: [CommunicationTemplate, MailMessage],
  resolvers: [CommunicationResolver],
  jobs: (services) => ({
    'mail.send': (ctx, { mailId }, run) => services.mail.deliver(ctx, mailId, run),
  }),
});
