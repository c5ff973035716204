import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp';

afterEach(cleanup);

describe('the public footer', () => {
  it('shows the platform name and the contact details of the municipalities that have them', async () => {
    renderApp(
      '/hoe-werkt-het',
      { kind: 'ANONYMOUS' },
      {
        PublicSite: () => ({
          links: [],
          publicSettings: {
            __typename: 'PublicSettings',
            platformName: 'Regiowinkel Zuid',
            logoUrl: null,
            logoWidth: null,
            logoHeight: null,
            municipalities: [
              {
                __typename: 'MunicipalityContact',
                municipalityId: 'm1',
                name: 'Gemeente Zuiderveen',
                phone: '14 0591',
                email: 'info@zuiderveen.example.org',
                website: 'https://www.example.org/zuiderveen',
                visitingAddress: 'Raadhuisplein 1, 7831 HG Zuiderveen',
              },
              {
                __typename: 'MunicipalityContact',
                municipalityId: 'm2',
                name: 'Gemeente Leegdorp',
                phone: null,
                email: null,
                website: null,
                visitingAddress: null,
              },
            ],
          },
        }),
      },
    );
    const footer = await screen.findByRole('contentinfo');
    const contact = await within(footer).findByRole('region', { name: 'Contact met de gemeente' });
    expect(within(contact).getByRole('heading', { level: 3, name: 'Gemeente Zuiderveen' })).toBeTruthy();
    expect(within(contact).queryByText('Gemeente Leegdorp')).toBeNull();
    expect(within(contact).getByText('Raadhuisplein 1, 7831 HG Zuiderveen')).toBeTruthy();
    expect(within(contact).getByRole('link', { name: '14 0591' }).getAttribute('href')).toBe('tel:140591');
    expect(within(contact).getByRole('link', { name: 'info@zuiderveen.example.org' }).getAttribute('href')).toBe(
      'mailto:info@zuiderveen.example.org',
    );
    expect(within(contact).getByRole('link', { name: 'Website van Gemeente Zuiderveen' }).getAttribute('href')).toBe(
      'https://www.example.org/zuiderveen',
    );
    expect(within(footer).getByText('© Regiowinkel Zuid')).toBeTruthy();
  });
});

describe('the footer links', () => {
  it('shows each address once: a managed footer link to a site page takes its place, a repeated address is left out', async () => {
    renderApp(
      '/hoe-werkt-het',
      { kind: 'ANONYMOUS' },
      {
        PublicSite: () => ({
          links: [
            { __typename: 'Link', id: 'l1', label: 'Privacyverklaring', url: '/privacy' },
            { __typename: 'Link', id: 'l2', label: 'Zo werkt het', url: '/hoe-werkt-het/' },
          ],
          usefulLinks: [
            { __typename: 'Link', id: 'l3', label: 'Gemeente Zuiderveen', url: 'https://www.example.org/zuiderveen' },
            { __typename: 'Link', id: 'l4', label: 'Zuiderveen', url: 'https://www.example.org/zuiderveen' },
          ],
          publicSettings: {
            __typename: 'PublicSettings',
            platformName: 'Gemeentewinkel',
            primaryColor: null,
            logoUrl: null,
            logoWidth: null,
            logoHeight: null,
            municipalities: [],
          },
        }),
      },
    );
    const footer = await screen.findByRole('contentinfo');
    const useful = await within(footer).findByRole('navigation', { name: 'Handige links' });
    expect(
      within(useful)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Gemeente Zuiderveen']);
    const about = within(footer).getByRole('navigation', { name: 'Over deze website' });
    expect(
      within(about)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Privacyverklaring', 'Zo werkt het', 'Voorwaarden', 'Toegankelijkheid', 'Sitemap']);
    const hrefs = within(footer)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(new Set(hrefs).size).toBe(hrefs.length);
  });
});

describe('whose municipality the header and footer name', () => {
  const contact = (municipalityId: string, place: string) => ({
    __typename: 'MunicipalityContact',
    municipalityId,
    name: `Gemeente ${place}`,
    phone: '14 0591',
    email: null,
    website: `https://www.example.org/${place.toLowerCase()}`,
    visitingAddress: null,
  });
  const site = () => ({
    links: [],
    usefulLinks: [
      { __typename: 'Link', id: 'l1', label: 'Gemeente Zuiderveen', url: 'https://www.example.org/zuiderveen' },
      { __typename: 'Link', id: 'l2', label: 'Gemeente Noorderhaven', url: 'https://www.example.org/noorderhaven' },
      { __typename: 'Link', id: 'l3', label: 'Hulp bij geldzaken', url: 'https://www.example.org/geldzaken' },
    ],
    publicSettings: {
      __typename: 'PublicSettings',
      platformName: 'Gemeentewinkel',
      primaryColor: null,
      logoUrl: null,
      logoWidth: null,
      logoHeight: null,
      municipalities: [contact('nh', 'Noorderhaven'), contact('zv', 'Zuiderveen')],
    },
  });
  const names = (footer: HTMLElement) =>
    within(within(footer).getByRole('region', { name: 'Contact met de gemeente' }))
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
  const useful = (footer: HTMLElement) =>
    within(within(footer).getByRole('navigation', { name: 'Handige links' }))
      .getAllByRole('link')
      .map((a) => a.textContent);

  it('a visitor: every municipality of the platform', async () => {
    renderApp('/hoe-werkt-het', { kind: 'ANONYMOUS' }, { PublicSite: site });
    const footer = await screen.findByRole('contentinfo');
    expect(screen.getByRole('banner').textContent).toContain('Gemeente Noorderhaven en Gemeente Zuiderveen');
    expect(names(footer)).toEqual(['Gemeente Noorderhaven', 'Gemeente Zuiderveen']);
    // The municipalities' websites are in their contact details already.
    expect(useful(footer)).toEqual(['Hulp bij geldzaken']);
  });

  it('a resident of Zuiderveen: Zuiderveen only, no link to Noorderhaven’s website', async () => {
    renderApp('/hoe-werkt-het', { kind: 'CUSTOMER', municipalityIds: ['zv'] }, { PublicSite: site });
    const footer = await screen.findByRole('contentinfo');
    const header = screen.getByRole('banner');
    expect(header.textContent).toContain('Gemeente Zuiderveen');
    expect(header.textContent).not.toContain('Noorderhaven');
    expect(names(footer)).toEqual(['Gemeente Zuiderveen']);
    expect(useful(footer)).toEqual(['Hulp bij geldzaken']);
    expect(footer.textContent).not.toContain('Noorderhaven');
  });

  it('a resident of Noorderhaven: Noorderhaven only', async () => {
    renderApp('/hoe-werkt-het', { kind: 'CUSTOMER', municipalityIds: ['nh'] }, { PublicSite: site });
    const footer = await screen.findByRole('contentinfo');
    expect(screen.getByRole('banner').textContent).not.toContain('Zuiderveen');
    expect(names(footer)).toEqual(['Gemeente Noorderhaven']);
    expect(footer.textContent).not.toContain('Zuiderveen');
  });
});
