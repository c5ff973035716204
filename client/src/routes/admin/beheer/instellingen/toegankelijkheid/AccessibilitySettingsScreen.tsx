import { ContentPageEditor } from '@/components/content/ContentPageEditor';
import { Page } from '@/components/layout/Page';
import { urls } from '@/lib/urls';

/**
 * /admin/beheer/instellingen/toegankelijkheid: the accessibility statement at /toegankelijkheid. The introduction is
 * free text; status, review, known problems and contact are fields, shown in the structure of the model statement.
 */
export default function AccessibilitySettingsScreen() {
  return (
    <Page
      title="Toegankelijkheid"
      lead="De toegankelijkheidsverklaring op /toegankelijkheid, volgens de modelverklaring: een inleiding, de status, het laatste onderzoek, de bekende problemen en de contactgegevens."
    >
      <ContentPageEditor
        page="ACCESSIBILITY"
        name="de toegankelijkheidsverklaring"
        publicUrl={urls.accessibility()}
        id="toegankelijkheid"
      />
    </Page>
  );
}
