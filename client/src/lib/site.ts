/** The product name shown in the header and after every page title. */
export const SITE_NAME = 'Gemeentewinkel';

/** "<Paginatitel> | Gemeentewinkel" */
export function documentTitle(pageTitle: string): string {
  return pageTitle && pageTitle !== SITE_NAME ? `${pageTitle} | ${SITE_NAME}` : SITE_NAME;
}
