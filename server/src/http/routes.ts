import type { RouteDeclaration } from './route.js';
import { MODULES } from '../app/modules.js';
import { platformRoutes } from './platform.routes.js';
import { digidRoutes } from './digid.routes.js';
import { paymentRoutes } from './payments.routes.js';
import { paymentExportRoutes } from './payment-export.routes.js';
import { sentryTunnelRoutes } from '../integrations/monitoring/sentry-tunnel.js';
import { devOutboxRoutes } from '../integrations/mail/dev-outbox.routes.js';
import { uploadsRoutes } from '../integrations/storage/uploads.route.js';

/**
 * Every HTTP route outside GraphQL, declared (http/route.ts) and mounted in this order by `mountRoutes` (http/app.ts).
 * The API documentation lists the routes partners may use from this same list (modules/api-docs), and a test walks it
 * and Express's own route table (http/routes.walk.test.ts). The platform's routes come first, then each module's (its
 * manifest, app/modules.ts), in the order of the modules.
 */
export const ROUTES: readonly RouteDeclaration[] = [
  ...platformRoutes,
  ...sentryTunnelRoutes,
  ...digidRoutes,
  ...paymentRoutes,
  ...paymentExportRoutes,
  ...devOutboxRoutes,
  ...uploadsRoutes,
  ...MODULES.flatMap((module) => module.routes ?? []),
];
