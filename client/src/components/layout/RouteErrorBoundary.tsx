import { useEffect } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { reportError } from '../../lib/monitoring';
import { SITE_NAME } from '../../lib/site';
import { urls } from '../../lib/urls';
import NotFoundScreen from '../../routes/NotFoundScreen';
import { Page } from './Page';
import { MAIN_ID, SkipLink } from './SkipLink';

function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(error.message)
  );
}

function ErrorContent() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;

  useEffect(() => {
    if (!notFound) reportError(error);
  }, [error, notFound]);

  if (notFound) return <NotFoundScreen />;

  return (
    <Page title="Er ging iets mis" hideBreadcrumbs>
      <div className="gw-prose">
        <div className="gw-alert gw-alert--error" role="alert">
          <p>
            {isChunkLoadError(error)
              ? 'Er is een nieuwe versie van deze website. Laad de pagina opnieuw om verder te gaan.'
              : 'Er ging iets mis bij het tonen van deze pagina. Het probleem is aan ons gemeld.'}
          </p>
        </div>
        <p>Probeer de pagina opnieuw te laden. Lukt het dan nog niet? Probeer het later nog eens.</p>
        <div className="gw-actions">
          <button type="button" className="gw-button" onClick={() => window.location.reload()}>
            Pagina opnieuw laden
          </button>
          <Link to={urls.home()}>Naar de startpagina</Link>
        </div>
      </div>
    </Page>
  );
}

/** Error boundary inside a layout: the header and navigation stay, the content explains. */
export function ScreenErrorBoundary() {
  return <ErrorContent />;
}

/** Last-resort boundary (the layout itself failed): a minimal page with its own landmarks. */
export function RootErrorBoundary() {
  return (
    <div className="gw-shell">
      <SkipLink />
      <header className="gw-header">
        <div className="gw-container gw-header__inner">
          <a className="gw-logo" href={urls.home()}>
            {SITE_NAME}
          </a>
        </div>
      </header>
      <main id={MAIN_ID} tabIndex={-1} className="gw-shell__main">
        <div className="gw-container">
          <ErrorContent />
        </div>
      </main>
    </div>
  );
}
