import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The SQL of a resident's data export (docs, "Persistence: entities and queries"): each part of the document as
 * the resident reads it (camelCase keys). Plain functions, no rules: `my-data.service.ts` decides who may have it.
 */

type Document = Record<string, unknown>;

/** The person's contact details; undefined when erased or unknown. */
export async function contactDetails(em: EntityManager, personId: string): Promise<Document | undefined> {
  const [person] = await em.execute<Document[]>(
    `select external_identifier as "clientNumber", first_name as "firstName", last_name as "lastName",
            date_of_birth::text as "dateOfBirth", email, phone, notify_order_status as "emailOnOrderStatus",
            (bsn_hash is not null) as "bsnKnown", created_at as "createdAt"
       from person where id = ? and erased_at is null`,
    [personId],
  );
  return person;
}

export async function household(em: EntityManager, clientGroupId: string): Promise<Document | undefined> {
  const [group] = await em.execute<Document[]>(
    `select g.client_number as "clientNumber", g.name, m.name as municipality
       from client_group g join municipality m on m.id = g.municipality_id where g.id = ?`,
    [clientGroupId],
  );
  return group;
}

/** The household's members that are not erased, the oldest first. */
export function members(em: EntityManager, clientGroupId: string): Promise<Document[]> {
  return em.execute<Document[]>(
    `select first_name as "firstName", last_name as "lastName", date_of_birth::text as "dateOfBirth"
       from person where client_group_id = ? and erased_at is null order by date_of_birth nulls last, last_name, first_name`,
    [clientGroupId],
  );
}

/** The household's assignments with their balance, the latest first. */
export function assignments(em: EntityManager, clientGroupId: string): Promise<Document[]> {
  return em.execute<Document[]>(
    `select r.name as arrangement, a.amount_cents as "amountCents", a.valid_from::text as "validFrom",
            a.valid_until::text as "validUntil", a.status, trim(p.first_name || ' ' || p.last_name) as "for",
            coalesce((select sum(e.amount_cents) from ledger_account acc join ledger_entry e on e.account_id = acc.id
                       where acc.kind = 'ASSIGNMENT' and acc.assignment_id = a.id), 0)::int as "balanceCents"
       from assignment a join arrangement r on r.id = a.arrangement_id left join person p on p.id = a.beneficiary_id
      where a.client_group_id = ? order by a.valid_from desc, r.name`,
    [clientGroupId],
  );
}

/** The household's orders with their lines, newest first. */
export function orders(em: EntityManager, clientGroupId: string): Promise<Document[]> {
  return em.execute<Document[]>(
    `select o.number, o.status, o.total_cents as "totalCents", o.budget_cents as "budgetCents",
            o.contribution_cents as "contributionCents", o.created_at as "createdAt", pr.name as provider,
            coalesce((select json_agg(json_build_object('title', l.title, 'quantity', l.quantity,
                        'unitPriceCents', l.unit_price_cents, 'totalCents', l.total_cents) order by l.title)
                        from order_line l where l.order_id = o.id), '[]') as lines
       from customer_order o join provider pr on pr.id = o.provider_id
      where o.client_group_id = ? order by o.created_at desc`,
    [clientGroupId],
  );
}

/** The inbox messages to the household or to the person, newest first. */
export function messages(em: EntityManager, clientGroupId: string, personId: string): Promise<Document[]> {
  return em.execute<Document[]>(
    `select title, body, created_at as "createdAt", read_at as "readAt"
       from message where audience = 'PERSONAL' and client_group_id = ? and (person_id is null or person_id = ?)
      order by created_at desc`,
    [clientGroupId, personId],
  );
}

/**
 * The household's online applications (issue 28), newest first: the answers, the decision and its reason, the steps
 * the resident sees (not the staff's internal notes), and per proof file what it was and where the resident downloads
 * it (`/api/mijn-aanvragen/…`, while it is kept: proof is deleted after its retention period).
 */
export function applications(em: EntityManager, clientGroupId: string): Promise<Document[]> {
  return em.execute<Document[]>(
    `select a.number, r.name as arrangement, a.status, a.answers, a.expected_amount_cents as "expectedAmountCents",
            a.decided_amount_cents as "decidedAmountCents", a.decision_reason as "decisionReason",
            a.created_at as "createdAt", a.submitted_at as "submittedAt", a.decided_at as "decidedAt",
            coalesce((select json_agg(json_build_object('at', e.at, 'kind', e.kind, 'text', e.text) order by e.at, e.id)
                        from application_event e where e.application_id = a.id and not e.internal), '[]') as timeline,
            coalesce((select json_agg(json_build_object(
                          'question', p.criterion_key, 'fileName', p.file_name, 'contentType', p.content_type,
                          'sizeBytes', p.size_bytes, 'uploadedAt', p.uploaded_at, 'deletedAt', p.purged_at,
                          'download', case when p.file_key is null then null
                                      else '/api/mijn-aanvragen/' || a.id || '/bewijs/' || p.id end)
                          order by p.uploaded_at, p.id)
                        from application_proof p where p.application_id = a.id), '[]') as proof
       from application a join arrangement r on r.id = a.arrangement_id
      where a.client_group_id = ? order by a.created_at desc, a.number desc`,
    [clientGroupId],
  );
}
