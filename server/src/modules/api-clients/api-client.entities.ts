import { Entity, ManyToOne, Property } from '@mikro-orm/decorators/legacy';
import type { Opt, Ref } from '@mikro-orm/core';
import type { JWK } from 'jose';
import type { Permission } from '../../kernel/permissions.js';
import { applicationNow } from '../../kernel/clock.js';
import { Municipality } from '../municipalities/index.js';
import { AdminAccount } from '../staff/index.js';
import { IdEntity } from '../../platform/entity.js';

/**
 * A partner's API client (beheer/api): one municipality, a subset of its creator's permissions, an optional IP
 * allow-list, an expiry date and its own rate limit. It authenticates with `Authorization: Bearer <key>`.
 */
@Entity({ tableName: 'api_client' })
export class ApiClient extends IdEntity {
  @ManyToOne(() => Municipality, { ref: true })
  municipality!: Ref<Municipality>;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text[]' })
  permissions!: Permission[];

  /** Addresses and CIDR ranges (ip-allow-list.ts parseRange); empty: any address. */
  @Property({ type: 'text[]' })
  ipAllowList: string[] & Opt = [];

  /** The last day (in the Netherlands) its keys work. */
  @Property({ type: 'date' })
  expiresOn!: string;

  @Property({ type: 'integer' })
  rateLimitPerMinute!: number;

  @Property({ type: 'timestamptz' })
  createdAt: Date & Opt = applicationNow();

  @ManyToOne(() => AdminAccount, { ref: true, nullable: true, deleteRule: 'set null' })
  createdBy?: Ref<AdminAccount> | null;

  @Property({ type: 'timestamptz', nullable: true })
  revokedAt?: Date | null;

  /** Updated at most once a minute (ApiClientService.authenticate). */
  @Property({ type: 'timestamptz', nullable: true })
  lastUsedAt?: Date | null;
}

/** A key of an API client: only its SHA-256 hash and its prefix are stored. */
@Entity({ tableName: 'api_client_key' })
export class ApiClientKey extends IdEntity {
  @ManyToOne(() => ApiClient, { ref: true, deleteRule: 'cascade' })
  apiClient!: Ref<ApiClient>;

  /** The start of the key (`gwk_1a2b3c4d`), to recognise it in lists. */
  @Property({ type: 'text' })
  prefix!: string;

  @Property({ type: 'text', unique: true, hidden: true })
  keyHash!: string;

  @Property({ type: 'timestamptz' })
  createdAt: Date & Opt = applicationNow();

  /** null: the current key. Set when the key is rotated: it keeps working until then. */
  @Property({ type: 'timestamptz', nullable: true })
  validUntil?: Date | null;
}

export type EncryptionAlgorithm = 'RSA-OAEP-256' | 'ECDH-ES';

/** A public key of an API client: personal data of the BSN kind reaches the client encrypted to it (JWE). */
@Entity({ tableName: 'api_client_encryption_key' })
export class ApiClientEncryptionKey extends IdEntity {
  @ManyToOne(() => ApiClient, { ref: true, deleteRule: 'cascade' })
  apiClient!: Ref<ApiClient>;

  /** The key's JWK SHA-256 thumbprint (RFC 7638): the `kid` header of every JWE made with it. */
  @Property({ type: 'text' })
  kid!: string;

  @Property({ type: 'text' })
  algorithm!: EncryptionAlgorithm;

  /** `RSA 3072`, `EC P-256`. */
  @Property({ type: 'text' })
  keyType!: string;

  @Property({ type: 'json' })
  publicJwk!: JWK;

  @Property({ type: 'timestamptz' })
  createdAt: Date & Opt = applicationNow();

  /** null: the current key. Set when a newer key is registered: the client may still ask for it until then. */
  @Property({ type: 'timestamptz', nullable: true })
  validUntil?: Date | null;
}
