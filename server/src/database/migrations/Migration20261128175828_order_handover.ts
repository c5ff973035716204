import { Migration } from '@mikro-orm/migrations';

/**
 * A hand-over is proven by the resident (issue 24). Until now a provider could mark any order delivered, and be paid
 * for it, without the resident's card or code, and nothing recorded how an order was handed over.
 *
 * - customer_order.redemption_method: the order's way of delivery, copied at checkout from its products (the
 *   strictest of its lines: one line to collect makes the order a counter hand-over), so a provider who later changes
 *   a product to "bezorgen" does not change how an order already placed must be handed over. Existing orders get it
 *   from their products as they are now (the best there is); an order without lines counts as picked up.
 * - order_event.handover_method: on every step to DELIVERED, how it was handed over (at the counter with the card or
 *   the pickup code, or sent by the provider without either). Deliveries recorded before this migration are
 *   honestly UNKNOWN ("onbekend (vóór registratie)"). The database holds the rule that a step to DELIVERED says how,
 *   and no other step does.
 */
export class Migration20261128175828_order_handover extends Migration {
  override up(): void {
    this.addSql(`alter table customer_order add column redemption_method text not null default 'PICKUP'
      constraint customer_order_redemption_method_check check (redemption_method in ('PICKUP','DELIVERY','VOUCHER_CODE'));`);
    this.addSql(`update customer_order o set redemption_method = m.method
      from (select l.order_id,
                   case when bool_and(p.redemption_method = 'DELIVERY') then 'DELIVERY'
                        when bool_and(p.redemption_method <> 'PICKUP') then 'VOUCHER_CODE'
                        else 'PICKUP' end as method
              from order_line l join product p on p.id = l.product_id
             group by l.order_id) m
     where m.order_id = o.id and o.redemption_method is distinct from m.method;`);

    this.addSql(`alter table order_event add column handover_method text
      constraint order_event_handover_method_check
        check (handover_method in ('COUNTER_CARD','COUNTER_PICKUP_CODE','SENT_BY_PROVIDER','UNKNOWN'));`);
    this.addSql(`update order_event set handover_method = 'UNKNOWN' where to_status = 'DELIVERED';`);
    this.addSql(`alter table order_event add constraint order_event_delivered_handover_check
      check ((to_status = 'DELIVERED') = (handover_method is not null));`);
  }
}
