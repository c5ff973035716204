import { useMutation, useQuery } from '@apollo/client/react';
import {
  COUNTER_HANDOVER_HINT,
  HANDOVER_LABEL,
  needsResidentProof,
  REDEMPTION_LABEL,
  SEND_ACTION_LABEL,
} from '@rules/handover';
import { ORDER_REASON_LIMITS, orderReasonRules } from '@rules/order';
import { Link, useParams } from 'react-router';
import { ReasonDisclosure } from '@/components/forms/ReasonDisclosure';
import { ruleCheck } from '@/components/forms/ruleCheck';
import { useMutationForm } from '@/components/forms/useMutationForm';
import { Page } from '@/components/layout/Page';
import { Money } from '@/components/money/Money';
import { AcceptOrderDocument, DeliverOrderDocument, RejectOrderDocument } from '@/components/orders/orderActions';
import { OrderLinesTable } from '@/components/orders/OrderLinesTable';
import { OrderSummary } from '@/components/orders/OrderSummary';
import { OrderTimeline } from '@/components/orders/OrderTimeline';
import '@/components/orders/orderWork.css';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import { graphql } from '@/graphql/generated';
import type { ProviderOrderQuery } from '@/graphql/generated/graphql';
import { useShowNotice } from '@/lib/notice';
import { urls } from '@/lib/urls';

const ProviderOrderDocument = graphql(`
  query ProviderOrder($id: ID!) {
    order(id: $id) {
      id
      number
      status
      totalCents
      budgetCents
      contributionCents
      redemptionMethod
      handoverMethod
      customerFirstName
      ...OrderSummary_order
      ...OrderLinesTable_order
      ...OrderTimeline_order
    }
  }
`);

type Order = NonNullable<ProviderOrderQuery['order']>;

const checkReason = ruleCheck({ reason: orderReasonRules.reject });

/**
 * One of the provider's orders: what was ordered, by whom (first name), how it is delivered, the timeline and the
 * actions. An order the customer collects is handed over at the counter (kassa-app) with the customer's card or pickup
 * code, never here: this screen says so and links there. Only an order that is sent has "Markeren als verzonden".
 * The pickup code is the customer's proof and is never shown to the provider.
 */
export default function OrderScreen() {
  const { orderId = '' } = useParams();
  const query = useQuery(ProviderOrderDocument, { variables: { id: orderId } });
  return (
    // Orders waiting for the own contribution have not reached the provider yet.
    <QueryBoundary
      query={query}
      select={(d) => (d.order?.status === 'AWAITING_PAYMENT' ? null : d.order)}
      title="Bestelling"
      errorMessage="Deze bestelling kon niet worden geladen."
    >
      {(order) => <ProviderOrder order={order} />}
    </QueryBoundary>
  );
}

function ProviderOrder({ order }: { order: Order }) {
  const showNotice = useShowNotice();
  const refetchQueries = ['ProviderOrders'];
  const [accept] = useMutation(AcceptOrderDocument, { refetchQueries });
  const [deliver] = useMutation(DeliverOrderDocument, { refetchQueries });
  const [reject] = useMutation(RejectOrderDocument, { refetchQueries });
  const variables = { id: order.id };
  const actions = useMutationForm({
    id: 'behandelen',
    fields: [],
    mutate: async (_values, data) => {
      const accepting = data.get('action') === 'accept';
      const payload = accepting
        ? (await accept({ variables })).data?.acceptOrder
        : (await deliver({ variables })).data?.deliverOrder;
      const notice = accepting
        ? 'U heeft de bestelling geaccepteerd. De klant krijgt hiervan een e-mail.'
        : 'De bestelling is als verzonden gemeld. De klant krijgt hiervan een e-mail.';
      return payload && { ...payload, notice };
    },
    onSuccess: (payload) => showNotice(payload.notice),
  });
  const rejection = useMutationForm({
    id: 'afwijzen',
    fields: ['reason'],
    check: checkReason,
    mutate: async ({ reason }) => (await reject({ variables: { id: order.id, reason } })).data?.rejectOrder,
    onSuccess: () =>
      showNotice(
        'U heeft de bestelling afgewezen. Het tegoed gaat terug naar de klant en de klant krijgt een e-mail met uw reden.',
      ),
  });
  const busy = actions.busy || rejection.busy;
  const open = order.status === 'PLACED' || order.status === 'ACCEPTED';
  const atCounter = needsResidentProof(order.redemptionMethod);
  const act = (action: 'accept' | 'deliver') => {
    const data = new FormData();
    data.set('action', action);
    void actions.submit(data);
  };

  return (
    <Page title={`Bestelling ${order.number}`} crumb={order.number}>
      {actions.summary}
      <OrderSummary order={order} provider="none">
        <dt>Klant</dt>
        <dd>{order.customerFirstName ?? 'Onbekend'}</dd>
        <dt>Levering</dt>
        <dd>{REDEMPTION_LABEL[order.redemptionMethod]}</dd>
        {order.handoverMethod ? (
          <>
            <dt>Overdracht</dt>
            <dd>{HANDOVER_LABEL[order.handoverMethod]}</dd>
          </>
        ) : null}
      </OrderSummary>

      <OrderLinesTable
        order={order}
        caption="Bestelde producten"
        footer={
          <tr>
            <th scope="row" colSpan={3}>
              Totaal (uit tegoed <Money cents={order.budgetCents} />, eigen bijdrage{' '}
              <Money cents={order.contributionCents} />)
            </th>
            <td className="gw-num">
              <strong>
                <Money cents={order.totalCents} />
              </strong>
            </td>
          </tr>
        }
      />

      {open ? (
        <section aria-labelledby="behandelen-kop">
          <h2 id="behandelen-kop">Bestelling behandelen</h2>
          {atCounter ? (
            <p>
              {COUNTER_HANDOVER_HINT} <Link to={urls.provider.app()}>Naar de kassa-app</Link>
            </p>
          ) : null}
          {order.status === 'PLACED' || !atCounter ? (
            <div className="gw-actions">
              {order.status === 'PLACED' ? (
                <button type="button" className="gw-button" disabled={busy} onClick={() => act('accept')}>
                  Accepteren
                </button>
              ) : null}
              {atCounter ? null : (
                <button
                  type="button"
                  className={order.status === 'PLACED' ? 'gw-button gw-button--secondary' : 'gw-button'}
                  disabled={busy}
                  onClick={() => act('deliver')}
                >
                  {SEND_ACTION_LABEL}
                </button>
              )}
            </div>
          ) : null}
          <ReasonDisclosure
            form={rejection}
            label="Afwijzen…"
            accessibleLabel="Bestelling afwijzen…"
            fieldLabel="Reden van afwijzen"
            hint="Kunt u de bestelling niet leveren? Wijs haar af met een reden. De klant ziet deze reden en krijgt het tegoed terug."
            maxLength={ORDER_REASON_LIMITS.max}
            confirmLabel="Bestelling afwijzen"
            disabled={busy}
          />
        </section>
      ) : null}

      <h2>Verloop</h2>
      <OrderTimeline order={order} perspective="provider" />
    </Page>
  );
}
