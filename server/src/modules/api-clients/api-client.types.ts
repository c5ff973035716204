import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Permission } from '../../kernel/permissions.js';
import { Connection } from '../../graphql/pagination.js';
import { Payload } from '../../graphql/payload.js';
import { UserError } from '../../kernel/errors.js';
import { Municipality } from '../municipalities/index.js';

export enum ApiClientStatus {
  ACTIVE = 'ACTIVE',
  EXPIRED = 'EXPIRED',
  REVOKED = 'REVOKED',
}
registerEnumType(ApiClientStatus, {
  name: 'ApiClientStatus',
  description: 'Whether an API client’s keys work.',
  valuesConfig: {
    ACTIVE: { description: 'Its current key (and a rotated key within its grace period) works.' },
    EXPIRED: { description: 'Past its expiry date: every request with its keys is refused.' },
    REVOKED: { description: 'Revoked: every request with its keys is refused, at once and for good.' },
  },
});

@ObjectType({ description: 'A key of an API client. Only a hash is stored; the prefix identifies it.' })
export class ApiClientKeyInfo {
  @Field(() => String, { description: 'The start of the key, e.g. `gwk_1a2b3c4d`.' }) prefix!: string;
  @Field(() => Date, { description: 'When the key was made.' }) createdAt!: Date;
  @Field(() => Date, {
    nullable: true,
    description: 'Null for the current key; a rotated key works until this moment, then it is refused.',
  })
  validUntil!: Date | null;
  @Field(() => Boolean, { description: 'The current key (the newest).' }) current!: boolean;
}

@ObjectType({
  description:
    'A public key of an API client (beheer/api/encryptie). Personal data of the BSN kind reaches the client as JWE encrypted to it.',
})
export class ApiClientEncryptionKeyInfo {
  @Field(() => ID, { description: 'The id of the registration (to remove an old key).' }) id!: string;
  @Field(() => String, {
    description: 'The key id: the JWK SHA-256 thumbprint (RFC 7638), sent as the `kid` header of every JWE.',
  })
  kid!: string;
  @Field(() => String, { description: 'The JWE key management algorithm: `RSA-OAEP-256` or `ECDH-ES`.' })
  algorithm!: string;
  @Field(() => String, { description: 'The kind and size of the key, e.g. `RSA 3072` or `EC P-256`.' })
  keyType!: string;
  @Field(() => Date, { description: 'When the key was registered.' }) registeredAt!: Date;
  @Field(() => Date, {
    nullable: true,
    description:
      'Null for the current key. An older key can still be chosen with the `X-Encryption-Key-Id` header until this moment.',
  })
  validUntil!: Date | null;
  @Field(() => Boolean, { description: 'The key used unless the request asks for another.' }) current!: boolean;
}

@ObjectType({ description: 'A partner’s API client: calls the GraphQL API with `Authorization: Bearer <key>`.' })
export class ApiClient {
  @Field(() => ID, { description: 'The client’s id; audit rows of its calls name it.' }) id!: string;
  @Field(() => String, { description: 'A name for people, e.g. the partner’s application.' }) name!: string;
  @Field(() => String, { description: 'The prefix of the current key.' }) keyPrefix!: string;
  @Field(() => Municipality, { description: 'The municipality whose data the client may use.' })
  municipality!: Municipality;
  @Field(() => [Permission], { description: 'What the client may do: a subset of its creator’s permissions.' })
  permissions!: Permission[];
  @Field(() => [String], {
    description: 'Addresses and ranges (IPv4, IPv6, CIDR) the client may call from; empty: any address.',
  })
  ipAllowList!: string[];
  @Field(() => String, { description: 'The last day (YYYY-MM-DD, Dutch time) the keys work.' }) expiresOn!: string;
  @Field(() => Int, { description: 'Requests per minute; more are refused with HTTP 429.' })
  rateLimitPerMinute!: number;
  @Field(() => ApiClientStatus, { description: 'Whether its keys work.' }) status!: ApiClientStatus;
  @Field(() => Date, { description: 'When it was created.' }) createdAt!: Date;
  @Field(() => String, {
    nullable: true,
    description:
      'The staff member it answers to (its maker, or whoever took it over), by name; null when that account no longer exists.',
  })
  createdByName!: string | null;
  @Field(() => [Permission], {
    description:
      'What it may do now: its own permissions as far as its maker still holds them (read on every call); empty when it does not work.',
  })
  effectivePermissions!: Permission[];
  @Field(() => Boolean, {
    description:
      'Whether its keys are accepted now: active, and its maker is an active account that still reaches its municipality.',
  })
  working!: boolean;
  @Field(() => String, {
    nullable: true,
    description:
      'Why an active client does not work, or works with less than its own permissions (Dutch, e.g. “Werkt niet: de maker is gedeactiveerd.”); null when it works fully.',
  })
  notice!: string | null;
  @Field(() => Boolean, {
    description:
      'Whether the viewer may change it (rotate, revoke, encryption keys): it is in their municipalities and has no permission they lack.',
  })
  manageable!: boolean;
  @Field(() => Boolean, {
    description:
      'Whether the viewer may take it over (`transferApiClient`): a staff member with an own account who may change it, and it is not revoked or already theirs.',
  })
  transferable!: boolean;
  @Field(() => Date, { nullable: true, description: 'The last call (to the minute); null: never used.' })
  lastUsedAt!: Date | null;
  @Field(() => Date, { nullable: true, description: 'When it was revoked.' }) revokedAt!: Date | null;
  @Field(() => [ApiClientKeyInfo], { description: 'Its keys that work or worked: the current one first.' })
  keys!: ApiClientKeyInfo[];
  @Field(() => [ApiClientEncryptionKeyInfo], {
    description: 'Its public keys for encrypted personal data: the current one first.',
  })
  encryptionKeys!: ApiClientEncryptionKeyInfo[];
}

@ObjectType({ description: 'A page of API clients.' })
export class ApiClientConnection extends Connection(ApiClient, 'ApiClient') {}

@InputType({ description: 'Which API clients `apiClients` gives. Every field is optional.' })
export class ApiClientFilter {
  @Field(() => String, { nullable: true, description: 'Part of the name or the key prefix.' })
  search?: string | null;
  @Field(() => ID, { nullable: true, description: 'Only this municipality’s clients.' })
  municipalityId?: string | null;
  @Field(() => ApiClientStatus, { nullable: true, description: 'Only clients with this status.' })
  status?: ApiClientStatus | null;
}

@InputType({ description: 'A new API client.' })
export class CreateApiClientInput {
  @Field(() => String, { description: 'A name for people, 1–100 characters.' }) name!: string;
  @Field(() => ID, { description: 'The municipality whose data it may use: one of the creator’s.' })
  municipalityId!: string;
  @Field(() => [Permission], { description: 'What it may do: only permissions the creator holds.' })
  permissions!: Permission[];
  @Field(() => [String], {
    defaultValue: [],
    description: 'Addresses and ranges it may call from (IPv4, IPv6, CIDR); empty: any address.',
  })
  ipAllowList!: string[];
  @Field(() => String, { description: 'The last day (YYYY-MM-DD) its keys work: after today, within two years.' })
  expiresOn!: string;
  @Field(() => Int, { nullable: true, description: 'Requests per minute (10–6000); 600 when not given.' })
  rateLimitPerMinute?: number | null;
}

@ObjectType({ description: 'An API client with a new key, shown this once: only its hash is kept.' })
export class ApiClientKeyPayload {
  @Field(() => ApiClient, { nullable: true, description: 'The client, when it worked.' })
  apiClient!: ApiClient | null;
  @Field(() => String, {
    nullable: true,
    description: 'The new key, in full, this once. Send it as `Authorization: Bearer <key>`.',
  })
  key!: string | null;
  @Field(() => [UserError], { description: 'Empty when it worked; otherwise what is wrong, in Dutch.' })
  errors!: UserError[];
}

@ObjectType({ description: 'The result of a change to an API client.' })
export class ApiClientPayload extends Payload(ApiClient, 'apiClient', 'The client, when it worked.') {}
