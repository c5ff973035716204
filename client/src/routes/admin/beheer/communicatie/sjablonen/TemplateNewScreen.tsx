import { Link } from 'react-router';
import { Page } from '@/components/layout/Page';
import { urls } from '@/lib/urls';

/**
 * /admin/beheer/communicatie/sjablonen/nieuw: every template belongs to something the application sends (a key with
 * its own variables), so templates come with the application; staff change their texts.
 */
export default function TemplateNewScreen() {
  return (
    <Page title="Nieuw sjabloon">
      <p>
        Elk sjabloon hoort bij een e-mail of bericht dat de Gemeentewinkel zelf verstuurt, met de variabelen die daarbij
        horen. Daarom maakt u geen nieuwe sjablonen, maar past u de tekst van een bestaand sjabloon aan.
      </p>
      <p>
        <Link to={urls.admin.beheer.templates()}>Naar de sjablonen</Link>
      </p>
    </Page>
  );
}
