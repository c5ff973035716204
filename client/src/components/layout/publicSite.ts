import { useQuery } from '@apollo/client/react';
import { graphql } from '../../graphql/generated';
import type { PublicSiteQuery } from '../../graphql/generated/graphql';

/**
 * What the public header and footer show about the platform (instellingen/algemeen and /admin/beheer/links): the
 * platform's name, its municipalities with their contact details, the managed links of both places, and a logged-in
 * resident's own municipality (the viewer's). One query for both, so a page asks the server once.
 */
export const PublicSiteDocument = graphql(`
  query PublicSite {
    viewer {
      kind
      municipalities {
        id
      }
    }
    links(placement: FOOTER) {
      id
      label
      url
    }
    usefulLinks: links(placement: USEFUL) {
      id
      label
      url
    }
    publicSettings {
      platformName
      primaryColor
      logoUrl
      logoWidth
      logoHeight
      municipalities {
        municipalityId
        name
        phone
        email
        website
        visitingAddress
      }
    }
  }
`);

/**
 * Whether the header's and footer's data is there (or failed): PublicShell waits for it, with the announcements,
 * before it shows a page, so the page does not move when they arrive (cumulative layout shift). main.tsx asks for both
 * at start, beside the first screen's code.
 */
export function usePublicSiteSettled(): boolean {
  const { data, error } = useQuery(PublicSiteDocument);
  return data !== undefined || error !== undefined;
}

/** The header and footer are secondary: while loading or when the query fails they show their fixed parts only. */
export function usePublicSite() {
  return useQuery(PublicSiteDocument).data;
}

export type MunicipalityContact = PublicSiteQuery['publicSettings']['municipalities'][number];

/**
 * The municipalities the header and footer name (`shown`), and the platform's other ones (`others`): a logged-in
 * resident belongs to one municipality and sees that one; everyone else (a visitor, a provider, staff) sees every
 * municipality of the platform.
 */
export function municipalitiesShown(data: PublicSiteQuery | undefined): {
  shown: MunicipalityContact[];
  others: MunicipalityContact[];
} {
  const all = data?.publicSettings.municipalities ?? [];
  const own = new Set(data?.viewer?.kind === 'CUSTOMER' ? data.viewer.municipalities.map((m) => m.id) : []);
  // Not known (yet): every municipality rather than none.
  if (own.size === 0) return { shown: all, others: [] };
  return {
    shown: all.filter((m) => own.has(m.municipalityId)),
    others: all.filter((m) => !own.has(m.municipalityId)),
  };
}

/** "Gemeente A", "Gemeente A en Gemeente B", "Gemeente A, Gemeente B en Gemeente C". */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} en ${names[names.length - 1]}`;
}
