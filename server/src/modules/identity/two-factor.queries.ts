import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Two-step verification's SQL (docs, "Persistence: entities and queries"): a code used once, each in one
 * conditional statement (a TOTP step only later than the last one accepted; a recovery code only while unused).
 * Plain functions, no rules: `two-factor.service.ts` decides.
 */

/** Accepts the TOTP step when it is later than the account's last accepted step; false otherwise. */
export async function acceptTotpStep(em: EntityManager, accountId: string, step: number): Promise<boolean> {
  const rows = await em.execute<{ id: string }[]>(
    `update admin_account set totp_last_step = ? where id = ? and (totp_last_step is null or totp_last_step < ?) returning id`,
    [step, accountId, step],
  );
  return rows.length === 1;
}

/** Uses the account's unused recovery code with this hash; false when there is none. */
export async function useRecoveryCode(
  em: EntityManager,
  accountId: string,
  codeHash: string,
  now: Date,
): Promise<boolean> {
  const used = await em.execute<{ id: string }[]>(
    `update staff_recovery_code set used_at = ? where admin_account_id = ? and code_hash = ? and used_at is null returning id`,
    [now, accountId, codeHash],
  );
  return used.length === 1;
}
