import { Link } from 'react-router';
import { Page } from '../components/layout/Page';
import { urls } from '../lib/urls';

/** "Pagina niet gevonden": the catch-all route, and rendered in place for unknown ids. */
export default function NotFoundScreen() {
  return (
    <Page title="Pagina niet gevonden" hideBreadcrumbs>
      <div className="gw-prose">
        <p>
          De pagina die u zoekt bestaat niet (meer). Misschien is het adres verkeerd getypt, of is de pagina verplaatst
          of verwijderd.
        </p>
        <p>U kunt verder op een van deze pagina’s:</p>
        <ul>
          <li>
            <Link to={urls.home()}>Naar de startpagina</Link>
          </li>
          <li>
            <Link to={urls.catalogue()}>Bekijk het aanbod</Link>
          </li>
        </ul>
      </div>
    </Page>
  );
}
