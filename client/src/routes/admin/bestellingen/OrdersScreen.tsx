import { Page } from '../../../components/layout/Page';
import { urls } from '../../../lib/urls';
import { AdminOrderList } from './AdminOrderList';

/** /admin/bestellingen: every order within the staff member's municipalities, searchable. */
export default function OrdersScreen() {
  return (
    <Page
      title="Bestellingen"
      lead="Alle bestellingen in uw gemeenten, de nieuwste eerst. Zoek op bestelnummer of filter op status, aanbieder en periode."
    >
      <AdminOrderList orderUrl={urls.admin.order} />
    </Page>
  );
}
