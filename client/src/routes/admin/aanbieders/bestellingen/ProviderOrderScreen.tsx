import { useParams } from 'react-router';
import { urls } from '@/lib/urls';
import { AdminOrderDetail } from '../../bestellingen/AdminOrderDetail';

/** /admin/aanbieders/:providerId/bestellingen/:orderId */
export default function ProviderOrderScreen() {
  const { providerId = '', orderId = '' } = useParams();
  return <AdminOrderDetail orderId={orderId} providerId={providerId} backTo={urls.admin.providerOrders(providerId)} />;
}
