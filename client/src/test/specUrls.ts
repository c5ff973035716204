/**
 * Every URL of the specification (shared/spec/specification.md, section 2) with sample
 * parameters: the route-table test checks each one resolves to a real (non-catch-all) route.
 * Kept in one list so a new route in the spec is added in one obvious place.
 */

export const SAMPLE = {
  uuid: '3f1c2b4e-8c1d-4a5e-9f00-0123456789ab',
  uuid2: '9b2d7c1a-0e4f-4b6a-8c3d-fedcba987654',
  slug: 'zwemles-voor-kinderen',
  token: 'dGhpcy1pcy1hLXRva2Vu',
  externalIdentifier: 'K-2026-000123',
};

const { uuid: id, uuid2: id2, slug, token, externalIdentifier: ext } = SAMPLE;

export const SPEC_URLS = {
  public: [
    '/',
    '/aanbod',
    '/hoe-werkt-het',
    '/inloggen',
    '/meldingen',
    '/nieuws',
    '/privacy',
    '/sitemap',
    '/toegankelijkheid',
    '/voorwaarden',
    '/winkelwagen',
    '/email-bevestigen',
    '/wachtwoord-vergeten',
    '/voor-aanbieders/inloggen',
    '/voor-aanbieders/registreren',
    `/aanbod/${slug}/${id}`,
    `/aanbod/aanbieders/${slug}/${id}`,
    `/meldingen/bericht/${id}`,
    `/nieuws/${slug}/${id}`,
    `/wachtwoord-vergeten/${token}`,
  ],
  account: [
    '/account/bestellingen',
    '/account/gegevens',
    '/account/meldingen',
    '/account/pas',
    '/account/regelingen',
    '/account/wachtwoord-wijzigen',
    `/account/bestellingen/${id}`,
  ],
  provider: [
    '/aanbieder/app',
    '/aanbieder/bestellingen',
    '/aanbieder/producten',
    '/aanbieder/producten/nieuw',
    '/aanbieder/profiel',
    `/aanbieder/bestellingen/${id}`,
    `/aanbieder/producten/${id}`,
    `/aanbieder/profiel/aanmelden/${id}`,
    `/aanbieder/profiel/afmelden/${id}`,
  ],
  admin: [
    '/admin',
    '/admin/aanbieders',
    '/admin/account',
    '/admin/bestellingen',
    '/admin/klanten',
    '/admin/meldingen',
    '/admin/producten',
    '/admin/producten/afgekeurd',
    '/admin/regelingen',
    '/admin/regelingen/nieuw',
    `/admin/aanbieders/${id}`,
    `/admin/aanbieders/${id}/bestellingen`,
    `/admin/aanbieders/${id}/bestellingen/${id2}`,
    `/admin/aanbieders/${id}/producten`,
    `/admin/bestellingen/${id}`,
    `/admin/klantgroep/${id}`,
    `/admin/klantgroep/${id}/toevoegen`,
    `/admin/klantgroep/${id}/toewijzingen`,
    `/admin/klantgroep/${id}/toewijzingen/nieuw`,
    `/admin/meldingen/bericht/${id}`,
    `/admin/persoon/${ext}`,
    `/admin/persoon/${ext}/bestellingen`,
    `/admin/persoon/${ext}/bestellingen/${id}/${id2}`,
    `/admin/persoon/${ext}/pas`,
    `/admin/persoon/${ext}/verwijderen`,
    `/admin/producten/${id}`,
    `/admin/regelingen/${id}`,
  ],
  beheer: [
    '/accounts',
    '/accounts/nieuw',
    `/accounts/${id}`,
    '/api',
    '/api/documentatie',
    '/api/encryptie',
    '/betalingen',
    '/betalingen/controle',
    '/categorieen',
    '/categorieen/nieuw',
    '/categorieen/uitgelichte-categorie',
    `/categorieen/${id}`,
    '/communicatie',
    '/communicatie/sjablonen',
    '/communicatie/sjablonen/nieuw',
    `/communicatie/sjablonen/${id}`,
    '/importeren',
    '/journaalposten',
    '/journaalposten/instellingen',
    '/links',
    '/links/nieuw',
    `/links/${id}`,
    '/nieuws',
    '/nieuws/nieuw',
    `/nieuws/${id}`,
  ].map((path) => `/admin/beheer${path}`),
  instellingen: [
    '/algemeen',
    '/algemene-voorwaarden',
    '/analytics',
    '/betalingen',
    '/digid',
    '/digid/nieuwe-certificaten',
    // Issue 30: the digital card's code validity and colour per municipality.
    '/digitale-pas',
    '/geavanceerd',
    '/hoe-werkt-het',
    '/ip',
    '/onderhoudsmodus',
    '/privacybeleid',
    '/rollen',
    '/toegankelijkheid',
  ].map((path) => `/admin/beheer/instellingen${path}`),
  internal: [
    '/%5Flightbase',
    '/%5Flightbase/login',
    `/%5Flightbase/auth/${token}`,
    '/_lightbase',
    '/_lightbase/login',
    `/_lightbase/auth/${token}`,
  ],
} as const;

export const ALL_SPEC_URLS: readonly string[] = Object.values(SPEC_URLS).flat();

/**
 * URLs the application adds beside the specification's (for visitors: they work logged out). The route walk checks
 * them like the specification's.
 */
export const EXTRA_URLS = {
  public: ['/admin/inloggen', '/admin/wachtwoord-vergeten', `/admin/wachtwoord-vergeten/${token}`],
} as const;
