import { defineModule } from '../../platform/module.js';
import { Provider } from './provider.entity.js';
import { ProviderUser } from './provider-user.entity.js';
import { ProviderMembership } from './provider-membership.entity.js';
import { ProviderLocation } from './provider-location.entity.js';
import { ProviderResolver } from './provider.resolver.js';
import { RegistrationResolver } from './registration.resolver.js';
import { ProviderProfileResolver } from './provider-profile.resolver.js';
import { ProviderPresenceResolver, ProviderProfilePresenceResolver } from './provider-presence.resolver.js';
import { MembershipResolver } from './membership.resolver.js';

export const providersModule = defineModule({
  name: 'providers',
  entities: [Provider, ProviderUser, ProviderMembership, ProviderLocation],
  resolvers: [
    ProviderResolver,
    RegistrationResolver,
    ProviderProfileResolver,
    ProviderPresenceResolver,
    ProviderProfilePresenceResolver,
    MembershipResolver,
  ],
  jobs: (services) => ({
    'providers.invitationMail': (ctx, payload) => services.providers.sendInvitationMail(ctx, payload),
  }),
});
