import { useMutation, useQuery } from '@apollo/client/react';
import { HANDOVER_LABEL, REDEMPTION_LABEL } from '@rules/handover';
import { ORDER_REASON_LIMITS, orderReasonRules } from '@rules/order';
import { Link } from 'react-router';
import { ReasonDisclosure } from '@/components/forms/ReasonDisclosure';
import { ruleCheck } from '@/components/forms/ruleCheck';
import { useMutationForm } from '@/components/forms/useMutationForm';
import { Page } from '@/components/layout/Page';
import { formatCents } from '@/components/money/formatCents';
import { Money } from '@/components/money/Money';
import { CancelOrderDocument } from '@/components/orders/orderActions';
import { OrderLinesTable } from '@/components/orders/OrderLinesTable';
import { contributionPaid, OrderPayment } from '@/components/orders/OrderPayment';
import { OrderSummary } from '@/components/orders/OrderSummary';
import { OrderTimeline } from '@/components/orders/OrderTimeline';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import { graphql } from '@/graphql/generated';
import type { AdminOrderQuery } from '@/graphql/generated/graphql';
import { useShowNotice } from '@/lib/notice';
import { hasPermission, useViewer } from '@/lib/viewer';

const AdminOrderDocument = graphql(`
  query AdminOrder($id: ID!) {
    adminOrder(id: $id) {
      id
      number
      status
      providerId
      customerFirstName
      placedOnBehalf
      onBehalfReason
      budgetCents
      contributionCents
      redemptionMethod
      handoverMethod
      events {
        fromStatus
        toStatus
      }
      ...OrderSummary_order
      ...OrderLinesTable_order
      ...OrderPayment_order
      ...OrderTimeline_order
    }
  }
`);

type Order = NonNullable<AdminOrderQuery['adminOrder']>;

const checkReason = ruleCheck({ reason: orderReasonRules.staffCancel });

interface AdminOrderDetailProps {
  orderId: string;
  /** On the provider's orders screen: the order must be this provider's. */
  providerId?: string;
  /** The list to go back to. */
  backTo: string;
}

/** One order for staff: details, payment per arrangement, timeline, and cancelling with refund (ORDER_CANCEL). */
export function AdminOrderDetail({ orderId, providerId, backTo }: AdminOrderDetailProps) {
  const query = useQuery(AdminOrderDocument, { variables: { id: orderId } });
  return (
    <QueryBoundary
      query={query}
      select={(d) => (d.adminOrder && (!providerId || d.adminOrder.providerId === providerId) ? d.adminOrder : null)}
      title="Bestelling"
      errorMessage="Deze bestelling kon niet worden geladen."
    >
      {(order) => <AdminOrder order={order} inProvider={Boolean(providerId)} backTo={backTo} />}
    </QueryBoundary>
  );
}

function AdminOrder({ order, inProvider, backTo }: { order: Order; inProvider: boolean; backTo: string }) {
  const { viewer } = useViewer();
  const showNotice = useShowNotice();
  const [cancel] = useMutation(CancelOrderDocument, { refetchQueries: ['AdminOrders'] });
  const form = useMutationForm({
    id: 'annuleren',
    fields: ['reason'],
    check: checkReason,
    mutate: async ({ reason }) => (await cancel({ variables: { id: order.id, reason } })).data?.cancelOrder,
    onSuccess: ({ refundCents }) =>
      showNotice(
        `De bestelling is geannuleerd. Het tegoed van ${formatCents(order.budgetCents)} staat weer op de regeling van de klant` +
          (refundCents > 0 ? ` en de eigen bijdrage van ${formatCents(refundCents)} wordt terugbetaald.` : '.') +
          ' De klant krijgt hiervan een e-mail.',
      ),
  });
  const mayCancel = hasPermission(viewer, 'ORDER_CANCEL') && (order.status === 'PLACED' || order.status === 'ACCEPTED');
  const refundable = contributionPaid(order) ? order.contributionCents : 0;

  return (
    <Page title={`Bestelling ${order.number}`} crumb={order.number}>
      <OrderSummary order={order} provider={inProvider ? 'text' : 'link'}>
        <dt>Klant (voornaam)</dt>
        <dd>{order.customerFirstName ?? 'Onbekend'}</dd>
        <dt>Levering</dt>
        <dd>{REDEMPTION_LABEL[order.redemptionMethod]}</dd>
        {order.handoverMethod ? (
          <>
            <dt>Overdracht</dt>
            <dd>{HANDOVER_LABEL[order.handoverMethod]}</dd>
          </>
        ) : null}
        {order.placedOnBehalf ? (
          <>
            <dt>Geplaatst door</dt>
            <dd>De gemeente, namens de inwoner{order.onBehalfReason ? ` — reden: ${order.onBehalfReason}` : ''}</dd>
          </>
        ) : null}
      </OrderSummary>

      <OrderLinesTable order={order} caption="Bestelde producten" />

      <OrderPayment order={order} perspective="staff" />

      <h2>Verloop</h2>
      <OrderTimeline order={order} perspective="staff" />

      {mayCancel ? (
        <section aria-labelledby="annuleren-kop">
          <h2 id="annuleren-kop">Bestelling annuleren</h2>
          <ReasonDisclosure
            form={form}
            label="Annuleren…"
            accessibleLabel="Bestelling annuleren…"
            fieldLabel="Reden van annuleren"
            hint="De klant en de aanbieder zien deze reden."
            maxLength={ORDER_REASON_LIMITS.max}
            confirmLabel="Bestelling annuleren"
          >
            <p>
              Het tegoed van <Money cents={order.budgetCents} /> gaat terug naar de regeling van de klant
              {refundable > 0 ? (
                <>
                  {' '}
                  en de betaalde eigen bijdrage van <Money cents={refundable} /> wordt terugbetaald
                </>
              ) : null}
              . De klant en de aanbieder krijgen bericht.
            </p>
          </ReasonDisclosure>
        </section>
      ) : null}

      <p>
        <Link to={backTo}>Terug naar de bestellingen</Link>
      </p>
    </Page>
  );
}
