/**
 * The schema changelog (issue 13): every breaking change to the API since the released schema
 * (schema/released.graphql) is recorded here, with the date and the reason, before it may be merged. The API
 * documentation (/admin/beheer/api/documentatie) shows these entries to partner developers.
 *
 * How a breaking change is matched: `path` is @graphql-inspector's path of the change (for example
 * `Query.orders` or `OrderFilter.status`), or, when a change has no path, `change` equals its message.
 * Non-breaking additions need no entry (adding one is welcome). After a release (`npm run schema:release`) old
 * entries stay: they are the history partners read.
 */
export interface SchemaChangelogEntry {
  /** The day of the change, YYYY-MM-DD. */
  date: string;
  /** What changed, in English (the change's message from @graphql-inspector is fine). */
  change: string;
  /** Why, and what a partner should do instead. */
  reason: string;
  /** The changed schema coordinate, as @graphql-inspector reports it (`Type.field`, `Type.field.arg`). */
  path?: string;
}

export const SCHEMA_CHANGELOG: readonly SchemaChangelogEntry[] = [
  {
    date: '2026-11-24',
    change: 'Schema released: the first version of the API partners may rely on (schema/released.graphql).',
    reason:
      'From now on a breaking change (a removed field, a narrowed type, a new required argument) is recorded here with its reason.',
  },
  {
    date: '2026-11-28',
    change:
      'Order.pickupCode is null for providers (only the household reads it); deliverOrder is refused (HANDOVER_AT_COUNTER) for an order the customer collects; new: deliverAtCounter, Order.redemptionMethod, Order.handoverMethod, OrderEvent.handoverMethod, PayoutLine.orders.',
    reason:
      'A hand-over is proven by the resident (issue 24): an order the customer collects (redemptionMethod PICKUP or VOUCHER_CODE) becomes DELIVERED only with deliverAtCounter and the customer’s card number or pickup code; deliverOrder marks an order that is sent (DELIVERY). Not a breaking change of the schema’s shape: recorded because the behaviour changed.',
  },
];
