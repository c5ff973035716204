import { formatDateTime } from '../dates/formatDate';
import { orderEventLabel, type OrderEventLike, type OrderPerspective } from './orderStatus';
import './orders.css';

export interface OrderTimelineEvent extends OrderEventLike {
  /** ISO date-time of the change. */
  at: string;
}

interface OrderTimelineProps {
  /** Oldest first, as the API returns them. */
  events: readonly OrderTimelineEvent[];
  /** Whose words: "door u" for the customer (default), the provider or staff. */
  perspective?: OrderPerspective;
  /** The heading level of the list's title is the caller's; this labels the list for screen readers. */
  label?: string;
}

/**
 * An order's history as an ordered list, oldest first: what happened, when (Europe/Amsterdam) and why.
 * Usable for customers, providers and staff (`perspective`).
 */
export function OrderTimeline({ events, perspective = 'customer', label = 'Verloop van de bestelling' }: OrderTimelineProps) {
  if (events.length === 0) return <p className="gw-muted">Er is nog niets met deze bestelling gebeurd.</p>;
  return (
    <ol className="gw-timeline" aria-label={label}>
      {events.map((event, index) => (
        <li key={`${event.at}-${index}`} className={`gw-timeline__item gw-timeline__item--${event.toStatus.toLowerCase()}`}>
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
