import { useContext } from 'react';
import { Link } from 'react-router';
import { Page } from '../components/layout/Page';
import { ServerHeadContext } from '../lib/serverRender';
import { urls } from '../lib/urls';

/** "Pagina niet gevonden": the catch-all route, and rendered in place for unknown ids (HTTP 404 from the server). */
export default function NotFoundScreen() {
  const serverHead = useContext(ServerHeadContext);
  if (serverHead) serverHead.status = 404;
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
