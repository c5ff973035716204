import { useQuery } from '@apollo/client/react';
import { useParams } from 'react-router';
import { Page } from '@/components/layout/Page';
import { graphql } from '@/graphql/generated';
import { urls } from '@/lib/urls';
import { AdminOrderList } from '../../bestellingen/AdminOrderList';

const ProviderNameDocument = graphql(`
  query AdminOrderProviderName {
    adminOrderProviders {
      id
      name
    }
  }
`);

/** /admin/aanbieders/:providerId/bestellingen: one provider's orders within the staff member's municipalities. */
export default function ProviderOrdersScreen() {
  const { providerId = '' } = useParams();
  const { data } = useQuery(ProviderNameDocument);
  const name = data?.adminOrderProviders.find((p) => p.id === providerId)?.name;
  return (
    <Page
      title={name ? `Bestellingen van ${name}` : 'Bestellingen van de aanbieder'}
      crumb="Bestellingen"
      lead="Alle bestellingen bij deze aanbieder in uw gemeenten, de nieuwste eerst."
    >
      <AdminOrderList providerId={providerId} orderUrl={(orderId) => urls.admin.providerOrder(providerId, orderId)} />
    </Page>
  );
}
