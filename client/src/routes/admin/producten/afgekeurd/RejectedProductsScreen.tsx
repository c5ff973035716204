import { Link } from 'react-router';
import { Page } from '../../../../components/layout/Page';
import { ReviewProductList } from '../../../../components/products/ReviewProductList';
import { urls } from '../../../../lib/urls';

/** Rejected products with their reasons, most recently rejected first. */
export default function RejectedProductsScreen() {
  return (
    <Page title="Afgekeurde producten" lead="Producten die zijn afgekeurd, met de reden die de aanbieder ziet. De aanbieder kan ze aanpassen en opnieuw indienen.">
      <p>
        <Link to={urls.admin.products()}>Terug naar de te beoordelen producten</Link>
      </p>
      <ReviewProductList status="REJECTED" caption="Afgekeurde producten" empty="Er zijn geen afgekeurde producten." dateColumn="reviewed" showReason />
    </Page>
  );
}
