import type { RouteObject } from 'react-router';
import { RootErrorBoundary } from './components/layout/RouteErrorBoundary';
import type { RouteHandle } from './components/layout/routeHandle';
import { screenPermission as p } from './lib/permissions';
import { urls } from './lib/urls';
import { lazyLayout, notFound, redirectIndex, screen, section, withinLayout } from './routeParts';

/*
 * The routes of the customer account, the provider area, the admin area and the operator console: not in the public
 * entry. router.tsx adds them to the route table when the first URL of one of these areas is visited (React Router's
 * patchRoutesOnNavigation), so a visitor of the public site loads none of this table, nor the areas' layouts.
 */

const AccountLayout = lazyLayout(async () => (await import('./components/layout/AccountLayout')).AccountLayout);
const ProviderLayout = lazyLayout(async () => (await import('./components/layout/ProviderLayout')).ProviderLayout);
const AdminLayout = lazyLayout(async () => (await import('./components/layout/AdminLayout')).AdminLayout);
const StaffLoginLayout = lazyLayout(async () => (await import('./components/layout/BareLayout')).StaffLoginLayout);
const InternalLayout = lazyLayout(async () => (await import('./components/layout/BareLayout')).InternalLayout);

// ---------------------------------------------------------------------------------------------
// Customer account (/account/*, customers only)

const accountRoutes: RouteObject[] = [
  redirectIndex(urls.account.orders()),
  section('bestellingen', { crumb: 'Bestellingen' }, [
    screen(undefined, () => import('./routes/account/bestellingen/OrdersScreen')),
    screen(':orderId', () => import('./routes/account/bestellingen/OrderScreen'), { crumb: 'Bestelling' }),
  ]),
  screen('gegevens', () => import('./routes/account/gegevens/DetailsScreen'), { crumb: 'Gegevens' }),
  screen('meldingen', () => import('./routes/account/meldingen/InboxScreen'), { crumb: 'Berichten' }),
  screen('pas', () => import('./routes/account/pas/CardsScreen'), { crumb: 'Pas' }),
  screen('regelingen', () => import('./routes/account/regelingen/AssignmentsScreen'), { crumb: 'Regelingen' }),
  section('aanvragen', { crumb: 'Aanvragen' }, [
    screen(undefined, () => import('./routes/account/aanvragen/MyApplicationsScreen')),
    screen(':applicationId', () => import('./routes/account/aanvragen/MyApplicationScreen'), { crumb: 'Aanvraag' }),
  ]),
  screen('wachtwoord-wijzigen', () => import('./routes/account/wachtwoord-wijzigen/ChangePasswordScreen'), {
    crumb: 'Wachtwoord wijzigen',
  }),
  notFound,
];

// ---------------------------------------------------------------------------------------------
// Provider area (/aanbieder/*, provider users only)

const providerRoutes: RouteObject[] = [
  redirectIndex(urls.provider.products()),
  screen('app', () => import('./routes/aanbieder/app/CounterScreen'), { crumb: 'Kassa-app' }),
  section('bestellingen', { crumb: 'Bestellingen' }, [
    screen(undefined, () => import('./routes/aanbieder/bestellingen/OrdersScreen')),
    screen(':orderId', () => import('./routes/aanbieder/bestellingen/OrderScreen'), { crumb: 'Bestelling' }),
  ]),
  section('producten', { crumb: 'Producten' }, [
    screen(undefined, () => import('./routes/aanbieder/producten/ProductsScreen')),
    screen('nieuw', () => import('./routes/aanbieder/producten/ProductNewScreen'), { crumb: 'Nieuw product' }),
    screen(':productId', () => import('./routes/aanbieder/producten/ProductEditScreen'), {
      crumb: 'Product bewerken',
    }),
  ]),
  section('profiel', { crumb: 'Profiel' }, [
    screen(undefined, () => import('./routes/aanbieder/profiel/ProfileScreen')),
    screen('aanmelden/:municipalityId', () => import('./routes/aanbieder/profiel/aanmelden/JoinMunicipalityScreen'), {
      crumb: 'Aanmelden bij gemeente',
    }),
    screen('afmelden/:municipalityId', () => import('./routes/aanbieder/profiel/afmelden/LeaveMunicipalityScreen'), {
      crumb: 'Afmelden bij gemeente',
    }),
  ]),
  notFound,
];

// ---------------------------------------------------------------------------------------------
// Admin area (/admin/*, staff only; per screen a permission)

const beheerRoutes: RouteObject[] = [
  section('accounts', { crumb: 'Accounts', permission: p.accounts }, [
    screen(undefined, () => import('./routes/admin/beheer/accounts/AccountsScreen')),
    screen('nieuw', () => import('./routes/admin/beheer/accounts/AccountNewScreen'), { crumb: 'Nieuw account' }),
    screen(':accountId', () => import('./routes/admin/beheer/accounts/AccountEditScreen'), {
      crumb: 'Account bewerken',
    }),
  ]),
  section('api', { crumb: 'API-koppelingen', permission: p.apiClients }, [
    screen(undefined, () => import('./routes/admin/beheer/api/ApiClientsScreen')),
    screen('documentatie', () => import('./routes/admin/beheer/api/documentatie/ApiDocumentationScreen'), {
      crumb: 'API-documentatie',
    }),
    screen('encryptie', () => import('./routes/admin/beheer/api/encryptie/ApiEncryptionScreen'), {
      crumb: 'API-encryptie',
    }),
  ]),
  section('betalingen', { crumb: 'Betalingen', permission: p.payments }, [
    screen(undefined, () => import('./routes/admin/beheer/betalingen/PaymentsScreen')),
    screen('controle', () => import('./routes/admin/beheer/betalingen/controle/PaymentReconciliationScreen'), {
      crumb: 'Controle',
    }),
    section('uitbetalingen', { crumb: 'Uitbetalingen', permission: p.payouts }, [
      screen(undefined, () => import('./routes/admin/beheer/betalingen/uitbetalingen/PayoutsScreen')),
      screen('nieuw', () => import('./routes/admin/beheer/betalingen/uitbetalingen/PayoutNewScreen'), {
        crumb: 'Nieuwe uitbetaling',
      }),
      screen(':batchId', () => import('./routes/admin/beheer/betalingen/uitbetalingen/PayoutScreen'), {
        crumb: 'Uitbetaling',
      }),
    ]),
  ]),
  section('categorieen', { crumb: 'Categorieën', permission: p.categories }, [
    screen(undefined, () => import('./routes/admin/beheer/categorieen/CategoriesScreen')),
    screen('nieuw', () => import('./routes/admin/beheer/categorieen/CategoryNewScreen'), {
      crumb: 'Nieuwe categorie',
    }),
    screen(
      'uitgelichte-categorie',
      () => import('./routes/admin/beheer/categorieen/uitgelichte-categorie/FeaturedCategoryScreen'),
      { crumb: 'Uitgelichte categorie' },
    ),
    screen(':categoryId', () => import('./routes/admin/beheer/categorieen/CategoryEditScreen'), {
      crumb: 'Categorie bewerken',
    }),
  ]),
  section('communicatie', { crumb: 'Communicatie', permission: p.communication }, [
    screen(undefined, () => import('./routes/admin/beheer/communicatie/CommunicationLogScreen')),
    section('sjablonen', { crumb: 'Sjablonen', permission: p.templates }, [
      screen(undefined, () => import('./routes/admin/beheer/communicatie/sjablonen/TemplatesScreen')),
      screen('nieuw', () => import('./routes/admin/beheer/communicatie/sjablonen/TemplateNewScreen'), {
        crumb: 'Nieuw sjabloon',
      }),
      screen(':templateId', () => import('./routes/admin/beheer/communicatie/sjablonen/TemplateEditScreen'), {
        crumb: 'Sjabloon bewerken',
      }),
    ]),
  ]),
  screen('importeren', () => import('./routes/admin/beheer/importeren/ImportScreen'), {
    crumb: 'Importeren',
    permission: p.import,
  }),
  // Not in the specification: the audit log, beside the other logs under beheer.
  screen('auditlog', () => import('./routes/admin/beheer/auditlog/AuditLogScreen'), {
    crumb: 'Auditlog',
    permission: p.auditLog,
  }),
  section('journaalposten', { crumb: 'Journaalposten', permission: p.journalEntries }, [
    screen(undefined, () => import('./routes/admin/beheer/journaalposten/JournalEntriesScreen')),
    screen('instellingen', () => import('./routes/admin/beheer/journaalposten/instellingen/JournalSettingsScreen'), {
      crumb: 'Instellingen',
    }),
  ]),
  section('links', { crumb: 'Links', permission: p.links }, [
    screen(undefined, () => import('./routes/admin/beheer/links/LinksScreen')),
    screen('nieuw', () => import('./routes/admin/beheer/links/LinkNewScreen'), { crumb: 'Nieuwe link' }),
    screen(':linkId', () => import('./routes/admin/beheer/links/LinkEditScreen'), { crumb: 'Link bewerken' }),
  ]),
  section('nieuws', { crumb: 'Nieuws', permission: p.news }, [
    screen(undefined, () => import('./routes/admin/beheer/nieuws/NewsArticlesScreen')),
    screen('nieuw', () => import('./routes/admin/beheer/nieuws/NewsArticleNewScreen'), { crumb: 'Nieuw bericht' }),
    screen(':articleId', () => import('./routes/admin/beheer/nieuws/NewsArticleEditScreen'), {
      crumb: 'Bericht bewerken',
    }),
  ]),
];

const instellingenRoutes: RouteObject[] = [
  screen('algemeen', () => import('./routes/admin/beheer/instellingen/algemeen/GeneralSettingsScreen'), {
    crumb: 'Algemene instellingen',
    permission: p.settings,
  }),
  screen(
    'algemene-voorwaarden',
    () => import('./routes/admin/beheer/instellingen/algemene-voorwaarden/TermsSettingsScreen'),
    { crumb: 'Algemene voorwaarden', permission: p.contentPages },
  ),
  screen('analytics', () => import('./routes/admin/beheer/instellingen/analytics/AnalyticsSettingsScreen'), {
    crumb: 'Analytics',
    permission: p.settings,
  }),
  screen('betalingen', () => import('./routes/admin/beheer/instellingen/betalingen/PaymentSettingsScreen'), {
    crumb: 'Betalingsinstellingen',
    permission: p.settings,
  }),
  section('digid', { crumb: 'DigiD', permission: p.settings }, [
    screen(undefined, () => import('./routes/admin/beheer/instellingen/digid/DigidSettingsScreen')),
    screen(
      'nieuwe-certificaten',
      () => import('./routes/admin/beheer/instellingen/digid/nieuwe-certificaten/DigidCertificatesScreen'),
      { crumb: 'Nieuwe certificaten' },
    ),
  ]),
  screen('digitale-pas', () => import('./routes/admin/beheer/instellingen/digitale-pas/DigitalCardSettingsScreen'), {
    crumb: 'Digitale pas',
    permission: p.settings,
  }),
  screen('geavanceerd', () => import('./routes/admin/beheer/instellingen/geavanceerd/AdvancedSettingsScreen'), {
    crumb: 'Geavanceerde instellingen',
    permission: p.settings,
  }),
  screen('hoe-werkt-het', () => import('./routes/admin/beheer/instellingen/hoe-werkt-het/HowItWorksSettingsScreen'), {
    crumb: 'Hoe werkt het',
    permission: p.contentPages,
  }),
  screen('ip', () => import('./routes/admin/beheer/instellingen/ip/IpSettingsScreen'), {
    crumb: 'IP-adressen',
    permission: p.settings,
  }),
  screen(
    'onderhoudsmodus',
    () => import('./routes/admin/beheer/instellingen/onderhoudsmodus/MaintenanceSettingsScreen'),
    { crumb: 'Onderhoudsmodus', permission: p.settings },
  ),
  screen('privacybeleid', () => import('./routes/admin/beheer/instellingen/privacybeleid/PrivacySettingsScreen'), {
    crumb: 'Privacybeleid',
    permission: p.contentPages,
  }),
  screen('rollen', () => import('./routes/admin/beheer/instellingen/rollen/RolesSettingsScreen'), {
    crumb: 'Rollen',
    permission: p.roles,
  }),
  screen(
    'toegankelijkheid',
    () => import('./routes/admin/beheer/instellingen/toegankelijkheid/AccessibilitySettingsScreen'),
    { crumb: 'Toegankelijkheid', permission: p.contentPages },
  ),
];

const adminRoutes: RouteObject[] = [
  screen(undefined, () => import('./routes/admin/DashboardScreen'), { permission: p.dashboard }),
  section('aanbieders', { crumb: 'Aanbieders', permission: p.providers }, [
    screen(undefined, () => import('./routes/admin/aanbieders/ProvidersScreen')),
    section(':providerId', { crumb: 'Aanbieder' }, [
      screen(undefined, () => import('./routes/admin/aanbieders/ProviderScreen')),
      section('bestellingen', { crumb: 'Bestellingen', permission: p.providerOrders }, [
        screen(undefined, () => import('./routes/admin/aanbieders/bestellingen/ProviderOrdersScreen')),
        screen(':orderId', () => import('./routes/admin/aanbieders/bestellingen/ProviderOrderScreen'), {
          crumb: 'Bestelling',
        }),
      ]),
      screen('producten', () => import('./routes/admin/aanbieders/producten/ProviderProductsScreen'), {
        crumb: 'Producten',
        permission: p.providerProducts,
      }),
    ]),
  ]),
  screen('account', () => import('./routes/admin/account/AccountScreen'), { crumb: 'Account' }),
  section('bestellingen', { crumb: 'Bestellingen', permission: p.orders }, [
    screen(undefined, () => import('./routes/admin/bestellingen/OrdersScreen')),
    screen(':orderId', () => import('./routes/admin/bestellingen/OrderScreen'), { crumb: 'Bestelling' }),
  ]),
  screen('klanten', () => import('./routes/admin/klanten/ClientsScreen'), {
    crumb: 'Klanten',
    permission: p.clients,
  }),
  section('klantgroep/:clientId', { crumb: 'Klantgroep', permission: p.clients }, [
    screen(undefined, () => import('./routes/admin/klantgroep/ClientGroupScreen')),
    screen('toevoegen', () => import('./routes/admin/klantgroep/toevoegen/AddMemberScreen'), {
      crumb: 'Lid toevoegen',
      permission: p.clientGroupAddMember,
    }),
    section('toewijzingen', { crumb: 'Toewijzingen', permission: p.clientGroupAssignments }, [
      screen(undefined, () => import('./routes/admin/klantgroep/toewijzingen/AssignmentsScreen')),
      screen('nieuw', () => import('./routes/admin/klantgroep/toewijzingen/AssignmentNewScreen'), {
        crumb: 'Nieuwe toewijzing',
      }),
    ]),
  ]),
  section('meldingen', { crumb: 'Meldingen', permission: p.messages }, [
    screen(undefined, () => import('./routes/admin/meldingen/MessagesScreen')),
    screen('bericht/:messageId', () => import('./routes/admin/meldingen/bericht/MessageScreen'), {
      crumb: 'Melding',
    }),
  ]),
  section('persoon/:externalIdentifier', { crumb: 'Persoon', permission: p.persons }, [
    screen(undefined, () => import('./routes/admin/persoon/PersonScreen')),
    section('bestellingen', { crumb: 'Bestellingen' }, [
      screen(undefined, () => import('./routes/admin/persoon/bestellingen/PersonOrdersScreen')),
      screen(':clientId/:orderId', () => import('./routes/admin/persoon/bestellingen/PersonOrderScreen'), {
        crumb: 'Bestelling',
      }),
    ]),
    screen('pas', () => import('./routes/admin/persoon/pas/PersonCardScreen'), { crumb: 'Pas' }),
    screen('verwijderen', () => import('./routes/admin/persoon/verwijderen/PersonDeleteScreen'), {
      crumb: 'Persoon verwijderen',
      permission: p.personDelete,
    }),
    screen('bestellen', () => import('./routes/admin/persoon/bestellen/PersonOrderOnBehalfScreen'), {
      crumb: 'Bestellen namens inwoner',
      permission: p.personOrderOnBehalf,
    }),
  ]),
  section('producten', { crumb: 'Producten', permission: p.products }, [
    screen(undefined, () => import('./routes/admin/producten/ProductsScreen')),
    screen('afgekeurd', () => import('./routes/admin/producten/afgekeurd/RejectedProductsScreen'), {
      crumb: 'Afgekeurde producten',
    }),
    screen(':productId', () => import('./routes/admin/producten/ProductReviewScreen'), {
      crumb: 'Product beoordelen',
    }),
  ]),
  section('aanvragen', { crumb: 'Aanvragen', permission: p.applications }, [
    screen(undefined, () => import('./routes/admin/aanvragen/ApplicationsScreen')),
    screen(':applicationId', () => import('./routes/admin/aanvragen/ApplicationScreen'), { crumb: 'Aanvraag' }),
  ]),
  section('regelingen', { crumb: 'Regelingen', permission: p.arrangements }, [
    screen(undefined, () => import('./routes/admin/regelingen/ArrangementsScreen')),
    screen('nieuw', () => import('./routes/admin/regelingen/ArrangementNewScreen'), { crumb: 'Nieuwe regeling' }),
    screen(':arrangementId', () => import('./routes/admin/regelingen/ArrangementEditScreen'), {
      crumb: 'Regeling bewerken',
    }),
    screen(
      ':arrangementId/volgende-periode',
      () => import('./routes/admin/regelingen/volgende-periode/NextPeriodScreen'),
      {
        crumb: 'Volgende periode',
      },
    ),
  ]),
  section('beheer', undefined, [...beheerRoutes, section('instellingen', undefined, instellingenRoutes)]),
  notFound,
];

// ---------------------------------------------------------------------------------------------
// Internal console of the platform operator

/** Fresh route objects per mount point: `/_lightbase` and `/%5Flightbase` are the same screens. */
function internalRoutes(): RouteObject[] {
  return withinLayout([
    screen(undefined, () => import('./routes/_lightbase/ConsoleScreen')),
    screen('login', () => import('./routes/_lightbase/login/ConsoleLoginScreen'), { crumb: 'Inloggen' }),
    screen('auth/:token', () => import('./routes/_lightbase/auth/ConsoleAuthScreen'), { crumb: 'Inloggen' }),
    notFound,
  ]);
}

/** The customer account, beside the public site under the "Home" crumb. */
export const accountArea: RouteObject = {
  path: 'account',
  lazy: AccountLayout,
  ErrorBoundary: RootErrorBoundary,
  handle: { crumb: 'Mijn account' } satisfies RouteHandle,
  children: withinLayout(accountRoutes),
};

/** The provider area, the staff log-in, the admin area and the operator console, beneath the root. */
export const rootAreas: RouteObject[] = [
  {
    path: 'aanbieder',
    lazy: ProviderLayout,
    ErrorBoundary: RootErrorBoundary,
    handle: { crumb: 'Aanbiedersomgeving' } satisfies RouteHandle,
    children: withinLayout(providerRoutes),
  },
  {
    // Staff log-in: outside the guarded admin layout.
    path: 'admin/inloggen',
    lazy: StaffLoginLayout,
    ErrorBoundary: RootErrorBoundary,
    children: withinLayout([screen(undefined, () => import('./routes/admin/inloggen/StaffLoginScreen'))]),
  },
  {
    // Staff forgotten password: outside the guarded admin layout too.
    path: 'admin/wachtwoord-vergeten',
    lazy: StaffLoginLayout,
    ErrorBoundary: RootErrorBoundary,
    children: withinLayout([
      screen(undefined, () => import('./routes/admin/wachtwoord-vergeten/StaffForgotPasswordScreen')),
      screen(':token', () => import('./routes/admin/wachtwoord-vergeten/StaffResetPasswordScreen')),
    ]),
  },
  {
    path: 'admin',
    lazy: AdminLayout,
    ErrorBoundary: RootErrorBoundary,
    handle: { crumb: 'Beheeromgeving' } satisfies RouteHandle,
    children: withinLayout(adminRoutes),
  },
  {
    path: '_lightbase',
    lazy: InternalLayout,
    ErrorBoundary: RootErrorBoundary,
    handle: { crumb: 'Beheerconsole' } satisfies RouteHandle,
    children: internalRoutes(),
  },
  {
    // The router decodes "%5F" to "_" before matching, so requests for /%5Flightbase are
    // served by the route above; this entry registers the spelling of the specification.
    path: '%5Flightbase',
    lazy: InternalLayout,
    ErrorBoundary: RootErrorBoundary,
    handle: { crumb: 'Beheerconsole' } satisfies RouteHandle,
    children: internalRoutes(),
  },
];
