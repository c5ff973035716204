import type pg from 'pg';
import type { Config } from './config/config.js';
import { SessionService } from './modules/identity/session.service.js';
import { Limits } from './modules/limits/limits.js';
import { limitPolicy } from './modules/limits/policy.js';
import { LoginLimits } from './modules/limits/login-limits.js';
import { AfterAnswer } from './lib/background.js';
import { AuthService } from './modules/identity/auth.service.js';
import { ViewerService } from './modules/identity/viewer.service.js';
import { CatalogueService } from './modules/catalogue/catalogue.service.js';
import { ProviderService } from './modules/providers/provider.service.js';
import { DashboardService } from './modules/dashboard/dashboard.service.js';
import { join } from 'node:path';
import { LocalDiskStorage } from './integrations/storage/file-storage.js';
import { ProductService } from './modules/catalogue/product.service.js';
import { AuditService } from './modules/audit/audit.service.js';
import { CategoryService } from './modules/catalogue/category.service.js';
import { ProductImageService } from './modules/catalogue/product-image.service.js';
import { createMailer } from './integrations/mail/create-mailer.js';
import { MailService } from './modules/communication/mail.service.js';
import { EmailTokenService } from './modules/identity/email-token.service.js';
import { AccountRecoveryService } from './modules/identity/account-recovery.service.js';
import { TermsService } from './modules/terms/terms.service.js';
import { RegistrationService } from './modules/providers/registration.service.js';
import { MembershipService } from './modules/providers/membership.service.js';
import { LedgerService } from './modules/ledger/ledger.service.js';
import { AssignmentService } from './modules/arrangements/assignment.service.js';
import { OrderService } from './modules/orders/order.service.js';
import { CheckoutService } from './modules/orders/checkout.service.js';
import { OrderViewService } from './modules/orders/order-view.service.js';
import { PaymentService } from './modules/payments/payment.service.js';
import { createPaymentGateway } from './integrations/payments/create-gateway.js';
import { CartService } from './modules/orders/cart.service.js';
import { createCustomerServices } from './modules/customers/customer-services.js';
import { MessageService } from './modules/messages/message.service.js';
import { OrderActionsService } from './modules/orders/order-actions.service.js';
import { OrderListService } from './modules/orders/order-lists.service.js';
import { CounterService } from './modules/orders/counter.service.js';
import { orderStatusMail } from './modules/orders/order-mail.js';

/**
 * The application's services, made once at start. Stateless apart from their settings; methods take the context first.
 * `pool` is the database's connection pool (the ORM's own): the limits keep their counters there.
 */
export function createServices(config: Config, { pool }: { pool: pg.Pool }) {
  const sessions = new SessionService(config.session);
  // Every limited action reserves its attempt through this one limiter, counters in PostgreSQL (modules/limits/).
  const limits = new Limits(pool, config.session.secret);
  const limitRules = limitPolicy(config.loginRateLimit);
  const loginLimits = new LoginLimits(limits, limitRules.login);
  // Work that must not show in how long an answer takes (mails that only go out for a known address).
  const afterAnswer = new AfterAnswer();
  // Uploaded files (product images): local disk under DATA_DIR/uploads.
  const storage = new LocalDiskStorage(join(config.dataDir, 'uploads'));
  // Onboarding and e-mail: templates rendered from the database, sent through the configured mailer.
  const mail = new MailService(createMailer(config));
  const emailTokens = new EmailTokenService();
  const terms = new TermsService();
  // Money: the ledger is the only source of truth; assignments grant and revoke budget through it.
  const ledger = new LedgerService();
  const orders = new OrderService(ledger);
  // The personal inbox: one message to the household on every order status change, in the change's transaction.
  const messages = new MessageService();
  orders.onStatusChange(messages.orderStatusListener);
  // E-mail to the household on every order status change (ORDER_* templates), in the change's transaction.
  orders.onStatusChange(orderStatusMail(mail, config.appUrl));
  // The own contribution: Mollie or the local simulator, as PAYMENT_PROVIDER says.
  const payments = new PaymentService(createPaymentGateway(config), config.appUrl, orders, config.payments);
  return {
    config,
    sessions,
    limits,
    limitRules,
    afterAnswer,
    ledger,
    assignments: new AssignmentService(ledger),
    orders,
    messages,
    payments,
    orderViews: new OrderViewService(),
    // Accept, reject, deliver, cancel (provider, customer, staff); the order lists; the counter screen's look-up.
    orderActions: new OrderActionsService(orders),
    orderLists: new OrderListService(),
    counter: new CounterService(limits, limitRules.counter),
    ...createCustomerServices(config),
    checkout: new CheckoutService(ledger, orders, payments),
    cart: new CartService(new CheckoutService(ledger, orders, payments)),
    auth: new AuthService(sessions, loginLimits, config.bsn),
    viewer: new ViewerService(),
    catalogue: new CatalogueService(),
    providers: new ProviderService(emailTokens, mail, limits, limitRules, afterAnswer, config.appUrl),
    dashboard: new DashboardService(),
    storage,
    products: new ProductService(config.appUrl, new AuditService()),
    categories: new CategoryService(),
    productImages: new ProductImageService(storage),
    mail,
    emailTokens,
    terms,
    accountRecovery: new AccountRecoveryService(emailTokens, mail, limits, limitRules.passwordReset, loginLimits, afterAnswer, config.appUrl),
    registration: new RegistrationService(emailTokens, mail, terms, limits, limitRules, config.appUrl),
    memberships: new MembershipService(terms, mail, config.appUrl),
  };
}

export type Services = ReturnType<typeof createServices>;
