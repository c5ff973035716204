/** The face of modules/settings: what other modules may import of it (ARCHITECTURE.md, "Modules with a boundary"). */
export { massSendLimitFor } from './sections/communication.js';
export { offlineValidityHoursFor } from './sections/card.js';
export type { DebtorAccount, DebtorAddress } from './sections/payments.js';
export type { SettingsService } from './settings.service.js';
