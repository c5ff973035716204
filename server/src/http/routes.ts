import type { RouteDeclaration } from './route.js';
import { platformRoutes } from './platform.routes.js';
import { digidRoutes } from './digid.routes.js';
import { paymentRoutes } from './payments.routes.js';
import { paymentExportRoutes } from './payment-export.routes.js';
import { sentryTunnelRoutes } from '../integrations/monitoring/sentry-tunnel.js';
import { devOutboxRoutes } from '../integrations/mail/dev-outbox.routes.js';
import { uploadsRoutes } from '../integrations/storage/uploads.route.js';
import { contentRoutes } from '../modules/content/content.routes.js';
import { productImageRoutes } from '../modules/catalogue/product-image.routes.js';
import { platformLogoRoutes } from '../modules/settings/platform-logo.routes.js';
import { ordersExportRoutes } from '../modules/orders/orders-export.routes.js';
import { payoutRoutes } from '../modules/payouts/payout.routes.js';
import { journalRoutes } from '../modules/journal/journal.routes.js';
import { importRoutes } from '../modules/import/import.routes.js';
import { myDataRoutes } from '../modules/audit/my-data.routes.js';

/**
 * Every HTTP route outside GraphQL, declared (http/route.ts) and mounted in this order by `mountRoutes` (http/app.ts).
 * The API documentation lists the routes partners may use from this same list (modules/api-docs), and a test walks it
 * and Express's own route table (http/routes.walk.test.ts). When modules get a manifest, each brings its own part.
 */
export const ROUTES: readonly RouteDeclaration[] = [
  ...platformRoutes,
  ...sentryTunnelRoutes,
  ...digidRoutes,
  ...paymentRoutes,
  ...paymentExportRoutes,
  ...contentRoutes,
  ...devOutboxRoutes,
  ...productImageRoutes,
  ...platformLogoRoutes,
  ...ordersExportRoutes,
  ...payoutRoutes,
  ...uploadsRoutes,
  ...journalRoutes,
  ...importRoutes,
  ...myDataRoutes,
];
