import type { Config } from './config/config.js';
import { SessionService } from './modules/identity/session.service.js';
import { LoginRateLimiter } from './modules/identity/login-rate-limiter.js';
import { AuthService } from './modules/identity/auth.service.js';
import { ViewerService } from './modules/identity/viewer.service.js';
import { CatalogueService } from './modules/catalogue/catalogue.service.js';
import { ProviderService } from './modules/providers/provider.service.js';
import { DashboardService } from './modules/dashboard/dashboard.service.js';

/** The application's services, made once at start. Stateless apart from their settings; methods take the context first. */
export function createServices(config: Config) {
  const sessions = new SessionService(config.session);
  const limiter = new LoginRateLimiter(config.loginRateLimit.maxAttempts, config.loginRateLimit.windowSeconds);
  return {
    config,
    sessions,
    auth: new AuthService(sessions, limiter, config.bsn),
    viewer: new ViewerService(),
    catalogue: new CatalogueService(),
    providers: new ProviderService(),
    dashboard: new DashboardService(),
  };
}

export type Services = ReturnType<typeof createServices>;
