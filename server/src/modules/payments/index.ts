/** The face of modules/payments: what other modules may import of it (ARCHITECTURE.md, "Modules with a boundary"). */
export { Payment } from './payment.entities.js';
export { MAX_REFUND_ATTEMPTS } from './payment.service.js';
export type { PaymentService } from './payment.service.js';
export { ContributionPaymentView } from './payment.types.js';
