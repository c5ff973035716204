import { defineModule } from '../../platform/module.js';
import { TermsVersion } from './terms-version.entity.js';
import { TermsAcceptance } from './terms-acceptance.entity.js';
import { TermsResolver } from './terms.resolver.js';
import { MunicipalityMembershipResolver } from './membership-terms.resolver.js';

export const termsModule = defineModule({
  name: 'terms',
  entities: [TermsVersion, TermsAcceptance],
  resolvers: [TermsResolver, MunicipalityMembershipResolver],
});
