import { ContentPageEditor } from '@/components/content/ContentPageEditor';
import { Page } from '@/components/layout/Page';
import { urls } from '@/lib/urls';

/** /admin/beheer/instellingen/privacybeleid: the privacy statement shown at /privacy. */
export default function PrivacySettingsScreen() {
  return (
    <Page
      title="Privacybeleid"
      lead="De privacyverklaring op /privacy. Onder de tekst noemt de pagina vanzelf elke aangesloten gemeente als verwerkingsverantwoordelijke."
    >
      <ContentPageEditor page="PRIVACY" name="de privacyverklaring" publicUrl={urls.privacy()} id="privacy" />
    </Page>
  );
}
