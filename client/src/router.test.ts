import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { RouteHandle } from './components/layout/routeHandle';
import { paramRules } from './lib/params';
import { allRoutes, routes as publicRoutes } from './router';
import { ALL_SPEC_URLS, EXTRA_URLS, SPEC_URLS } from './test/specUrls';

// The whole table, areas included (they join the public table when first visited: router.tsx).
const routes = await allRoutes();

function leaf(url: string) {
  const matches = matchRoutes(routes, url);
  return matches?.[matches.length - 1];
}

function permissionOf(url: string) {
  const matches = matchRoutes(routes, url) ?? [];
  let permission: RouteHandle['permission'];
  for (const match of matches) {
    const handle = match.route.handle as RouteHandle | undefined;
    if (handle?.permission) permission = handle.permission;
  }
  return permission;
}

function allPaths(list: RouteObject[], prefix = ''): string[] {
  return list.flatMap((route) => {
    const path = route.path ? `${prefix}/${route.path}`.replace(/\/+/g, '/') : prefix;
    return [path, ...(route.children ? allPaths(route.children, path) : [])];
  });
}

describe('the route table', () => {
  it('covers the whole specification (sanity check on the list itself)', () => {
    expect(ALL_SPEC_URLS.length).toBeGreaterThanOrEqual(107);
    expect(new Set(ALL_SPEC_URLS).size).toBe(ALL_SPEC_URLS.length);
  });

  it.each(ALL_SPEC_URLS)('resolves %s to a real screen, not the catch-all', (url) => {
    const match = leaf(url);
    expect(match, url).toBeDefined();
    expect(match?.route.path).not.toBe('*');
    expect(match?.route.lazy ?? match?.route.Component ?? match?.route.element, url).toBeDefined();
  });

  it('resolves /%5Flightbase and /_lightbase to the same screens', () => {
    for (const suffix of ['', '/login', '/auth/dGhpcy1pcy1hLXRva2Vu']) {
      const encoded = leaf(`/%5Flightbase${suffix}`);
      const plain = leaf(`/_lightbase${suffix}`);
      expect(encoded?.route.path).toBe(plain?.route.path);
      expect(encoded?.route.path).not.toBe('*');
    }
  });

  it('registers the staff log-in outside the guarded admin layout', () => {
    const matches = matchRoutes(routes, '/admin/inloggen') ?? [];
    expect(matches.map((m) => m.route.path)).not.toContain('admin');
    expect(matches.some((m) => m.route.path === 'admin/inloggen')).toBe(true);
  });

  it.each(EXTRA_URLS.public)('registers %s outside the guarded admin layout, on a real screen', (url) => {
    const matches = matchRoutes(routes, url) ?? [];
    expect(matches.map((m) => m.route.path)).not.toContain('admin');
    expect(leaf(url)?.route.path).not.toBe('*');
    expect(permissionOf(url)).toBeUndefined();
  });

  it.each(['/bestaat-niet', '/aanbod/a/b/c/d', '/admin/bestaat-niet', '/account/bestaat-niet'])(
    'sends unknown URLs like %s to a not-found route',
    (url) => {
      expect(leaf(url)?.route.path).toBe('*');
    },
  );

  it('leaves the server-side URL space alone', () => {
    const serverPrefixes = [
      'graphql',
      'healthz',
      'readyz',
      'auth',
      'monitoring',
      'api',
      'sandbox',
      'uploads',
      'sitemap.xml',
    ];
    const topLevel = new Set(allPaths(routes).map((path) => path.split('/')[1]));
    for (const prefix of serverPrefixes) expect(topLevel.has(prefix), prefix).toBe(false);
  });

  it('declares a validation rule for every route parameter', () => {
    const names = new Set(allPaths(routes).flatMap((path) => [...path.matchAll(/:(\w+)/g)].map((m) => m[1])));
    for (const name of names) expect(paramRules[name as string], name).toBeDefined();
  });

  it('requires a permission on every admin screen except the own account', () => {
    const adminUrls = [...SPEC_URLS.admin, ...SPEC_URLS.beheer, ...SPEC_URLS.instellingen];
    for (const url of adminUrls) {
      if (url === '/admin/account') {
        expect(permissionOf(url)).toBeUndefined();
      } else {
        expect(permissionOf(url), url).toBeDefined();
      }
    }
  });

  it.each([
    ['/admin', 'DASHBOARD_VIEW'],
    ['/admin/beheer/accounts', 'ACCOUNT_MANAGE'],
    ['/admin/producten/afgekeurd', 'PRODUCT_REVIEW'],
    ['/admin/aanbieders', 'PROVIDER_APPROVE'],
    ['/admin/klanten', 'PERSON_READ'],
    ['/admin/persoon/K-1/pas', 'PERSON_READ'],
    ['/admin/persoon/K-1/verwijderen', 'PERSON_DELETE'],
    ['/admin/bestellingen', 'ORDER_READ'],
    ['/admin/regelingen/nieuw', 'ARRANGEMENT_MANAGE'],
    ['/admin/klantgroep/3f1c2b4e-8c1d-4a5e-9f00-0123456789ab/toewijzingen', 'ASSIGNMENT_MANAGE'],
    ['/admin/klantgroep/3f1c2b4e-8c1d-4a5e-9f00-0123456789ab/toevoegen', 'PERSON_WRITE'],
    ['/admin/beheer/betalingen/controle', 'PAYMENT_READ'],
    ['/admin/beheer/journaalposten', 'JOURNAL_EXPORT'],
    ['/admin/beheer/nieuws', 'CONTENT_EDIT'],
    ['/admin/beheer/links/nieuw', 'CONTENT_EDIT'],
    ['/admin/beheer/instellingen/privacybeleid', 'CONTENT_EDIT'],
    ['/admin/meldingen', 'MESSAGE_SEND'],
    ['/admin/beheer/communicatie/sjablonen', 'TEMPLATE_EDIT'],
    ['/admin/beheer/importeren', 'IMPORT_RUN'],
    ['/admin/beheer/instellingen/rollen', 'ROLE_MANAGE'],
    ['/admin/beheer/api', 'API_CLIENT_MANAGE'],
    ['/admin/beheer/instellingen/ip', 'SETTINGS_MANAGE'],
  ])('%s needs %s', (url, permission) => {
    expect(permissionOf(url)).toBe(permission);
  });
});

describe('the public route table (the entry)', () => {
  it.each(['/admin', '/admin/beheer/accounts', '/aanbieder/producten', '/account/bestellingen', '/_lightbase'])(
    'holds no route of the areas: %s matches only the public not-found route before they are added',
    (url) => {
      const matches = matchRoutes(publicRoutes, url) ?? [];
      expect(matches.at(-1)?.route.path).toBe('*');
    },
  );
});
