import type { EntityManager } from '@mikro-orm/postgresql';
import type { MessageAudienceKind } from '../../rules/message.js';

/** A resolved audience: who it is (kind + the arrangement or client group it names), within one municipality. */
export interface ResolvedAudience {
  kind: MessageAudienceKind;
  municipalityId: string;
  /** The arrangement (ARRANGEMENT_HOLDERS) or client group (CLIENT_GROUP); null otherwise. */
  refId: string | null;
  /** ALL_PROVIDERS: the municipalities whose approved providers count (the sender's scope); null: every provider. */
  providerScope: readonly string[] | null;
  /** The day (YYYY-MM-DD) an assignment must be valid on to count as active. */
  asOf: string;
}

/** One recipient: a resident (inbox + e-mail by preference) or a provider (e-mail). Ordered by id. */
export interface Recipient {
  id: string;
  kind: 'RESIDENT' | 'PROVIDER';
  clientGroupId: string | null;
  name: string;
  email: string | null;
  wantsMail: boolean;
}

export function isResidentAudience(kind: MessageAudienceKind): boolean {
  return kind === 'MUNICIPALITY_RESIDENTS' || kind === 'ARRANGEMENT_HOLDERS' || kind === 'CLIENT_GROUP';
}

/**
 * The SQL that lists an audience's recipients (columns id, client_group_id, name, email, wants_mail), with its
 * parameters. Residents: people of the municipality who are not erased. Providers: the provider's own address.
 * The one definition used for the count before sending, the send itself and the tests.
 */
function audienceSql(a: ResolvedAudience): { sql: string; params: unknown[] } {
  const resident = (where: string, params: unknown[]) => ({
    sql: `select p.id, p.client_group_id, p.first_name as name, p.email,
                 (p.email is not null and p.notify_order_status) as wants_mail
            from person p where p.erased_at is null and p.municipality_id = ? and ${where}`,
    params: [a.municipalityId, ...params],
  });
  switch (a.kind) {
    case 'MUNICIPALITY_RESIDENTS':
      return resident('true', []);
    case 'CLIENT_GROUP':
      return resident('p.client_group_id = ?', [a.refId]);
    case 'ARRANGEMENT_HOLDERS':
      return resident(
        `exists (select 1 from assignment s where s.client_group_id = p.client_group_id and s.arrangement_id = ?
                   and s.status = 'ACTIVE' and s.valid_from <= ?::date and s.valid_until >= ?::date)`,
        [a.refId, a.asOf, a.asOf],
      );
    case 'MUNICIPALITY_PROVIDERS':
      return {
        sql: `select v.id, null::uuid as client_group_id, v.name, v.email, true as wants_mail
                from provider v
               where exists (select 1 from provider_membership m
                              where m.provider_id = v.id and m.municipality_id = ? and m.status = 'APPROVED')`,
        params: [a.municipalityId],
      };
    case 'ALL_PROVIDERS':
      return a.providerScope === null
        ? {
            sql: `select v.id, null::uuid as client_group_id, v.name, v.email, true as wants_mail from provider v where true`,
            params: [],
          }
        : {
            sql: `select v.id, null::uuid as client_group_id, v.name, v.email, true as wants_mail
                    from provider v
                   where exists (select 1 from provider_membership m
                                  where m.provider_id = v.id and m.municipality_id = any(?::uuid[]) and m.status = 'APPROVED')`,
            params: [`{${a.providerScope.join(',')}}`],
          };
  }
}

export async function countRecipients(em: EntityManager, a: ResolvedAudience): Promise<number> {
  const { sql, params } = audienceSql(a);
  const [row] = await em.execute<{ n: string }[]>(`select count(*) as n from (${sql}) r`, params);
  return Number(row?.n ?? 0);
}

/** The next `limit` recipients after `after` (by id). */
export async function recipientBatch(
  em: EntityManager,
  a: ResolvedAudience,
  after: string | null,
  limit: number,
): Promise<Recipient[]> {
  const { sql, params } = audienceSql(a);
  const rows = await em.execute<
    { id: string; client_group_id: string | null; name: string; email: string | null; wants_mail: boolean }[]
  >(`select * from (${sql}) r where (?::uuid is null or r.id > ?::uuid) order by r.id limit ?`, [
    ...params,
    after,
    after,
    limit,
  ]);
  const kind = isResidentAudience(a.kind) ? 'RESIDENT' : 'PROVIDER';
  return rows.map((r) => ({
    id: r.id,
    kind,
    clientGroupId: r.client_group_id,
    name: r.name,
    email: r.email,
    wantsMail: r.wants_mail,
  }));
}
