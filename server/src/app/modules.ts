import type { ModuleDefinition } from '../platform/module.js';
import { municipalitiesModule } from '../modules/municipalities/module.js';
import { staffModule } from '../modules/staff/module.js';
import { identityModule } from '../modules/identity/module.js';
import { providersModule } from '../modules/providers/module.js';
import { catalogueModule } from '../modules/catalogue/module.js';
import { customersModule } from '../modules/customers/module.js';
import { arrangementsModule } from '../modules/arrangements/module.js';
import { contentModule } from '../modules/content/module.js';
import { auditModule } from '../modules/audit/module.js';
import { communicationModule } from '../modules/communication/module.js';
import { termsModule } from '../modules/terms/module.js';
import { ledgerModule } from '../modules/ledger/module.js';
import { ordersModule } from '../modules/orders/module.js';
import { paymentsModule } from '../modules/payments/module.js';
import { messagesModule } from '../modules/messages/module.js';
import { payoutsModule } from '../modules/payouts/module.js';
import { apiClientsModule } from '../modules/api-clients/module.js';
import { importModule } from '../modules/import/module.js';
import { announcementsModule } from '../modules/announcements/module.js';
import { dashboardModule } from '../modules/dashboard/module.js';
import { settingsModule } from '../modules/settings/module.js';
import { digidModule } from '../modules/digid/module.js';
import { journalModule } from '../modules/journal/module.js';
import { rolesModule } from '../modules/roles/module.js';
import { apiDocsModule } from '../modules/api-docs/module.js';
import { operatorsModule } from '../modules/operators/module.js';
import { housekeepingModule } from '../modules/housekeeping/module.js';
import { limitsModule } from '../modules/limits/module.js';
import { applicationsModule } from '../modules/applications/module.js';
import { webhooksModule } from '../modules/webhooks/module.js';

/**
 * THE list of modules: each is one folder under modules/ with a module.ts (platform/module.ts says what it declares).
 * The entity list (database/entities.ts), the schema (graphql/schema.ts), the HTTP routes (http/routes.ts) and the job
 * registry (jobs/registry.ts) are loops over it. A new module is one folder and one line here (docs, "Adding a
 * module"). The order is the order routes are mounted in.
 */
export const MODULES: readonly ModuleDefinition[] = [
  municipalitiesModule,
  staffModule,
  identityModule,
  providersModule,
  catalogueModule,
  customersModule,
  arrangementsModule,
  contentModule,
  auditModule,
  communicationModule,
  termsModule,
  ledgerModule,
  ordersModule,
  paymentsModule,
  messagesModule,
  payoutsModule,
  apiClientsModule,
  importModule,
  announcementsModule,
  dashboardModule,
  settingsModule,
  digidModule,
  journalModule,
  rolesModule,
  apiDocsModule,
  operatorsModule,
  housekeepingModule,
  limitsModule,
  applicationsModule,
  webhooksModule,
];
