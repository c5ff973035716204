/** The face of modules/payments: what other modules may import of it (ARCHITECTURE.md, "Modules with a boundary"). */
export type { PaymentService } from './payment.service.js';
