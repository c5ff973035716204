import { Migration20261121000000_foundation } from './Migration20261121000000_foundation.js';
import { Migration20261122000100_onboarding } from './Migration20261122000100_onboarding.js';
import { Migration20261122000200_catalogue } from './Migration20261122000200_catalogue.js';
import { Migration20261122000300_ledger } from './Migration20261122000300_ledger.js';
import { Migration20261122000400_orders } from './Migration20261122000400_orders.js';
import { Migration20261122000500_customers } from './Migration20261122000500_customers.js';
import { Migration20261122000600_payments } from './Migration20261122000600_payments.js';
import { Migration20261122000700_order_mail } from './Migration20261122000700_order_mail.js';
import { Migration20261122000800_messages } from './Migration20261122000800_messages.js';
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
import { Migration20261124005000_content_pages } from './Migration20261124005000_content_pages.js';
import { Migration20261124006000_news } from './Migration20261124006000_news.js';
import { Migration20261124007000_mass_messages } from './Migration20261124007000_mass_messages.js';
import { Migration20261124008000_template_variants } from './Migration20261124008000_template_variants.js';
import { Migration20261124009000_mass_message_informal } from './Migration20261124009000_mass_message_informal.js';
import { Migration20261124100000_finance_kinds } from './Migration20261124100000_finance_kinds.js';
import { Migration20261125010000_payments_admin } from './Migration20261125010000_payments_admin.js';
import { Migration20261125020000_payouts } from './Migration20261125020000_payouts.js';
import { Migration20261125030000_journal } from './Migration20261125030000_journal.js';
import { Migration20261125040000_year_end } from './Migration20261125040000_year_end.js';
import { Migration20261125050000_staff_accounts } from './Migration20261125050000_staff_accounts.js';
import { Migration20261125070000_import_privacy } from './Migration20261125070000_import_privacy.js';
import { Migration20261125090000_payment_simulator } from './Migration20261125090000_payment_simulator.js';
import { Migration20261126030000_api_clients } from './Migration20261126030000_api_clients.js';
import { Migration20261126050000_operators } from './Migration20261126050000_operators.js';
import { Migration20261126060000_digid_saml_replay } from './Migration20261126060000_digid_saml_replay.js';
import { Migration20261126080000_digid_settings } from './Migration20261126080000_digid_settings.js';
import { Migration20261127010000_digid_simulator_artifacts } from './Migration20261127010000_digid_simulator_artifacts.js';
import { Migration20261127020000_catalogue_version } from './Migration20261127020000_catalogue_version.js';
import { Migration20261127030000_payable_parts } from './Migration20261127030000_payable_parts.js';
import { Migration20261127040000_admin_list_indexes } from './Migration20261127040000_admin_list_indexes.js';
import { Migration20261128010000_journal_day_totals } from './Migration20261128010000_journal_day_totals.js';
import { Migration20261128011000_search_words } from './Migration20261128011000_search_words.js';
import { Migration20261128175828_order_handover } from './Migration20261128175828_order_handover.js';
import { Migration20261129010000_import_grants } from './Migration20261129010000_import_grants.js';
import { Migration20261129020000_payment_again } from './Migration20261129020000_payment_again.js';
import { Migration20261129030000_audit_for_people } from './Migration20261129030000_audit_for_people.js';
import { Migration20261129031500_ledger_statement_balances } from './Migration20261129031500_ledger_statement_balances.js';
import { Migration20261130100000_applications } from './Migration20261130100000_applications.js';
import { Migration20261129040000_offer_municipalities } from './Migration20261129040000_offer_municipalities.js';
import { Migration20261130200000_webhooks } from './Migration20261130200000_webhooks.js';
import { Migration20261201100001_search_word_add_inline } from './Migration20261201100001_search_word_add_inline.js';
import { Migration20261201100002_audit_log_person_index } from './Migration20261201100002_audit_log_person_index.js';
import { Migration20261201200000_ledger_balanced_per_statement } from './Migration20261201200000_ledger_balanced_per_statement.js';
import { Migration20261201500000_offer_search_indexes } from './Migration20261201500000_offer_search_indexes.js';

/** Every migration in order. A new migration is added here as well as in its own file. */
export const migrationsList = [
  { name: 'Migration20261121000000_foundation', class: Migration20261121000000_foundation },
  { name: 'Migration20261122000100_onboarding', class: Migration20261122000100_onboarding },
  { name: 'Migration20261122000200_catalogue', class: Migration20261122000200_catalogue },
  { name: 'Migration20261122000300_ledger', class: Migration20261122000300_ledger },
  { name: 'Migration20261122000400_orders', class: Migration20261122000400_orders },
  { name: 'Migration20261122000500_customers', class: Migration20261122000500_customers },
  { name: 'Migration20261122000600_payments', class: Migration20261122000600_payments },
  { name: 'Migration20261122000700_order_mail', class: Migration20261122000700_order_mail },
  { name: 'Migration20261122000800_messages', class: Migration20261122000800_messages },
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
  { name: 'Migration20261124005000_content_pages', class: Migration20261124005000_content_pages },
  { name: 'Migration20261124006000_news', class: Migration20261124006000_news },
  { name: 'Migration20261124007000_mass_messages', class: Migration20261124007000_mass_messages },
  { name: 'Migration20261124008000_template_variants', class: Migration20261124008000_template_variants },
  { name: 'Migration20261124009000_mass_message_informal', class: Migration20261124009000_mass_message_informal },
  { name: 'Migration20261124100000_finance_kinds', class: Migration20261124100000_finance_kinds },
  { name: 'Migration20261125010000_payments_admin', class: Migration20261125010000_payments_admin },
  { name: 'Migration20261125020000_payouts', class: Migration20261125020000_payouts },
  { name: 'Migration20261125030000_journal', class: Migration20261125030000_journal },
  { name: 'Migration20261125040000_year_end', class: Migration20261125040000_year_end },
  { name: 'Migration20261125050000_staff_accounts', class: Migration20261125050000_staff_accounts },
  { name: 'Migration20261125070000_import_privacy', class: Migration20261125070000_import_privacy },
  { name: 'Migration20261125090000_payment_simulator', class: Migration20261125090000_payment_simulator },
  { name: 'Migration20261126030000_api_clients', class: Migration20261126030000_api_clients },
  { name: 'Migration20261126050000_operators', class: Migration20261126050000_operators },
  { name: 'Migration20261126060000_digid_saml_replay', class: Migration20261126060000_digid_saml_replay },
  { name: 'Migration20261126080000_digid_settings', class: Migration20261126080000_digid_settings },
  {
    name: 'Migration20261127010000_digid_simulator_artifacts',
    class: Migration20261127010000_digid_simulator_artifacts,
  },
  { name: 'Migration20261127020000_catalogue_version', class: Migration20261127020000_catalogue_version },
  { name: 'Migration20261127030000_payable_parts', class: Migration20261127030000_payable_parts },
  { name: 'Migration20261127040000_admin_list_indexes', class: Migration20261127040000_admin_list_indexes },
  { name: 'Migration20261128010000_journal_day_totals', class: Migration20261128010000_journal_day_totals },
  { name: 'Migration20261128011000_search_words', class: Migration20261128011000_search_words },
  { name: 'Migration20261128175828_order_handover', class: Migration20261128175828_order_handover },
  { name: 'Migration20261129010000_import_grants', class: Migration20261129010000_import_grants },
  { name: 'Migration20261129020000_payment_again', class: Migration20261129020000_payment_again },
  { name: 'Migration20261129030000_audit_for_people', class: Migration20261129030000_audit_for_people },
  {
    name: 'Migration20261129031500_ledger_statement_balances',
    class: Migration20261129031500_ledger_statement_balances,
  },
  { name: 'Migration20261129040000_offer_municipalities', class: Migration20261129040000_offer_municipalities },
  { name: 'Migration20261130100000_applications', class: Migration20261130100000_applications },
  { name: 'Migration20261130200000_webhooks', class: Migration20261130200000_webhooks },
  { name: 'Migration20261201100001_search_word_add_inline', class: Migration20261201100001_search_word_add_inline },
  { name: 'Migration20261201100002_audit_log_person_index', class: Migration20261201100002_audit_log_person_index },
  {
    name: 'Migration20261201200000_ledger_balanced_per_statement',
    class: Migration20261201200000_ledger_balanced_per_statement,
  },
  { name: 'Migration20261201500000_offer_search_indexes', class: Migration20261201500000_offer_search_indexes },
];
