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
