import type { EntityManager } from '@mikro-orm/postgresql';
import { generateKeyPairSync } from 'node:crypto';
import { Permission } from '../kernel/permissions.js';
import { todayInAmsterdam } from '../kernel/dates.js';
import { ApiClient, ApiClientEncryptionKey, ApiClientKey } from '../modules/api-clients/api-client.entities.js';
import { newApiKey } from '../modules/api-clients/api-keys.js';
import { parsePublicKey } from '../modules/api-clients/public-keys.js';
import type { Municipality } from '../modules/municipalities/municipality.entity.js';
import type { AdminAccount } from '../modules/staff/admin-account.entity.js';

const DAY = 24 * 3600 * 1000;

/**
 * Demo API clients (beheer/api), so its screens are not empty, made by `createdBy` (their permissions are capped by
 * that account's): per demo municipality a partner's client that reads
 * persons (used an hour ago, with a registered public key, beheer/api/encryptie) and, for the first, a revoked one.
 * The keys are random and never printed: nobody can call with them; make a new client to try the API.
 */
export async function seedDemoApiClients(
  em: EntityManager,
  { today, municipalities, createdBy }: { today: Date; municipalities: Municipality[]; createdBy: AdminAccount },
): Promise<{ id: string; municipalityId: string; slug: string }[]> {
  const made: { id: string; municipalityId: string; slug: string }[] = [];
  const setupAt = new Date(today.getTime() - 60 * DAY);
  const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const parsed = await parsePublicKey(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  for (const [index, municipality] of municipalities.entries()) {
    const client = em.create(ApiClient, {
      municipality,
      name: `Schuldhulpverlening ${municipality.name}`,
      permissions: [Permission.PERSON_READ, Permission.PERSON_READ_SENSITIVE, Permission.ORDER_READ],
      ipAllowList: ['192.0.2.0/24', '2001:db8::/32'],
      expiresOn: todayInAmsterdam(new Date(today.getTime() + 300 * DAY)),
      rateLimitPerMinute: 600,
      createdAt: setupAt,
      createdBy,
      lastUsedAt: new Date(today.getTime() - 3600 * 1000),
    });
    em.create(ApiClientKey, { apiClient: client, ...prefixAndHash(), createdAt: setupAt });
    made.push({ id: client.id, municipalityId: municipality.id, slug: municipality.slug });
    if (parsed.ok)
      em.create(ApiClientEncryptionKey, {
        apiClient: client,
        kid: parsed.value.kid,
        algorithm: parsed.value.algorithm,
        keyType: parsed.value.keyType,
        publicJwk: parsed.value.jwk,
        createdAt: setupAt,
      });
    if (index === 0) {
      const revoked = em.create(ApiClient, {
        municipality,
        name: 'Oude koppeling minimaregeling',
        permissions: [Permission.PERSON_READ],
        expiresOn: todayInAmsterdam(new Date(today.getTime() + 30 * DAY)),
        rateLimitPerMinute: 120,
        createdAt: new Date(setupAt.getTime() - 90 * DAY),
        createdBy,
        revokedAt: new Date(today.getTime() - 20 * DAY),
        lastUsedAt: new Date(today.getTime() - 21 * DAY),
      });
      em.create(ApiClientKey, { apiClient: revoked, ...prefixAndHash(), createdAt: revoked.createdAt });
    }
  }
  await em.flush();
  return made;
}

function prefixAndHash(): { prefix: string; keyHash: string } {
  const { prefix, hash } = newApiKey();
  return { prefix, keyHash: hash };
}
