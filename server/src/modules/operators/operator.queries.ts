import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The operators' SQL (docs, "Persistence: entities and queries"): the operator made or made active again in one
 * statement, the log-in links (used once, in one conditional statement), the sessions and their acting. Plain
 * functions, no rules: `operator.service.ts` decides.
 */

export interface LoginLinkRow {
  id: string;
  purpose: string;
  browser_hash: string | null;
  expires_at: Date;
  used_at: Date | null;
}

export interface OperatorSessionRow {
  id: string;
  operator_id: string;
  email: string;
  name: string | null;
  expires_at: Date;
  act_municipality_id: string | null;
  municipality_name: string | null;
  act_reason: string | null;
  act_until: Date | null;
}

/** The operator with this address, made when new, made active again (and named, when a name is given) when known. */
export async function upsertOperator(
  em: EntityManager,
  email: string,
  name: string | null,
  now: Date,
): Promise<{ id: string; created: boolean }> {
  const [row] = await em.execute<{ id: string; created: boolean }[]>(
    `insert into operator (email, name, created_at) values (?, ?, ?)
     on conflict (lower(email)) do update set active = true, name = coalesce(excluded.name, operator.name)
     returning id, (xmax = 0) as created`,
    [email, name, now],
  );
  return row!;
}

/** The active operator with this (lower-case) address. */
export async function activeOperatorByEmail(
  em: EntityManager,
  email: string,
): Promise<{ id: string; email: string } | undefined> {
  const [operator] = await em.execute<{ id: string; email: string }[]>(
    `select id, email from operator where lower(email) = ? and active`,
    [email],
  );
  return operator;
}

export async function insertLoginToken(
  em: EntityManager,
  t: {
    operatorId: string;
    tokenHash: string;
    purpose: 'LOGIN' | 'INVITE';
    browserHash: string | null;
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<void> {
  await em.execute(
    `insert into operator_login_token (operator_id, token_hash, purpose, browser_hash, created_at, expires_at)
     values (?, ?, ?, ?, ?, ?)`,
    [t.operatorId, t.tokenHash, t.purpose, t.browserHash, t.createdAt, t.expiresAt],
  );
}

/** A mail with a fixed text (no template row), queued by the caller; its id. */
export async function insertFixedMail(
  em: EntityManager,
  mail: { to: string; templateKey: string; subject: string; body: string; createdAt: Date },
): Promise<string> {
  const [row] = await em.execute<{ id: string }[]>(
    `insert into mail_message (to_address, template_key, subject, body, created_at) values (?, ?, ?, ?, ?) returning id`,
    [mail.to, mail.templateKey, mail.subject, mail.body, mail.createdAt],
  );
  return row!.id;
}

/** The link with this token hash, of an active operator. */
export async function loginLinkByHash(em: EntityManager, tokenHash: string): Promise<LoginLinkRow | undefined> {
  const [link] = await em.execute<LoginLinkRow[]>(
    `select t.id, t.purpose, t.browser_hash, t.expires_at, t.used_at from operator_login_token t
       join operator o on o.id = t.operator_id and o.active where t.token_hash = ?`,
    [tokenHash],
  );
  return link;
}

/** Uses the link when it is unused and unexpired at `now`: its operator, or undefined when it was not. */
export async function useLoginLink(em: EntityManager, id: string, now: Date): Promise<string | undefined> {
  const [used] = await em.execute<{ operator_id: string }[]>(
    `update operator_login_token set used_at = ? where id = ? and used_at is null and expires_at > ? returning operator_id`,
    [now, id, now],
  );
  return used?.operator_id;
}

export async function setLastLogin(em: EntityManager, operatorId: string, now: Date): Promise<void> {
  await em.execute(`update operator set last_login_at = ? where id = ?`, [now, operatorId]);
}

export async function insertSession(
  em: EntityManager,
  s: { operatorId: string; tokenHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await em.execute(
    `insert into operator_session (operator_id, token_hash, created_at, expires_at) values (?, ?, ?, ?)`,
    [s.operatorId, s.tokenHash, s.createdAt, s.expiresAt],
  );
}

export async function deleteSessionByHash(em: EntityManager, tokenHash: string): Promise<void> {
  await em.execute(`delete from operator_session where token_hash = ?`, [tokenHash]);
}

export async function deleteSession(em: EntityManager, id: string): Promise<void> {
  await em.execute(`delete from operator_session where id = ?`, [id]);
}

/** The unexpired session with this token hash of an active operator, with the municipality it acts in. */
export async function sessionByHash(
  em: EntityManager,
  tokenHash: string,
  now: Date,
): Promise<OperatorSessionRow | undefined> {
  const [row] = await em.execute<OperatorSessionRow[]>(
    `select s.id, s.operator_id, o.email, o.name, s.expires_at, s.act_municipality_id, m.name as municipality_name,
            s.act_reason, s.act_until
       from operator_session s join operator o on o.id = s.operator_id and o.active
       left join municipality m on m.id = s.act_municipality_id
      where s.token_hash = ? and s.expires_at > ?`,
    [tokenHash, now],
  );
  return row;
}

export async function municipalityById(
  em: EntityManager,
  id: string,
): Promise<{ id: string; name: string } | undefined> {
  const [municipality] = await em.execute<{ id: string; name: string }[]>(
    `select id, name from municipality where id = ?`,
    [id],
  );
  return municipality;
}

export async function startSessionActing(
  em: EntityManager,
  sessionId: string,
  act: { municipalityId: string; reason: string; startedAt: Date; until: Date },
): Promise<void> {
  await em.execute(
    `update operator_session set act_municipality_id = ?, act_reason = ?, act_started_at = ?, act_until = ? where id = ?`,
    [act.municipalityId, act.reason, act.startedAt, act.until, sessionId],
  );
}

export async function stopSessionActing(em: EntityManager, sessionId: string): Promise<void> {
  await em.execute(
    `update operator_session set act_municipality_id = null, act_reason = null, act_started_at = null, act_until = null
      where id = ?`,
    [sessionId],
  );
}

export async function deleteLinksExpiredBefore(em: EntityManager, before: Date): Promise<void> {
  await em.execute(`delete from operator_login_token where expires_at < ?`, [before]);
}

export async function deleteSessionsExpiredBefore(em: EntityManager, before: Date): Promise<void> {
  await em.execute(`delete from operator_session where expires_at < ?`, [before]);
}
