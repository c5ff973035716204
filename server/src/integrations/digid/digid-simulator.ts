import { randomBytes } from 'node:crypto';
import type { Request } from 'express';
import type { DigidAdapter, DigidOutcome } from './digid.js';

const ARTIFACT_TTL_MS = 2 * 60 * 1000;

/**
 * A stand-in for DigiD on one machine: a local page (served by digid.routes.ts) where a tester picks a seeded
 * resident. Like real DigiD it hands back a one-time artifact that the server resolves to a BSN. Refused in production.
 */
export class DigidSimulator implements DigidAdapter {
  readonly mode = 'simulator' as const;
  private readonly artifacts = new Map<string, { bsn: string; expires: number }>();

  async start(relayState: string): Promise<{ url: string }> {
    return { url: `/auth/digid/simulator?RelayState=${encodeURIComponent(relayState)}` };
  }

  relayStateOf(req: Request): string | undefined {
    return typeof req.query.RelayState === 'string' ? req.query.RelayState : undefined;
  }

  /** Called by the simulator page when the tester confirms: a single-use artifact for the callback. */
  issueArtifact(bsn: string): string {
    const artifact = randomBytes(24).toString('base64url');
    this.artifacts.set(artifact, { bsn, expires: Date.now() + ARTIFACT_TTL_MS });
    return artifact;
  }

  async resolve(req: Request): Promise<DigidOutcome> {
    const artifact = typeof req.query.SAMLart === 'string' ? req.query.SAMLart : undefined;
    if (!artifact) return { ok: false, reason: 'cancelled' };
    const entry = this.artifacts.get(artifact);
    this.artifacts.delete(artifact);
    for (const [key, value] of this.artifacts) if (value.expires < Date.now()) this.artifacts.delete(key);
    if (!entry || entry.expires < Date.now()) return { ok: false, reason: 'invalid' };
    return { ok: true, bsn: entry.bsn, assuranceLevel: 'substantieel' };
  }
}
