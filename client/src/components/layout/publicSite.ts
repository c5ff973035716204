import { useQuery } from '@apollo/client/react';
import { graphql } from '../../graphql/generated';

/**
 * What the public header and footer show about the platform (instellingen/algemeen and /admin/beheer/links): the
 * platform's name, its municipalities with their contact details, and the managed links of both places. One query for both,
 * so a page asks the server once.
 */
export const PublicSiteDocument = graphql(`
  query PublicSite {
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

/** "Gemeente A", "Gemeente A en Gemeente B", "Gemeente A, Gemeente B en Gemeente C". */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} en ${names[names.length - 1]}`;
}
