import { join } from 'node:path';
import { ROUTES } from '../http/routes.js';
import { MODULES } from './modules.js';
import type { Services } from '../platform/composition.js';
import type pg from 'pg';
import type { Config } from '../config/config.js';
import { createMailer } from '../integrations/mail/create-mailer.js';
import { createPaymentGateway } from '../integrations/payments/create-gateway.js';
import { LocalDiskStorage } from '../integrations/storage/file-storage.js';
import { AuditService } from '../modules/audit/audit.service.js';
import { ArrangementService } from '../modules/arrangements/arrangement.service.js';
import { AssignmentService } from '../modules/arrangements/assignment.service.js';
import { YearEndService } from '../modules/arrangements/year-end.service.js';
import { ExpiryReminderService } from '../modules/arrangements/expiry-reminders.js';
import { CatalogueService } from '../modules/catalogue/catalogue.service.js';
import { CategoryService } from '../modules/catalogue/category.service.js';
import { ProductImageService } from '../modules/catalogue/product-image.service.js';
import { ProductService } from '../modules/catalogue/product.service.js';
import { membershipEnded, openDecisionsForMembership } from '../modules/catalogue/index.js';
import { MailService } from '../modules/communication/mail.service.js';
import { TemplateService } from '../modules/communication/template.service.js';
import { CardService } from '../modules/customers/card.service.js';
import { CardPassService } from '../modules/customers/card-pass.service.js';
import { CardTokens } from '../modules/customers/card-token.js';
import { ClientGroupService } from '../modules/customers/client-group.service.js';
import { PersonService } from '../modules/customers/person.service.js';
import { DashboardService } from '../modules/dashboard/dashboard.service.js';
import { AccountRecoveryService } from '../modules/identity/account-recovery.service.js';
import { AuthService } from '../modules/identity/auth.service.js';
import { EmailTokenService } from '../modules/identity/email-token.service.js';
import { SessionService } from '../modules/identity/session.service.js';
import { ViewerService } from '../modules/identity/viewer.service.js';
import { TwoFactorSecrets } from '../modules/identity/two-factor-secret.js';
import { TwoFactorService } from '../modules/identity/two-factor.service.js';
import { StaffLoginService } from '../modules/identity/staff-login.service.js';
import { StaffAccountService } from '../modules/identity/staff-account.service.js';
import { OwnAccountService } from '../modules/identity/own-account.service.js';
import { LedgerService } from '../modules/ledger/ledger.service.js';
import { Limits } from '../modules/limits/limits.js';
import { LoginLimits } from '../modules/limits/login-limits.js';
import { limitPolicy } from '../modules/limits/policy.js';
import { MessageService } from '../modules/messages/message.service.js';
import { MassMessageService } from '../modules/messages/mass-message.service.js';
import { AnnouncementService } from '../modules/announcements/announcement.service.js';
import { CartService } from '../modules/orders/cart.service.js';
import { CheckoutService } from '../modules/orders/checkout.service.js';
import { CounterService } from '../modules/orders/counter.service.js';
import { OrderActionsService } from '../modules/orders/order-actions.service.js';
import { OnBehalfOrderService } from '../modules/orders/on-behalf.service.js';
import { OrderListService } from '../modules/orders/order-lists.service.js';
import { orderStatusMail } from '../modules/orders/order-mail.js';
import { orderStatusMessages } from '../modules/orders/order-messages.js';
import { OrderViewService } from '../modules/orders/order-view.service.js';
import { OrderService } from '../modules/orders/order.service.js';
import { PaymentService } from '../modules/payments/payment.service.js';
import { PaymentAdminService } from '../modules/payments/payment-admin.service.js';
import { ReconciliationService } from '../modules/payments/reconciliation.service.js';
import { PaymentSettingsService } from '../modules/payments/payment-settings.service.js';
import { PayoutService } from '../modules/payouts/payout.service.js';
import { MembershipService } from '../modules/providers/membership.service.js';
import { ProviderService } from '../modules/providers/provider.service.js';
import { ProviderPresenceService } from '../modules/providers/provider-presence.service.js';
import { RegistrationService } from '../modules/providers/registration.service.js';
import { TermsService } from '../modules/terms/terms.service.js';
import { ContentPageService } from '../modules/content/content-page.service.js';
import { SettingsService } from '../modules/settings/settings.service.js';
import { PlatformLogoService } from '../modules/settings/platform-logo.service.js';
import { LinkService } from '../modules/content/link.service.js';
import { NewsService } from '../modules/content/news.service.js';
import { SitemapService } from '../modules/content/sitemap.service.js';
import { JobQueue } from '../jobs/job-queue.js';
import { JournalService } from '../modules/journal/journal.service.js';
import { RoleService } from '../modules/roles/role.service.js';
import { ImportService } from '../modules/import/import.service.js';
import { RetentionService } from '../modules/audit/retention.service.js';
import { UploadSweepService } from '../modules/housekeeping/upload-sweep.service.js';
import { AuditLogService } from '../modules/audit/audit-log.service.js';
import { MyDataService } from '../modules/audit/my-data.service.js';
import { ApiClientService } from '../modules/api-clients/api-client.service.js';
import { OperatorService } from '../modules/operators/operator.service.js';
import { OperatorConsoleService } from '../modules/operators/operator-console.service.js';
import { DigidCertificateService } from '../modules/digid/digid-certificate.service.js';

/**
 * The composition root: every service is made here, once, with the collaborators it uses passed to its
 * constructor, in dependency order. Services are stateless apart from these; their methods take the narrow
 * RequestContext (kernel/request-context.ts) first, so a resolver, an HTTP route, a job or a CLI command calls them
 * alike. A service never looks another up through `ctx.services` (that is for resolvers only).
 *
 * A new module: construct its service below its collaborators and add it to the returned object (docs,
 * "Adding a module").
 *
 * `pool` is the database's connection pool (the ORM's own): the limits keep their counters there.
 *
 * Background work (jobs/registry.ts) calls these same services with a `contexts.forSystem(task)` context; the
 * application's clock lives in the contexts (app/contexts.ts), not here.
 */
function coreServices(config: Config, { pool }: { pool: pg.Pool }) {
  // ---- infrastructure ---------------------------------------------------------------------------------------------
  // Uploaded files (product images): local disk under DATA_DIR/uploads.
  const storage = new LocalDiskStorage(join(config.dataDir, 'uploads'));
  // The audit trail: the only writer of audit_log.
  const audit = new AuditService();
  // Background work: a job queue in PostgreSQL (graphile-worker); enqueue inside the transaction that needs the work.
  const jobs = new JobQueue();
  // Typed settings, one section per settings page, cached per instance (boot starts its LISTEN connection).
  const settings = new SettingsService(config, audit);
  // E-mail: templates rendered from the database, recorded in the mail log with a `mail.send` job in the caller's
  // transaction; the job delivers through the configured transport (SMTP or the local outbox) and retries. No
  // request ever waits for the mail server.
  const mail = new MailService(createMailer(config), jobs, audit, settings);
  const massMessages = new MassMessageService(mail, jobs, settings, audit, config.appUrl);
  // The e-mail templates as staff edit them (beheer/communicatie/sjablonen): checked with the mails' own engine.
  const templates = new TemplateService(audit);
  // Every limited action reserves its attempt through this one limiter, counters in PostgreSQL (modules/limits/).
  const limits = new Limits(pool, config.session.secret);
  const limitRules = limitPolicy(config.loginRateLimit);

  // ---- identity ---------------------------------------------------------------------------------------------------
  // Session lifetime and idle time-out come from the settings (instellingen/geavanceerd).
  const sessions = new SessionService(config.session, settings);
  // Log-in per account and address, with a growing wait that spares the real user.
  const loginLimits = new LoginLimits(limits, limitRules.login);
  const emailTokens = new EmailTokenService();
  const terms = new TermsService(audit);
  // Two-factor log-in for staff (TOTP secrets encrypted with a key from the session secret; codes limited).
  const twoFactor = new TwoFactorService(
    new TwoFactorSecrets(config.session.secret),
    limits,
    limitRules.twoFactor,
    audit,
    settings,
  );

  // beheer/accounts: invitations, roles and scope, deactivation, a colleague's two-factor reset.
  const staffAccounts = new StaffAccountService(
    sessions,
    twoFactor,
    emailTokens,
    mail,
    jobs,
    audit,
    limits,
    limitRules.staffInvitation,
    config.appUrl,
  );
  // The operator console (/_lightbase): operators of Lightbase log in with a magic link and may act in a
  // municipality's admin area for a stated reason and a limited time (app/contexts.ts asks `actingViewer` first).
  const operators = new OperatorService(
    { secret: config.session.secret, secureCookie: config.session.secureCookie, appUrl: config.appUrl },
    jobs,
    audit,
    limits,
    limitRules.operatorLink,
  );
  // DigiD's key pairs and certificates (instellingen/digid); the console shows when the one in use expires.
  const digidCertificates = new DigidCertificateService(config.settingsEncryptionKey, audit);
  const operatorConsole = new OperatorConsoleService(operators, jobs, audit, staffAccounts, (ctx) =>
    digidCertificates.currentExpiry(ctx.em),
  );

  // ---- catalogue --------------------------------------------------------------------------------------------------
  const categories = new CategoryService(audit);
  const products = new ProductService(config.appUrl, audit, mail);

  // ---- money and orders -------------------------------------------------------------------------------------------
  // The ledger is the only source of truth; assignments grant and revoke budget through it.
  const ledger = new LedgerService();
  const orders = new OrderService(ledger);
  // The personal inbox: one message to the household on every order status change, in the change's transaction.
  const messages = new MessageService();
  orders.onStatusChanges(orderStatusMessages(messages, settings));
  // E-mail to the household on every order status change (ORDER_* templates), in the change's transaction.
  orders.onStatusChanges(orderStatusMail(mail, config.appUrl));
  // The own contribution: Mollie or the local simulator, as PAYMENT_PROVIDER says.
  // The payment expiry comes from the settings (instellingen/betalingen); the sweeps are scheduled jobs.
  const payments = new PaymentService(createPaymentGateway(config, pool), config.appUrl, orders, settings, {
    secretKey: config.settingsEncryptionKey,
    production: config.production,
    simulatorDb: pool,
  });
  const orderViews = new OrderViewService();
  const checkout = new CheckoutService(ledger, orders, payments, orderViews);
  const orderLists = new OrderListService(orderViews);
  // Accept, reject, the hand-over, cancel (provider, customer, staff).
  const orderActions = new OrderActionsService(orders, payments, orderViews, audit);

  // ---- content ----------------------------------------------------------------------------------------------------
  // News (scheduled against the clock), managed links, and the sitemap that lists pages, news and products.
  const news = new NewsService(storage, audit);
  const links = new LinkService(audit);
  // Content pages (privacy, voorwaarden, toegankelijkheid, hoe werkt het): versions, publish, restore; their published
  // pages are what the sitemap lists.
  const contentPages = new ContentPageService(audit);
  const sitemap = new SitemapService(news, async (ctx) =>
    (await contentPages.publishedPages(ctx)).map((p) => ({ title: p.title, path: p.slug, updatedAt: p.updatedAt })),
  );

  // ---- customers --------------------------------------------------------------------------------------------------
  const cards = new CardService(audit);
  // The digital card's QR codes (issue 30): signed with a key of their own made from the session secret.
  const cardPasses = new CardPassService(new CardTokens(config.session.secret), settings);

  // ---- year end ---------------------------------------------------------------------------------------------------
  // Year end expires what is left of ended assignments, copies arrangements to their next period and grants them
  // again through the assignments (every granting rule); residents are reminded before their budget expires.
  const assignments = new AssignmentService(ledger, audit);
  const arrangements = new ArrangementService(audit);
  const yearEnd = new YearEndService(ledger, arrangements, assignments, audit, jobs);
  const expiryReminders = new ExpiryReminderService(settings, messages, mail, config.appUrl);

  const made = {
    config,
    // Every HTTP route outside GraphQL (http/routes.ts): the API documentation lists those open to partners.
    httpRoutes: ROUTES,
    // Partner API clients (beheer/api): keys (hashed), scope, rate limit, encryption keys; authenticates bearer keys.
    apiClients: new ApiClientService(audit, limits),
    storage,
    mail,
    audit,
    limits,
    limitRules,
    jobs,
    settings,
    // The platform's logo (instellingen/algemeen): through the image pipeline and FileStorage into the settings.
    platformLogo: new PlatformLogoService(storage, settings),
    sessions,
    emailTokens,
    terms,
    auth: new AuthService(sessions, loginLimits, config.bsn, undefined, settings),
    twoFactor,
    // The second step of a staff log-in (the code, or the required set-up).
    staffLogin: new StaffLoginService(sessions, twoFactor),
    staffAccounts,
    operators,
    operatorConsole,
    // admin/account: name, e-mail change, password, sessions.
    ownAccount: new OwnAccountService(sessions, twoFactor, emailTokens, mail, audit, limits, limitRules, config.appUrl),
    viewer: new ViewerService(),
    // Forgotten passwords of provider users and staff alike; the link is made and mailed by a job.
    accountRecovery: new AccountRecoveryService(
      emailTokens,
      mail,
      limits,
      limitRules.passwordReset,
      loginLimits,
      jobs,
      config.appUrl,
    ),
    catalogue: new CatalogueService(),
    contentPages,
    categories,
    products,
    productImages: new ProductImageService(storage, products),
    providerPresence: new ProviderPresenceService(storage, audit),
    providers: new ProviderService(emailTokens, mail, limits, limitRules, jobs, config.appUrl, audit),
    registration: new RegistrationService(emailTokens, mail, terms, limits, limitRules, config.appUrl, audit),
    memberships: new MembershipService(terms, mail, config.appUrl, audit, {
      membershipEnded,
      openDecisionsForMembership,
    }),
    dashboard: new DashboardService(),
    ledger,
    assignments,
    arrangements,
    yearEnd,
    expiryReminders,
    orders,
    messages,
    templates,
    // Messages to an audience (/admin/meldingen): a daily limit per municipality, sent in batches by a job.
    massMessages,
    announcements: new AnnouncementService(audit),
    payments,
    // Finance: the payments list and export, reconciliation with the PSP, the PSP settings (instellingen/betalingen).
    paymentAdmin: new PaymentAdminService(),
    reconciliation: new ReconciliationService(payments, audit),
    paymentSettings: new PaymentSettingsService(config, settings, payments),
    checkout,
    cart: new CartService(checkout),
    // Staff ordering for a resident without DigiD or under administration: the resident's own checkout, audited.
    onBehalfOrders: new OnBehalfOrderService(checkout, orderViews, audit),
    orderViews,
    news,
    links,
    sitemap,
    // Accept, reject, the hand-over, cancel (provider, customer, staff); the order lists; the counter screen.
    orderActions,
    orderLists,
    // The counter (kassa-app): look-ups and the only hand-over of a pick-up order, with the resident's card or code.
    counter: new CounterService(limits, limitRules.counter, orderViews, orderActions, cardPasses),
    cards,
    cardPasses,
    clientGroups: new ClientGroupService(config.bsn, audit, cards),
    // Erasing a person also erases their mails from the mail log (same transaction).
    persons: new PersonService(config.bsn, audit, [
      (em, person, at) => mail.erasePerson(em, person, at),
      // … and the client number from the labels of messages sent to their (now fully erased) household.
      (em, person) => massMessages.erasePerson(em, person),
    ]),
    // Journal entries (journaalposten): the ledger mapped onto the municipality's general ledger, derived when read.
    journal: new JournalService(audit),
    // Payouts to providers (beheer/betalingen/uitbetalingen): batches, the SEPA file, PAYOUT bookings.
    payouts: new PayoutService(ledger, settings, audit),
    // Roles × permissions (instellingen/rollen); read per request by the session, so no cache to invalidate.
    roles: new RoleService(audit),
    // CSV import of households, persons and assignments (beheer/importeren): dry run, then the `import.apply` job.
    imports: new ImportService(config.bsn, audit, assignments, jobs),
    // Privacy: the retention periods' daily purge, the audit log screen, and a resident's own data as a file.
    retention: new RetentionService(settings),
    // Housekeeping: upload files no row refers to (left by a crash), swept daily.
    uploadSweep: new UploadSweepService(storage),
    auditLog: new AuditLogService((key) => settings.sectionTitle(key)),
    myData: new MyDataService(audit),
    // DigiD (instellingen/digid): our SAML key pairs and certificates and their rollover; keys encrypted at rest.
    // The SAML adapter reads them through DigidSamlRuntime (modules/digid/digid-runtime.ts).
    digidCertificates,
  };

  return made;
}

/**
 * The services: the core's above, then those the modules declare in their manifests (their `services`), in the order
 * of app/modules.ts. A module names its services in `Services` itself (platform/module.ts).
 */
export function createServices(config: Config, deps: { pool: pg.Pool }): Services {
  const made: object = coreServices(config, deps);
  for (const module of MODULES) {
    const own = module.services?.(made as Services, config) ?? {};
    for (const name of Object.keys(own)) {
      if (name in made) throw new Error(`Module ${module.name} makes a service named ${name} that already exists`);
    }
    Object.assign(made, own);
  }
  return made as Services;
}

type MadeServices = ReturnType<typeof coreServices>;

declare module '../platform/composition.js' {
  // What coreServices makes (and what the modules add) is the `Services` everything else names (platform/composition.ts).
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the merge is the point
  interface Services extends MadeServices {}
}

export type { Services } from '../platform/composition.js';
