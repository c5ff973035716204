import type { EntityManager } from '@mikro-orm/postgresql';
import type { AssuranceLevel } from '../../integrations/digid/digid.js';
import type { SamlRuntime } from '../../integrations/digid/saml/runtime.js';
import type { SettingsService } from '../settings/index.js';
import type { ActiveCredentials, DigidCertificateService } from './digid-certificate.service.js';

/** Thrown when DigiD is asked for while no certificate is in use (set one up on instellingen/digid). */
export class NoCurrentCertificateError extends Error {
  constructor() {
    super(
      'DigiD: er is geen huidig certificaat. Maak er een aan op /admin/beheer/instellingen/digid/nieuwe-certificaten.',
    );
    this.name = 'NoCurrentCertificateError';
  }
}

/**
 * The SAML adapter's view of the DigiD settings (integrations/digid/saml/runtime.ts), read at every log-in from the
 * certificate store and the `digid` settings section, so a switch-over or a new level is in force without a restart.
 * `em` gives a fresh EntityManager (boot: `() => orm.em.fork()`).
 */
export class DigidSamlRuntime implements SamlRuntime {
  constructor(
    private readonly certificates: DigidCertificateService,
    private readonly settings: SettingsService,
    private readonly em: () => EntityManager,
  ) {}

  async credentials(): Promise<{
    current: { keyPem: string; certPem: string };
    next: { certPem: string } | null;
  }> {
    const { current, next } = await this.certificates.credentials(this.em());
    if (!current) throw new NoCurrentCertificateError();
    return {
      current: { keyPem: current.keyPem, certPem: current.certPem },
      next: next ? { certPem: next.certPem } : null,
    };
  }

  /**
   * Everything in the metadata and usable for a message: current, next and (during the grace period after a
   * switch-over) previous; the previous key may still verify or decrypt a message that was under way.
   */
  async allCredentials(): Promise<ActiveCredentials> {
    return this.certificates.credentials(this.em());
  }

  /** Whether the store has a certificate in use (otherwise the configuration's files serve, if any). */
  async hasCurrent(): Promise<boolean> {
    return (await this.certificates.credentials(this.em())).current !== null;
  }

  async assuranceLevel(): Promise<AssuranceLevel> {
    return (await this.settings.get('digid')).assuranceLevel;
  }
}
