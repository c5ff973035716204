/**
 * Typed URL builders. Screens never write paths by hand: they call these.
 * The route table (router.tsx) holds the matching patterns; urls.test.ts checks that
 * every builder produces a URL the route table resolves.
 */

export type QueryValue = string | number | null | undefined;

/**
 * The search parameters that keep a screen's selection in the URL (a tab, the item shown, a municipality), Dutch as
 * the visitor sees them. Screens read and write them with `useUrlState` / `useSearchParam` (lib/urlState.ts), the only
 * place that touches the URL's search parameters; a list's filters declare their own (components/lists/filters.ts).
 */
export const searchParams = {
  /** The API client shown (beheer/api, beheer/api/encryptie). */
  apiClient: 'koppeling',
  /** beheer/api: the webhook endpoint whose delivery log is shown. */
  webhook: 'webhook',
  /** The import run shown (beheer/importeren). */
  importRun: 'import',
  /** The municipality chosen (journaalposten, algemene voorwaarden). */
  municipality: 'gemeente',
  /** The journal's month (journaalposten). */
  period: 'periode',
  /** Which terms (algemene voorwaarden): `aanbieders`, or none for the residents'. */
  termsKind: 'soort',
  /** Where to go after logging in. */
  returnTo: 'terug',
  /** Why a log-in failed (set by the server's DigiD callback). */
  loginError: 'fout',
  /** The outcome of a payment (set by the payment return). */
  payment: 'betaling',
  /** The cart's step: `controleren`. */
  cartStep: 'stap',
  /** The e-mail confirmation token. */
  token: 'token',
  /** A staff invitation's set-password link (admin/wachtwoord-vergeten/:token?uitnodiging=1, set by the server). */
  invitation: 'uitnodiging',
} as const;

export type SearchParamName = (typeof searchParams)[keyof typeof searchParams];

/** Encodes one path segment. */
function seg(value: string | number): string {
  return encodeURIComponent(String(value));
}

/**
 * `base` with the given values set: a defined, non-empty value replaces the parameter, null, undefined and '' remove
 * it; the other parameters of `base` stay.
 */
export function setQuery(base: URLSearchParams, query: Record<string, QueryValue>): URLSearchParams {
  const search = new URLSearchParams(base);
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') search.delete(key);
    else search.set(key, String(value));
  }
  return search;
}

/** Appends a query string built from the defined, non-empty values. */
function withQuery(path: string, query: Record<string, QueryValue>): string {
  const text = setQuery(new URLSearchParams(), query).toString();
  return text ? `${path}?${text}` : path;
}

/** Query parameters of the catalogue (/aanbod); kept in the URL so results can be shared. */
export interface CatalogueQuery {
  zoek?: string | null;
  categorie?: string | null;
  aanbieder?: string | null;
  /** relevantie | nieuwste | prijs-oplopend | prijs-aflopend; omitted means the default order. */
  sortering?: string | null;
}

const admin = '/admin';
const beheer = `${admin}/beheer`;
const instellingen = `${beheer}/instellingen`;

export const urls = {
  home: () => '/',
  applyHome: () => '/aanvragen',
  apply: (municipalitySlug: string, arrangementId: string) =>
    `/aanvragen/${seg(municipalitySlug)}/${seg(arrangementId)}`,
  catalogue: (query: CatalogueQuery = {}) =>
    withQuery('/aanbod', {
      zoek: query.zoek?.trim(),
      categorie: query.categorie,
      aanbieder: query.aanbieder,
      sortering: query.sortering,
    }),
  product: (slug: string, productId: string) => `/aanbod/${seg(slug)}/${seg(productId)}`,
  providerPage: (slug: string, providerId: string) => `/aanbod/aanbieders/${seg(slug)}/${seg(providerId)}`,
  howItWorks: () => '/hoe-werkt-het',
  privacy: () => '/privacy',
  terms: () => '/voorwaarden',
  accessibility: () => '/toegankelijkheid',
  sitemap: () => '/sitemap',
  cart: () => '/winkelwagen',
  confirmEmail: () => '/email-bevestigen',
  forgotPassword: () => '/wachtwoord-vergeten',
  resetPassword: (token: string) => `/wachtwoord-vergeten/${seg(token)}`,
  /** Customer log-in; `terug` is where to go afterwards. */
  login: (terug?: string | null) => withQuery('/inloggen', { terug }),
  announcements: () => '/meldingen',
  announcement: (messageId: string) => `/meldingen/bericht/${seg(messageId)}`,
  news: () => '/nieuws',
  newsArticle: (slug: string, postId: string) => `/nieuws/${seg(slug)}/${seg(postId)}`,
  providerLogin: (terug?: string | null) => withQuery('/voor-aanbieders/inloggen', { terug }),
  providerRegister: () => '/voor-aanbieders/registreren',

  account: {
    home: () => '/account',
    orders: () => '/account/bestellingen',
    order: (orderId: string) => `/account/bestellingen/${seg(orderId)}`,
    details: () => '/account/gegevens',
    inbox: () => '/account/meldingen',
    cards: () => '/account/pas',
    assignments: () => '/account/regelingen',
    applications: () => '/account/aanvragen',
    application: (applicationId: string) => `/account/aanvragen/${seg(applicationId)}`,
    changePassword: () => '/account/wachtwoord-wijzigen',
  },

  provider: {
    home: () => '/aanbieder',
    app: () => '/aanbieder/app',
    orders: () => '/aanbieder/bestellingen',
    order: (orderId: string) => `/aanbieder/bestellingen/${seg(orderId)}`,
    products: () => '/aanbieder/producten',
    newProduct: () => '/aanbieder/producten/nieuw',
    product: (productId: string) => `/aanbieder/producten/${seg(productId)}`,
    profile: () => '/aanbieder/profiel',
    join: (municipalityId: string) => `/aanbieder/profiel/aanmelden/${seg(municipalityId)}`,
    leave: (municipalityId: string) => `/aanbieder/profiel/afmelden/${seg(municipalityId)}`,
  },

  admin: {
    login: (terug?: string | null) => withQuery(`${admin}/inloggen`, { terug }),
    forgotPassword: () => `${admin}/wachtwoord-vergeten`,
    resetPassword: (token: string) => `${admin}/wachtwoord-vergeten/${seg(token)}`,
    dashboard: () => admin,
    /** `status`: in-behandeling (default), goedgekeurd, afgewezen, afgemeld or alle. */
    providers: (status?: string | null) => withQuery(`${admin}/aanbieders`, { status }),
    provider: (providerId: string) => `${admin}/aanbieders/${seg(providerId)}`,
    providerOrders: (providerId: string) => `${admin}/aanbieders/${seg(providerId)}/bestellingen`,
    providerOrder: (providerId: string, orderId: string) =>
      `${admin}/aanbieders/${seg(providerId)}/bestellingen/${seg(orderId)}`,
    providerProducts: (providerId: string) => `${admin}/aanbieders/${seg(providerId)}/producten`,
    account: () => `${admin}/account`,
    orders: (query: { status?: string | null; tot?: string | null } = {}) => withQuery(`${admin}/bestellingen`, query),
    order: (orderId: string) => `${admin}/bestellingen/${seg(orderId)}`,
    clients: () => `${admin}/klanten`,
    applications: () => `${admin}/aanvragen`,
    application: (applicationId: string) => `${admin}/aanvragen/${seg(applicationId)}`,
    clientGroup: (clientId: string) => `${admin}/klantgroep/${seg(clientId)}`,
    clientGroupAddMember: (clientId: string) => `${admin}/klantgroep/${seg(clientId)}/toevoegen`,
    clientGroupAssignments: (clientId: string) => `${admin}/klantgroep/${seg(clientId)}/toewijzingen`,
    clientGroupNewAssignment: (clientId: string) => `${admin}/klantgroep/${seg(clientId)}/toewijzingen/nieuw`,
    messages: () => `${admin}/meldingen`,
    message: (messageId: string) => `${admin}/meldingen/bericht/${seg(messageId)}`,
    person: (externalIdentifier: string) => `${admin}/persoon/${seg(externalIdentifier)}`,
    personOrders: (externalIdentifier: string) => `${admin}/persoon/${seg(externalIdentifier)}/bestellingen`,
    personOrder: (externalIdentifier: string, clientId: string, orderId: string) =>
      `${admin}/persoon/${seg(externalIdentifier)}/bestellingen/${seg(clientId)}/${seg(orderId)}`,
    personCard: (externalIdentifier: string) => `${admin}/persoon/${seg(externalIdentifier)}/pas`,
    personDelete: (externalIdentifier: string) => `${admin}/persoon/${seg(externalIdentifier)}/verwijderen`,
    /** Ordering for a resident without DigiD or under administration (ORDER_ON_BEHALF). */
    personOrderOnBehalf: (externalIdentifier: string) => `${admin}/persoon/${seg(externalIdentifier)}/bestellen`,
    /** The review queue; `gemeente` (a municipality's slug) narrows it to one municipality of the staff member's scope. */
    products: (gemeente?: string | null) => withQuery(`${admin}/producten`, { gemeente }),
    rejectedProducts: (gemeente?: string | null) => withQuery(`${admin}/producten/afgekeurd`, { gemeente }),
    product: (productId: string) => `${admin}/producten/${seg(productId)}`,
    arrangements: () => `${admin}/regelingen`,
    newArrangement: () => `${admin}/regelingen/nieuw`,
    arrangement: (arrangementId: string) => `${admin}/regelingen/${seg(arrangementId)}`,
    arrangementNextPeriod: (arrangementId: string) => `${admin}/regelingen/${seg(arrangementId)}/volgende-periode`,

    beheer: {
      accounts: () => `${beheer}/accounts`,
      newAccount: () => `${beheer}/accounts/nieuw`,
      account: (accountId: string) => `${beheer}/accounts/${seg(accountId)}`,
      /** The API clients; `koppeling` opens one. */
      apiClients: (koppeling?: string | null) => withQuery(`${beheer}/api`, { [searchParams.apiClient]: koppeling }),
      apiDocumentation: () => `${beheer}/api/documentatie`,
      apiEncryption: (koppeling?: string | null) =>
        withQuery(`${beheer}/api/encryptie`, { [searchParams.apiClient]: koppeling }),
      payments: () => `${beheer}/betalingen`,
      paymentReconciliation: () => `${beheer}/betalingen/controle`,
      payouts: () => `${beheer}/betalingen/uitbetalingen`,
      newPayout: () => `${beheer}/betalingen/uitbetalingen/nieuw`,
      payout: (batchId: string) => `${beheer}/betalingen/uitbetalingen/${seg(batchId)}`,
      categories: () => `${beheer}/categorieen`,
      newCategory: () => `${beheer}/categorieen/nieuw`,
      featuredCategory: () => `${beheer}/categorieen/uitgelichte-categorie`,
      category: (categoryId: string) => `${beheer}/categorieen/${seg(categoryId)}`,
      communication: () => `${beheer}/communicatie`,
      templates: () => `${beheer}/communicatie/sjablonen`,
      newTemplate: () => `${beheer}/communicatie/sjablonen/nieuw`,
      template: (templateId: string) => `${beheer}/communicatie/sjablonen/${seg(templateId)}`,
      /** The import screen; `run` shows one import run. */
      import: (run?: string | null) => withQuery(`${beheer}/importeren`, { [searchParams.importRun]: run }),
      auditLog: () => `${beheer}/auditlog`,
      journalEntries: () => `${beheer}/journaalposten`,
      journalSettings: () => `${beheer}/journaalposten/instellingen`,
      links: () => `${beheer}/links`,
      newLink: () => `${beheer}/links/nieuw`,
      link: (linkId: string) => `${beheer}/links/${seg(linkId)}`,
      news: () => `${beheer}/nieuws`,
      newNewsArticle: () => `${beheer}/nieuws/nieuw`,
      newsArticle: (articleId: string) => `${beheer}/nieuws/${seg(articleId)}`,
    },

    instellingen: {
      general: () => `${instellingen}/algemeen`,
      /** The residents' terms; with `providers`, the providers' terms (of one municipality, or platform-wide). */
      terms: (providers?: { gemeente?: string | null }) =>
        withQuery(`${instellingen}/algemene-voorwaarden`, {
          [searchParams.termsKind]: providers ? 'aanbieders' : null,
          [searchParams.municipality]: providers?.gemeente,
        }),
      analytics: () => `${instellingen}/analytics`,
      payments: () => `${instellingen}/betalingen`,
      digid: () => `${instellingen}/digid`,
      digidCertificates: () => `${instellingen}/digid/nieuwe-certificaten`,
      digitalCard: () => `${instellingen}/digitale-pas`,
      advanced: () => `${instellingen}/geavanceerd`,
      howItWorks: () => `${instellingen}/hoe-werkt-het`,
      ip: () => `${instellingen}/ip`,
      maintenance: () => `${instellingen}/onderhoudsmodus`,
      privacy: () => `${instellingen}/privacybeleid`,
      roles: () => `${instellingen}/rollen`,
      accessibility: () => `${instellingen}/toegankelijkheid`,
    },
  },

  /** The platform operator's console. `/%5Flightbase` is the same route. */
  internal: {
    console: () => '/_lightbase',
    login: () => '/_lightbase/login',
    auth: (token: string) => `/_lightbase/auth/${seg(token)}`,
  },

  /** Server-side URLs: full-page navigations (plain <a href>), never router links. */
  server: {
    /** Without `returnTo` the server picks the landing: the resident's orders once they have ordered, else their schemes. */
    digidStart: (returnTo: string | null) => withQuery('/auth/digid/start', { returnTo }),
    sandbox: () => '/sandbox',
    graphql: () => '/graphql',
    clientConfig: () => '/api/client-config',
    monitoringTunnel: () => '/monitoring/tunnel',
    productImages: (productId: string) => `/api/products/${seg(productId)}/images`,
    providerLogo: () => '/api/provider/logo',
    platformLogo: () => '/api/settings/logo',
    newsImage: (articleId: string) => `/api/news/${seg(articleId)}/image`,
    newsFeed: () => '/api/nieuws.atom',
    payoutExport: (batchId: string) => `/api/payouts/${seg(batchId)}/export`,
    imports: (municipalityId: string) => withQuery('/api/imports', { gemeente: municipalityId }),
    importExample: (municipalityId?: string) =>
      municipalityId
        ? withQuery('/api/imports/voorbeeld.csv', { gemeente: municipalityId })
        : '/api/imports/voorbeeld.csv',
    myData: () => '/api/mijn-gegevens.json',
  },
} as const;
