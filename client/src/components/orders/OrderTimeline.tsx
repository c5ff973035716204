import { getFragmentData, graphql, type FragmentType } from '../../graphql/generated';
import { formatDateTime } from '../dates/formatDate';
import { orderEventLabel, type OrderPerspective } from './orderStatus';
import './orders.css';

/** What the timeline needs of an order; select `...OrderTimeline_order` in the screen's query (and in a mutation that changes it). */
export const OrderTimelineFragment = graphql(`
  fragment OrderTimeline_order on Order {
    events {
      fromStatus
      toStatus
      actorKind
      reason
      handoverMethod
      at
    }
  }
`);

interface OrderTimelineProps {
  order: FragmentType<typeof OrderTimelineFragment>;
  /** Whose words: "door u" for the customer (default), the provider or staff. */
  perspective?: OrderPerspective;
  /** The heading level of the list's title is the caller's; this labels the list for screen readers. */
  label?: string;
}

/**
 * An order's history as an ordered list, oldest first: what happened, when (Europe/Amsterdam) and why.
 * The one timeline of the customer, provider, staff and person order screens (`perspective`).
 */
export function OrderTimeline({
  order,
  perspective = 'customer',
  label = 'Verloop van de bestelling',
}: OrderTimelineProps) {
  const { events } = getFragmentData(OrderTimelineFragment, order);
  if (events.length === 0) return <p className="gw-muted">Er is nog niets met deze bestelling gebeurd.</p>;
  return (
    <ol className="gw-timeline" aria-label={label}>
      {events.map((event, index) => (
        <li
          key={`${event.at}-${index}`}
          className={`gw-timeline__item gw-timeline__item--${event.toStatus.toLowerCase()}`}
        >
          <p className="gw-timeline__what">{orderEventLabel(event, perspective)}</p>
          <p className="gw-timeline__when">
            <time dateTime={event.at}>{formatDateTime(event.at)}</time>
          </p>
          {event.reason ? <p className="gw-timeline__why">Reden: {event.reason}</p> : null}
        </li>
      ))}
    </ol>
  );
}
