import { useParams } from 'react-router';
import { urls } from '@/lib/urls';
import { AdminOrderDetail } from './AdminOrderDetail';

/** /admin/bestellingen/:orderId */
export default function OrderScreen() {
  const { orderId = '' } = useParams();
  return <AdminOrderDetail orderId={orderId} backTo={urls.admin.orders()} />;
}
