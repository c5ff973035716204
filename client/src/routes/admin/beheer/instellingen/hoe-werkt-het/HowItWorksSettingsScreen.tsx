import { ContentPageEditor } from '@/components/content/ContentPageEditor';
import { Page } from '@/components/layout/Page';
import { urls } from '@/lib/urls';

/** /admin/beheer/instellingen/hoe-werkt-het: the explanation shown at /hoe-werkt-het. */
export default function HowItWorksSettingsScreen() {
  return (
    <Page title="Hoe werkt het" lead="De uitleg voor inwoners op /hoe-werkt-het.">
      <ContentPageEditor page="HOW_IT_WORKS" name="de uitleg" publicUrl={urls.howItWorks()} id="uitleg" />
    </Page>
  );
}
