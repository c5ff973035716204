import { useFilters } from '@/components/lists';
import { Page } from '@/components/layout/Page';
import { urls } from '@/lib/urls';
import { AdminOrderList, adminOrderFilters } from './AdminOrderList';

/** The server's CSV export of the staff order list (orders-export.routes.ts), with the list's filters. */
const ORDERS_EXPORT_PATH = '/api/admin/bestellingen.csv';

/** /admin/bestellingen: every order within the staff member's municipalities, searchable, and exported as CSV. */
export default function OrdersScreen() {
  const [values, , state] = useFilters(adminOrderFilters);
  const query = new URLSearchParams(
    Object.entries(values).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && !!entry[1]),
  ).toString();
  return (
    <Page
      title="Bestellingen"
      lead="Alle bestellingen in uw gemeenten, de nieuwste eerst. Zoek op bestelnummer of filter op status, aanbieder en periode."
    >
      <p>
        <a
          className="gw-button gw-button--secondary"
          href={query ? `${ORDERS_EXPORT_PATH}?${query}` : ORDERS_EXPORT_PATH}
          download
        >
          {state.active ? 'Gevonden bestellingen exporteren (CSV)' : 'Alle bestellingen exporteren (CSV)'}
        </a>
      </p>
      <AdminOrderList orderUrl={urls.admin.order} />
    </Page>
  );
}
