import { Entity, ManyToOne, Property } from '@mikro-orm/decorators/legacy';
import type { Opt, Ref } from '@mikro-orm/core';
import { TermsVersion } from './terms-version.entity.js';
import { Provider } from '../providers/index.js';
import { ProviderUser } from '../providers/index.js';
import { Municipality } from '../municipalities/index.js';
import { applicationNow } from '../../kernel/clock.js';
import { IdEntity } from '../../platform/entity.js';

/** Who accepted which terms version, when: at registration (no municipality) or when applying to a municipality. */
@Entity({ tableName: 'terms_acceptance' })
export class TermsAcceptance extends IdEntity {
  @ManyToOne(() => TermsVersion, { ref: true })
  termsVersion!: Ref<TermsVersion>;

  @ManyToOne(() => Provider, { ref: true, deleteRule: 'cascade' })
  provider!: Ref<Provider>;

  @ManyToOne(() => ProviderUser, { ref: true, nullable: true, deleteRule: 'set null' })
  providerUser?: Ref<ProviderUser> | null;

  @ManyToOne(() => Municipality, { ref: true, nullable: true, deleteRule: 'cascade' })
  municipality?: Ref<Municipality> | null;

  @Property({ type: 'timestamptz' })
  acceptedAt: Date & Opt = applicationNow();
}
