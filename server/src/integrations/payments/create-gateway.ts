import type { Config } from '../../config/config.js';
import type { PaymentGateway } from './payment-gateway.js';
import { MolliePaymentGateway } from './mollie-gateway.js';
import { PaymentSimulator, type SimulatorDatabase } from './payment-simulator.js';
import { applicationNow } from '../../kernel/clock.js';

/**
 * The PSP chosen by PAYMENT_PROVIDER: Mollie with MOLLIE_API_KEY, or the local simulator (refused in production), which
 * keeps its records in the database `db` (the ORM's pool).
 */
export function createPaymentGateway(config: Config, db: SimulatorDatabase): PaymentGateway {
  if (config.payments.provider === 'mollie') {
    if (!config.payments.mollieApiKey)
      throw new Error(
        'PAYMENT_PROVIDER=mollie: MOLLIE_API_KEY is verplicht (de API-sleutel uit het Mollie-dashboard).',
      );
    return new MolliePaymentGateway({ apiKey: config.payments.mollieApiKey });
  }
  // On the application's clock, like our own payment rows, so a period means the same on both sides (reconciliation).
  return new PaymentSimulator(db, { now: applicationNow });
}
