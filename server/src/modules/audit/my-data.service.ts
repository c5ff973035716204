import { Audience } from '../../kernel/permissions.js';
import type { RequestContext } from '../../kernel/request-context.js';
import type { AuditService } from './audit.service.js';

/** A resident's own data as one JSON document (AVG right of access, /account/gegevens). */
export interface MyDataExport {
  format: 'gemeentewinkel-mijn-gegevens';
  version: 1;
  createdAt: string;
  contactDetails: Record<string, unknown>;
  household: Record<string, unknown>;
  assignments: Record<string, unknown>[];
  orders: Record<string, unknown>[];
  messages: Record<string, unknown>[];
}

/**
 * Everything the platform keeps about the logged-in resident and their household, for download: contact details,
 * household, assignments, orders (with lines) and inbox messages. Never the BSN (the resident knows it; it is shown
 * masked elsewhere). The download is audit-logged (`person.data_downloaded`).
 */
export class MyDataService {
  constructor(private readonly audit: AuditService) {}

  async export(ctx: RequestContext): Promise<MyDataExport | null> {
    const viewer = ctx.viewer;
    if (viewer.kind !== Audience.CUSTOMER) return null;
    const em = ctx.em;
    const [person] = await em.execute<Record<string, unknown>[]>(
      `select external_identifier as "clientNumber", first_name as "firstName", last_name as "lastName",
              date_of_birth::text as "dateOfBirth", email, phone, notify_order_status as "emailOnOrderStatus",
              (bsn_hash is not null) as "bsnKnown", created_at as "createdAt"
         from person where id = ? and erased_at is null`,
      [viewer.personId],
    );
    if (!person) return null;
    const [group] = await em.execute<Record<string, unknown>[]>(
      `select g.client_number as "clientNumber", g.name, m.name as municipality
         from client_group g join municipality m on m.id = g.municipality_id where g.id = ?`,
      [viewer.clientGroupId],
    );
    const members = await em.execute<Record<string, unknown>[]>(
      `select first_name as "firstName", last_name as "lastName", date_of_birth::text as "dateOfBirth"
         from person where client_group_id = ? and erased_at is null order by date_of_birth nulls last, last_name, first_name`,
      [viewer.clientGroupId],
    );
    const assignments = await em.execute<Record<string, unknown>[]>(
      `select r.name as arrangement, a.amount_cents as "amountCents", a.valid_from::text as "validFrom",
              a.valid_until::text as "validUntil", a.status, trim(p.first_name || ' ' || p.last_name) as "for",
              coalesce((select sum(e.amount_cents) from ledger_account acc join ledger_entry e on e.account_id = acc.id
                         where acc.kind = 'ASSIGNMENT' and acc.assignment_id = a.id), 0)::int as "balanceCents"
         from assignment a join arrangement r on r.id = a.arrangement_id left join person p on p.id = a.beneficiary_id
        where a.client_group_id = ? order by a.valid_from desc, r.name`,
      [viewer.clientGroupId],
    );
    const orders = await em.execute<Record<string, unknown>[]>(
      `select o.number, o.status, o.total_cents as "totalCents", o.budget_cents as "budgetCents",
              o.contribution_cents as "contributionCents", o.created_at as "createdAt", pr.name as provider,
              coalesce((select json_agg(json_build_object('title', l.title, 'quantity', l.quantity,
                          'unitPriceCents', l.unit_price_cents, 'totalCents', l.total_cents) order by l.title)
                          from order_line l where l.order_id = o.id), '[]') as lines
         from customer_order o join provider pr on pr.id = o.provider_id
        where o.client_group_id = ? order by o.created_at desc`,
      [viewer.clientGroupId],
    );
    const messages = await em.execute<Record<string, unknown>[]>(
      `select title, body, created_at as "createdAt", read_at as "readAt"
         from message where audience = 'PERSONAL' and client_group_id = ? and (person_id is null or person_id = ?)
        order by created_at desc`,
      [viewer.clientGroupId, viewer.personId],
    );
    await this.audit.record(ctx, {
      action: 'person.data_downloaded',
      subjectType: 'person',
      subjectId: viewer.personId,
      details: {
        clientGroupId: viewer.clientGroupId,
        assignments: assignments.length,
        orders: orders.length,
        messages: messages.length,
      },
    });
    return {
      format: 'gemeentewinkel-mijn-gegevens',
      version: 1,
      createdAt: ctx.clock.now().toISOString(),
      contactDetails: person,
      household: { ...group, members },
      assignments,
      orders,
      messages,
    };
  }
}
