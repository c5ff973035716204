/** Builds absolute links for e-mails from APP_URL. */
export function appLink(appUrl: string, path: string): string {
  return new URL(path, appUrl.endsWith('/') ? appUrl : `${appUrl}/`).toString();
}
