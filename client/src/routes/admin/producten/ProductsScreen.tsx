import { Link } from 'react-router';
import { Page } from '../../../components/layout/Page';
import { ReviewProductList } from '../../../components/products/ReviewProductList';
import { urls } from '../../../lib/urls';

/** The review queue: submitted products within the staff member's municipalities, oldest first. */
export default function ProductsScreen() {
  return (
    <Page title="Producten" lead="Ingediende producten die op beoordeling wachten, de oudste eerst.">
      <p>
        <Link to={urls.admin.rejectedProducts()}>Afgekeurde producten bekijken</Link>
      </p>
      <ReviewProductList
        status="SUBMITTED"
        caption="Te beoordelen producten"
        empty="Er wachten geen producten op beoordeling."
        dateColumn="submitted"
      />
    </Page>
  );
}
