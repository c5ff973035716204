import { Migration20261121000000_foundation } from './Migration20261121000000_foundation.js';
import { Migration20261122000100_onboarding } from './Migration20261122000100_onboarding.js';
import { Migration20261122000200_catalogue } from './Migration20261122000200_catalogue.js';
import { Migration20261122000300_ledger } from './Migration20261122000300_ledger.js';
import { Migration20261122000400_orders } from './Migration20261122000400_orders.js';
import { Migration20261122000500_customers } from './Migration20261122000500_customers.js';
import { Migration20261122000800_messages } from './Migration20261122000800_messages.js';
import { Migration20261122000600_payments } from './Migration20261122000600_payments.js';
import { Migration20261122000700_order_mail } from './Migration20261122000700_order_mail.js';
import { Migration20261124000100_rate_limits } from './Migration20261124000100_rate_limits.js';
import { Migration20261124000200_person_write } from './Migration20261124000200_person_write.js';
import { Migration20261124000300_product_approvals } from './Migration20261124000300_product_approvals.js';
import { Migration20261124001000_audit_request } from './Migration20261124001000_audit_request.js';
import { Migration20261124001100_jobs } from './Migration20261124001100_jobs.js';
import { Migration20261124001200_settings } from './Migration20261124001200_settings.js';
import { Migration20261124001300_mail_log } from './Migration20261124001300_mail_log.js';
import { Migration20261124001400_grant_safeguards } from './Migration20261124001400_grant_safeguards.js';
import { Migration20261124002000_line_beneficiary } from './Migration20261124002000_line_beneficiary.js';
import { Migration20261124003000_provider_profile } from './Migration20261124003000_provider_profile.js';
import { Migration20261124007000_mass_messages } from './Migration20261124007000_mass_messages.js';

/** Every migration in order. A new migration is added here as well as in its own file. */
export const migrationsList = [
  { name: 'Migration20261121000000_foundation', class: Migration20261121000000_foundation },
  { name: 'Migration20261122000100_onboarding', class: Migration20261122000100_onboarding },
  { name: 'Migration20261122000200_catalogue', class: Migration20261122000200_catalogue },
  { name: 'Migration20261122000300_ledger', class: Migration20261122000300_ledger },
  { name: 'Migration20261122000400_orders', class: Migration20261122000400_orders },
  { name: 'Migration20261122000500_customers', class: Migration20261122000500_customers },
  { name: 'Migration20261122000800_messages', class: Migration20261122000800_messages },
  { name: 'Migration20261122000600_payments', class: Migration20261122000600_payments },
  { name: 'Migration20261122000700_order_mail', class: Migration20261122000700_order_mail },
  { name: 'Migration20261124000100_rate_limits', class: Migration20261124000100_rate_limits },
  { name: 'Migration20261124000200_person_write', class: Migration20261124000200_person_write },
  { name: 'Migration20261124000300_product_approvals', class: Migration20261124000300_product_approvals },
  { name: 'Migration20261124001000_audit_request', class: Migration20261124001000_audit_request },
  { name: 'Migration20261124001100_jobs', class: Migration20261124001100_jobs },
  { name: 'Migration20261124001200_settings', class: Migration20261124001200_settings },
  { name: 'Migration20261124001300_mail_log', class: Migration20261124001300_mail_log },
  { name: 'Migration20261124001400_grant_safeguards', class: Migration20261124001400_grant_safeguards },
  { name: 'Migration20261124002000_line_beneficiary', class: Migration20261124002000_line_beneficiary },
  { name: 'Migration20261124003000_provider_profile', class: Migration20261124003000_provider_profile },
  { name: 'Migration20261124007000_mass_messages', class: Migration20261124007000_mass_messages },
];
