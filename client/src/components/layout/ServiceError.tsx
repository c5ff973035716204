import { Page } from './Page';

/** Shown when the server cannot be reached or answers with an error. */
export function ServiceError() {
  return (
    <Page title="Er ging iets mis" hideBreadcrumbs>
      <div className="gw-alert gw-alert--error" role="alert">
        <p>
          Er ging iets mis bij het ophalen van de gegevens. Probeer het over een paar minuten opnieuw. Blijft het
          probleem bestaan? Neem dan contact op met de gemeente.
        </p>
      </div>
      <p>
        <button type="button" className="gw-button gw-button--secondary" onClick={() => window.location.reload()}>
          Pagina opnieuw laden
        </button>
      </p>
    </Page>
  );
}
