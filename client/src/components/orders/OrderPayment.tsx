import { getFragmentData, graphql, type FragmentType } from '../../graphql/generated';
import type { OrderPayment_OrderFragment as Order } from '../../graphql/generated/graphql';
import { Money } from '../money/Money';
import { DataTable } from '../ui/DataTable';

/** What the payment block needs of an order; select `...OrderPayment_order` in the screen's query. */
export const OrderPaymentFragment = graphql(`
  fragment OrderPayment_order on Order {
    status
    totalCents
    budgetCents
    contributionCents
    allocations {
      assignmentId
      arrangementName
      amountCents
    }
    events {
      fromStatus
      toStatus
    }
  }
`);

/** Was the own contribution paid? Then the order left AWAITING_PAYMENT for PLACED at some point. */
export function contributionPaid(order: {
  contributionCents: number;
  events: readonly { fromStatus?: string | null; toStatus: string }[];
}): boolean {
  return (
    order.contributionCents > 0 &&
    order.events.some((e) => e.fromStatus === 'AWAITING_PAYMENT' && e.toStatus === 'PLACED')
  );
}

/** "(betaald)", "(nog niet betaald)", …: the state of the own contribution, as staff read it. */
function contributionState(order: Order): string {
  if (order.contributionCents === 0) return '';
  const paid = contributionPaid(order);
  if (order.status === 'CANCELLED') return paid ? ' (terugbetaald)' : ' (niet betaald)';
  return paid ? ' (betaald)' : ' (nog niet betaald)';
}

/**
 * How an order is paid: the budget per arrangement (regeling), the own contribution and the total. The customer reads
 * it in their own words (what is still to pay, what comes back); staff (the order and person screens) see whether the
 * contribution was paid or refunded and what went back to the arrangement.
 */
export function OrderPayment({
  order: masked,
  perspective,
}: {
  order: FragmentType<typeof OrderPaymentFragment>;
  perspective: 'customer' | 'staff';
}) {
  const order = getFragmentData(OrderPaymentFragment, masked);
  const cancelled = order.status === 'CANCELLED';
  const customer = perspective === 'customer';
  const contributionNote = customer
    ? order.contributionCents > 0 && order.status === 'AWAITING_PAYMENT'
      ? ' (nog te betalen)'
      : ''
    : contributionState(order);
  return (
    <>
      <DataTable
        caption={customer ? 'Zo is de bestelling betaald' : 'Betaling per regeling'}
        headers={['Betaald met', { label: 'Bedrag', numeric: true }]}
        footer={
          <tr>
            <th scope="row">Totaal</th>
            <td className="gw-num">
              <strong>
                <Money cents={order.totalCents} />
              </strong>
            </td>
          </tr>
        }
      >
        {order.allocations.map((a) => (
          <tr key={a.assignmentId}>
            <th scope="row">
              Tegoed: {a.arrangementName}
              {cancelled && !customer ? ' (teruggezet)' : ''}
            </th>
            <td className="gw-num">
              <Money cents={a.amountCents} />
            </td>
          </tr>
        ))}
        <tr>
          <th scope="row">Eigen bijdrage{contributionNote}</th>
          <td className="gw-num">
            <Money cents={order.contributionCents} />
          </td>
        </tr>
      </DataTable>
      {customer && cancelled && order.budgetCents > 0 ? (
        <p>
          De bestelling is geannuleerd: het tegoed staat weer op uw regeling
          {order.contributionCents > 0 ? ' en een betaalde eigen bijdrage betalen wij aan u terug' : ''}.
        </p>
      ) : null}
    </>
  );
}
