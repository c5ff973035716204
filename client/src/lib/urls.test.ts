import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { allRoutes } from '../router';
import { urls } from './urls';

// The whole table, areas included (router.tsx adds them when first visited).
const routes = await allRoutes();

const id = '3f1c2b4e-8c1d-4a5e-9f00-0123456789ab';

/** Calls every builder with sample arguments, collecting [name, url]. */
function everyUrl(tree: object, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'function') {
      const args = Array.from({ length: value.length }, () => id);
      return [[name, (value as (...a: string[]) => string)(...args)] as [string, string]];
    }
    return everyUrl(value as object, name);
  });
}

describe('urls', () => {
  it('builds the public URLs', () => {
    expect(urls.home()).toBe('/');
    expect(urls.product('zwemles', id)).toBe(`/aanbod/zwemles/${id}`);
    expect(urls.providerPage('de-zwemschool', id)).toBe(`/aanbod/aanbieders/de-zwemschool/${id}`);
    expect(urls.newsArticle('nieuw-seizoen', id)).toBe(`/nieuws/nieuw-seizoen/${id}`);
    expect(urls.announcement(id)).toBe(`/meldingen/bericht/${id}`);
    expect(urls.resetPassword('abc_DEF-123')).toBe('/wachtwoord-vergeten/abc_DEF-123');
    expect(urls.admin.forgotPassword()).toBe('/admin/wachtwoord-vergeten');
    expect(urls.admin.resetPassword('abc_DEF-123')).toBe('/admin/wachtwoord-vergeten/abc_DEF-123');
  });

  it('keeps the catalogue search in the query string', () => {
    expect(urls.catalogue()).toBe('/aanbod');
    expect(urls.catalogue({ zoek: 'zwemles' })).toBe('/aanbod?zoek=zwemles');
    expect(urls.catalogue({ zoek: '  fiets en helm ' })).toBe('/aanbod?zoek=fiets+en+helm');
    expect(urls.catalogue({ zoek: '', categorie: id })).toBe(`/aanbod?categorie=${id}`);
    expect(urls.catalogue({ zoek: 'a&b=c', categorie: null })).toBe('/aanbod?zoek=a%26b%3Dc');
  });

  it('encodes path segments', () => {
    expect(urls.product('a/b?c', id)).toBe(`/aanbod/a%2Fb%3Fc/${id}`);
    expect(urls.admin.person('K 1/2')).toBe('/admin/persoon/K%201%2F2');
  });

  it('adds the return path to the log-in URLs', () => {
    expect(urls.login()).toBe('/inloggen');
    expect(urls.login('/account/pas')).toBe('/inloggen?terug=%2Faccount%2Fpas');
    expect(urls.providerLogin('/aanbieder/app')).toBe('/voor-aanbieders/inloggen?terug=%2Faanbieder%2Fapp');
    expect(urls.admin.login('/admin/klanten?zoek=x')).toBe('/admin/inloggen?terug=%2Fadmin%2Fklanten%3Fzoek%3Dx');
    expect(urls.server.digidStart('/account/regelingen')).toBe('/auth/digid/start?returnTo=%2Faccount%2Fregelingen');
    // No page asked for the log-in: the server picks where the resident lands.
    expect(urls.server.digidStart(null)).toBe('/auth/digid/start');
  });

  it('builds the nested admin URLs', () => {
    expect(urls.admin.personOrder('K-1', id, id)).toBe(`/admin/persoon/K-1/bestellingen/${id}/${id}`);
    expect(urls.admin.providerOrder(id, id)).toBe(`/admin/aanbieders/${id}/bestellingen/${id}`);
    expect(urls.admin.beheer.template(id)).toBe(`/admin/beheer/communicatie/sjablonen/${id}`);
    expect(urls.admin.instellingen.digidCertificates()).toBe('/admin/beheer/instellingen/digid/nieuwe-certificaten');
  });

  describe('every client URL builder points at a real route', () => {
    const clientUrls = everyUrl(urls).filter(([name]) => !name.startsWith('server.'));
    it.each(clientUrls)('%s → %s', (_name, url) => {
      const matches = matchRoutes(routes, url);
      const last = matches?.[matches.length - 1];
      expect(last?.route.path).not.toBe('*');
      expect(last).toBeDefined();
    });
  });
});
