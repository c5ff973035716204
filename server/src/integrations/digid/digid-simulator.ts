import { createHash, randomBytes } from 'node:crypto';
import type { Request } from 'express';
import type { MikroORM } from '@mikro-orm/postgresql';
import { decryptBsn, encryptBsn, type BsnKeys } from '../../crypto/bsn.js';
import { applicationNow } from '../../kernel/clock.js';
import type { DigidAdapter, DigidOutcome } from './digid.js';
import { storeArtifact, takeArtifact } from './digid-simulator.queries.js';

const ARTIFACT_TTL_MS = 2 * 60 * 1000;

const keyOf = (artifact: string) => createHash('sha256').update(artifact).digest('base64url');

/**
 * A stand-in for DigiD on one machine: a local page (served by digid.routes.ts) where a tester picks a seeded
 * resident. Like real DigiD it hands back a one-time artifact that the server resolves to a BSN. Refused in production.
 *
 * The artifacts live in PostgreSQL (`digid_simulator_artifact`: the artifact's hash, the BSN encrypted, an expiry), so
 * the callback may land on any instance; resolving deletes the row, so an artifact is used once across instances.
 */
export class DigidSimulator implements DigidAdapter {
  readonly mode = 'simulator' as const;

  constructor(private readonly deps: { orm: MikroORM; bsnKeys: BsnKeys }) {}

  async start(relayState: string): Promise<{ url: string }> {
    return { url: `/auth/digid/simulator?RelayState=${encodeURIComponent(relayState)}` };
  }

  relayStateOf(req: Request): string | undefined {
    return typeof req.query.RelayState === 'string' ? req.query.RelayState : undefined;
  }

  /** Called by the simulator page when the tester confirms: a single-use artifact for the callback. */
  async issueArtifact(bsn: string): Promise<string> {
    const artifact = randomBytes(24).toString('base64url');
    const now = applicationNow();
    const em = this.deps.orm.em.fork();
    await storeArtifact(
      em,
      {
        key: keyOf(artifact),
        bsnEncrypted: encryptBsn(bsn, this.deps.bsnKeys),
        expiresAt: new Date(now.getTime() + ARTIFACT_TTL_MS),
      },
      now,
    );
    return artifact;
  }

  async resolve(req: Request): Promise<DigidOutcome> {
    const artifact = typeof req.query.SAMLart === 'string' ? req.query.SAMLart : undefined;
    if (!artifact) return { ok: false, reason: 'cancelled' };
    // One statement takes the row: of two callbacks with the same artifact (on any instance) only one gets it.
    const row = await takeArtifact(this.deps.orm.em.fork(), keyOf(artifact));
    if (!row || new Date(row.expires_at).getTime() < applicationNow().getTime())
      return { ok: false, reason: 'invalid' };
    return { ok: true, bsn: decryptBsn(row.bsn_encrypted, this.deps.bsnKeys), assuranceLevel: 'substantieel' };
  }
}
