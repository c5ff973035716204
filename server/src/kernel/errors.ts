import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { Field, ObjectType } from 'type-graphql';
import { unwrapResolverError } from '@apollo/server/errors';

/** A problem with the caller's input, returned in a mutation payload (not thrown). */
@ObjectType({ description: 'A problem with the input; `message` is Dutch and ready to show.' })
export class UserError {
  @Field(() => String, {
    nullable: true,
    description: 'The input field this error is about, or null for the whole form.',
  })
  field!: string | null;

  @Field(() => String, { description: 'A stable machine-readable code.' })
  code!: string;

  @Field(() => String, { description: 'Dutch, ready to show.' })
  message!: string;

  static of(field: string | null, code: string, message: string): UserError {
    return Object.assign(new UserError(), { field, code, message });
  }
}

export class UnauthenticatedError extends GraphQLError {
  constructor() {
    super('U moet ingelogd zijn om dit te doen.', { extensions: { code: 'UNAUTHENTICATED' } });
  }
}

export class ForbiddenError extends GraphQLError {
  constructor() {
    super('U heeft geen toegang tot deze gegevens.', { extensions: { code: 'FORBIDDEN' } });
  }
}

/** A provider user whose organisation has not accepted the current terms yet (see authChecker). */
export const TERMS_NOT_ACCEPTED_MESSAGE =
  'Er gelden nieuwe voorwaarden. Lees en accepteer eerst de nieuwe voorwaarden voordat u verdergaat.';

export class TermsNotAcceptedError extends GraphQLError {
  constructor() {
    super(TERMS_NOT_ACCEPTED_MESSAGE, { extensions: { code: 'TERMS_NOT_ACCEPTED' } });
  }
}

export class NotFoundError extends GraphQLError {
  constructor(what = 'Het gevraagde item') {
    super(`${what} is niet gevonden.`, { extensions: { code: 'NOT_FOUND' } });
  }
}

/** Said to a caller whose request met the database away (a failover, a restart): safe to try again shortly. */
export const DATABASE_UNAVAILABLE_MESSAGE =
  'De database is even niet bereikbaar. Probeer het over enkele seconden opnieuw.';

/** Seconds a caller is asked to wait (Retry-After) before trying a request again that met the database away. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

/** Node's socket errors when the database's address does not answer or the connection breaks. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL's SQLSTATEs of a server that is going, gone or not yet ready: class 08 (connection exception), 57P01
 * admin_shutdown, 57P02 crash_shutdown (another backend crashed), 57P03 cannot_connect_now (starting up, or a standby
 * still recovering), 25006 read_only_sql_transaction (the address still leads to a standby that is not promoted yet).
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '25006']);

/** node-postgres' and pg-pool's own messages for a connection that broke or could not be made in time. */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection error and is not queryable|Client was closed and is not queryable|timeout exceeded when trying to connect|Connection ended unexpectedly/i;

/**
 * Whether an error (or what it wraps: a MikroORM exception copies the driver's fields; a GraphQL error keeps the
 * resolver's error as `originalError`) says the database could not be reached or went away during the request, as
 * during a failover. The request was not answered as done, so the caller may retry it; whether a commit sent just
 * before the break took effect is unknown to the caller, which is why a checkout carries an idempotency key (its retry
 * books once).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const e = current as {
      code?: unknown;
      sqlState?: unknown;
      message?: unknown;
      name?: unknown;
      cause?: unknown;
      originalError?: unknown;
      extensions?: { code?: unknown };
    };
    if (e.extensions?.code === 'DATABASE_UNAVAILABLE') return true;
    if (e.name === 'ConnectionException') return true;
    for (const code of [e.code, e.sqlState]) {
      if (typeof code !== 'string') continue;
      if (SOCKET_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    }
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)) return true;
    current = e.originalError ?? e.cause;
  }
  return false;
}

/**
 * What went wrong, for the log: the error's code (socket error or SQLSTATE) and the driver's known phrase, never the
 * message itself (a MikroORM error quotes the statement, and with it its parameters).
 */
export function databaseFailureReason(error: unknown): string {
  const seen = new Set<unknown>();
  let current: unknown = error;
  let code: string | undefined;
  let phrase: string | undefined;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const e = current as { code?: unknown; message?: unknown; originalError?: unknown; cause?: unknown };
    if (!code && typeof e.code === 'string' && e.code !== 'DATABASE_UNAVAILABLE') code = e.code;
    if (!phrase && typeof e.message === 'string') phrase = UNAVAILABLE_MESSAGES.exec(e.message)?.[0];
    current = e.originalError ?? e.cause;
  }
  return [code, phrase].filter(Boolean).join(' ') || 'unknown';
}

/**
 * The database is away (a failover, a restart): 503 with Retry-After and the code DATABASE_UNAVAILABLE, which a
 * client may act on by trying again (thrown where Apollo reads `extensions.http`: while the context is made).
 */
export class DatabaseUnavailableError extends GraphQLError {
  constructor() {
    super(DATABASE_UNAVAILABLE_MESSAGE, {
      extensions: {
        code: 'DATABASE_UNAVAILABLE',
        http: { status: 503, headers: new Map([['retry-after', String(DATABASE_RETRY_AFTER_SECONDS)]]) },
      },
    });
  }
}

const SAFE_CODES = new Set([
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'TERMS_NOT_ACCEPTED',
  'NOT_FOUND',
  'BAD_USER_INPUT',
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'PERSISTED_QUERY_NOT_FOUND',
  // Automatic persisted queries are off (http/app.ts): a request by hash alone is the caller's to resend in full.
  'PERSISTED_QUERY_NOT_SUPPORTED',
  'OPERATION_RESOLUTION_FAILURE',
  'BAD_REQUEST',
  'RATE_LIMITED',
  'MAINTENANCE',
]);

/**
 * Whether an error is the caller's mistake (bad input, not logged in, no permission, not found, a refused document)
 * rather than a fault of the server: such errors are logged at info without a stack, real faults as errors.
 */
export function isClientMistake(error: GraphQLError): boolean {
  const code = error.extensions?.code;
  if (typeof code === 'string' && SAFE_CODES.has(code)) return true;
  const original = unwrapResolverError(error);
  return !!original && (original as Error).name === 'ArgumentValidationError';
}

/**
 * What a client sees of an error: known errors keep their message and code; anything else becomes a generic Dutch
 * message. Never a stack trace, whatever NODE_ENV is.
 */
export function formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const code = String(formatted.extensions?.code ?? 'INTERNAL_SERVER_ERROR');
  const original = unwrapResolverError(error);
  // The database went away during the request (a failover): retryable, said as such, never as a generic fault.
  if (code === 'DATABASE_UNAVAILABLE' || isDatabaseUnavailable(original)) {
    return {
      message: DATABASE_UNAVAILABLE_MESSAGE,
      path: formatted.path,
      extensions: { code: 'DATABASE_UNAVAILABLE', retryable: true },
    };
  }
  if (SAFE_CODES.has(code)) {
    const { stacktrace: _drop, ...extensions } = (formatted.extensions ?? {}) as Record<string, unknown>;
    return {
      // An error thrown while the context is made (maintenance, IP allow-list) carries Apollo's English prefix.
      message:
        code === 'PERSISTED_QUERY_NOT_SUPPORTED'
          ? 'Persisted queries worden niet ondersteund: stuur de query zelf mee.'
          : formatted.message.replace(/^Context creation failed: /, ''),
      locations: formatted.locations,
      path: formatted.path,
      extensions: { ...extensions, code },
    };
  }
  // type-graphql's argument validation errors are input problems.
  if (original && (original as Error).name === 'ArgumentValidationError') {
    return { message: 'De invoer is ongeldig.', path: formatted.path, extensions: { code: 'BAD_USER_INPUT' } };
  }
  return {
    message: 'Er is een onverwachte fout opgetreden. Probeer het later opnieuw.',
    path: formatted.path,
    extensions: { code: 'INTERNAL_SERVER_ERROR' },
  };
}
