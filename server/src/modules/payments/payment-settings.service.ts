import type { Config } from '../../config/config.js';
import { ok, problem, type Result } from '../../kernel/result.js';
import type { RequestContext } from '../../kernel/request-context.js';
import { encryptSecret, lastFour } from '../../kernel/secret-box.js';
import type { SettingsService } from '../settings/index.js';
import type { PaymentService } from './payment.service.js';
import { PaymentServiceProviderEnum } from './payment-admin.types.js';

/** A Mollie API key as the dashboard shows it: test_… or live_…, at least 30 characters. */
const MOLLIE_KEY = /^(test|live)_\w{20,}$/;

export interface PaymentProviderView {
  /** The provider in force: the chosen one, else PAYMENT_PROVIDER's. */
  provider: PaymentServiceProviderEnum;
  /** Whether it was chosen at instellingen/betalingen (false: the environment's default). */
  chosen: boolean;
  /** The last four characters of the stored Mollie API key; null when none is stored. */
  apiKeyLast4: string | null;
  /** Whether the simulator may be chosen (never in production). */
  simulatorAllowed: boolean;
}

/**
 * The payment service provider at instellingen/betalingen: which one, and Mollie's API key, stored encrypted
 * (AES-256-GCM, kernel/secret-box.ts) in the `payments` settings section — through SettingsService.update, so the change
 * is versioned and audited, the audit row showing only the key's last four characters (the section's auditView).
 */
export class PaymentSettingsService {
  constructor(
    private readonly config: Config,
    private readonly settings: SettingsService,
    private readonly payments: PaymentService,
  ) {}

  async view(): Promise<PaymentProviderView> {
    const value = await this.settings.get('payments');
    const gateway = await this.payments.activeGateway();
    return {
      provider: gateway.name === 'mollie' ? PaymentServiceProviderEnum.MOLLIE : PaymentServiceProviderEnum.SIMULATOR,
      chosen: value.provider !== null,
      apiKeyLast4: value.mollieApiKey?.last4 ?? null,
      simulatorAllowed: !this.config.production,
    };
  }

  /** Chooses the provider; `apiKey` (Mollie) replaces the stored key, none keeps it. */
  async setProvider(
    ctx: RequestContext,
    input: { provider: PaymentServiceProviderEnum; apiKey?: string | null; expectedVersion?: number | null },
  ): Promise<Result<PaymentProviderView>> {
    if (input.provider === PaymentServiceProviderEnum.SIMULATOR && this.config.production) {
      return problem('provider', 'NOT_ALLOWED', 'De betaalsimulator kan niet in productie worden gebruikt.');
    }
    const apiKey = input.apiKey?.trim() || null;
    const patch: Record<string, unknown> = { provider: input.provider };
    if (input.provider === PaymentServiceProviderEnum.MOLLIE) {
      if (apiKey) {
        if (!MOLLIE_KEY.test(apiKey)) {
          return problem(
            'apiKey',
            'INVALID',
            'Vul een geldige Mollie API-sleutel in: die begint met test_ of live_ (te vinden in het Mollie-dashboard).',
          );
        }
        patch.mollieApiKey = {
          ciphertext: encryptSecret(this.config.settingsEncryptionKey, apiKey),
          last4: lastFour(apiKey),
        };
      } else if (!(await this.settings.get('payments')).mollieApiKey && !this.config.payments.mollieApiKey) {
        return problem('apiKey', 'REQUIRED', 'Vul de API-sleutel van Mollie in.');
      }
    }
    const updated = await this.settings.update(ctx, 'payments', patch, { expectedVersion: input.expectedVersion });
    if (!updated.ok) return updated;
    return ok(await this.view());
  }

  /** "Verbinding testen": asks the provider in force for one payment; a Dutch message either way. */
  async testConnection(ctx: RequestContext): Promise<Result<string>> {
    let gateway;
    try {
      gateway = await this.payments.activeGateway();
      await gateway.testConnection();
    } catch (error) {
      ctx.log.warn({ err: error }, 'payment provider connection test failed');
      return problem(
        null,
        'CONNECTION_FAILED',
        'De verbinding met de betaaldienst is mislukt. Controleer de API-sleutel en probeer het opnieuw.',
      );
    }
    return ok(`De verbinding met ${gateway.name === 'mollie' ? 'Mollie' : 'de simulator'} werkt.`);
  }
}
