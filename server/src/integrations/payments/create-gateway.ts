import type { Config } from '../../config/config.js';
import type { PaymentGateway } from './payment-gateway.js';
import { MolliePaymentGateway } from './mollie-gateway.js';
import { PaymentSimulator } from './payment-simulator.js';

/** The PSP chosen by PAYMENT_PROVIDER: Mollie with MOLLIE_API_KEY, or the local simulator (refused in production). */
export function createPaymentGateway(config: Config): PaymentGateway {
  if (config.payments.provider === 'mollie') {
    if (!config.payments.mollieApiKey)
      throw new Error(
        'PAYMENT_PROVIDER=mollie: MOLLIE_API_KEY is verplicht (de API-sleutel uit het Mollie-dashboard).',
      );
    return new MolliePaymentGateway({ apiKey: config.payments.mollieApiKey });
  }
  return new PaymentSimulator();
}
