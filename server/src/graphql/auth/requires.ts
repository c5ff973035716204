import { Authorized, Directive, type AuthChecker } from 'type-graphql';
import { GraphQLDirective, DirectiveLocation, GraphQLList, GraphQLNonNull, GraphQLEnumType } from 'graphql';
import { Audience, Permission } from '../../kernel/permissions.js';
import type { Context } from '../context.js';
import { ForbiddenError, TermsNotAcceptedError, UnauthenticatedError } from '../../kernel/errors.js';

/**
 * The one decorator that guards a field or mutation. It both enforces (type-graphql's @Authorized, checked by
 * `authChecker` below) and documents (the `@requires` directive, printed into schema/schema.graphql):
 *
 *   @Requires(Permission.ORDER_READ)        staff or API clients holding ORDER_READ
 *   @Requires(Audience.CUSTOMER)            a logged-in customer (ownership is checked in the service)
 *   @Requires(Audience.PROVIDER)            a logged-in provider user (ownership is checked in the service)
 *   @Requires(Audience.STAFF)               any staff member
 *   @Requires(Audience.CUSTOMER, Permission.ORDER_READ)   either of them
 *
 * Several arguments mean "any of these".
 */
export function Requires(
  ...requirements: [Audience | Permission, ...(Audience | Permission)[]]
): MethodDecorator & PropertyDecorator {
  const audiences = requirements.filter((r): r is Audience => (Object.values(Audience) as string[]).includes(r));
  const permissions = requirements.filter((r): r is Permission => (Object.values(Permission) as string[]).includes(r));
  const args: string[] = [];
  if (audiences.length) args.push(`audiences: [${audiences.join(', ')}]`);
  if (permissions.length) args.push(`permissions: [${permissions.join(', ')}]`);
  const authorized = Authorized(...requirements);
  const directive = Directive(`@requires(${args.join(', ')})`);
  return ((target: object, key: string | symbol, descriptor?: PropertyDescriptor) => {
    (authorized as (t: object, k: string | symbol, d?: PropertyDescriptor) => void)(target, key, descriptor);
    (directive as (t: object, k: string | symbol, d?: PropertyDescriptor) => void)(target, key, descriptor);
  }) as MethodDecorator & PropertyDecorator;
}

/** Enforcement: may this viewer use a field guarded with these requirements? */
export function isAllowed(viewer: Context['viewer'], requirements: readonly string[]): boolean {
  return requirements.some((r) => {
    if (r === viewer.kind) return true;
    if (r === Audience.STAFF && viewer.kind === Audience.STAFF) return true;
    if (viewer.kind === Audience.STAFF || viewer.kind === Audience.API_CLIENT) {
      return viewer.permissions.has(r as Permission);
    }
    return false;
  });
}

/**
 * What a provider user whose organisation has not accepted the current terms yet may still use: reading the terms and
 * accepting them. (`viewer` and `logout` are not guarded, so they stay open anyway.)
 */
export const OPEN_WITH_PENDING_TERMS: ReadonlySet<string> = new Set(['pendingTerms', 'acceptPendingTerms']);

/** One look-up of the pending terms per request, however many guarded fields it touches. */
const pendingTermsByRequest = new WeakMap<Context, Promise<boolean>>();

function hasPendingTerms(context: Context): Promise<boolean> {
  let pending = pendingTermsByRequest.get(context);
  if (!pending) {
    pending = context.services.terms.pending(context).then((terms) => terms.length > 0);
    pendingTermsByRequest.set(context, pending);
  }
  return pending;
}

export const authChecker: AuthChecker<Context, string> = async ({ context, info }, requirements) => {
  if (isAllowed(context.viewer, requirements)) {
    // A provider user with new terms to accept works in the provider area only after accepting them (the browser's
    // ProviderTermsGate asks first; this is the server's guard). Checked at the top-level fields: every provider
    // operation starts at one, and what lies below an allowed one (the terms' fields) is open.
    if (
      context.viewer.kind === Audience.PROVIDER &&
      (info.parentType === info.schema.getQueryType() || info.parentType === info.schema.getMutationType()) &&
      !OPEN_WITH_PENDING_TERMS.has(info.fieldName) &&
      (await hasPendingTerms(context))
    )
      throw new TermsNotAcceptedError();
    return true;
  }
  if (context.viewer.kind === Audience.ANONYMOUS) throw new UnauthenticatedError();
  throw new ForbiddenError();
};

/** The directive's definition, using the schema's own Audience and Permission enums. */
export function requiresDirective(audienceEnum: GraphQLEnumType, permissionEnum: GraphQLEnumType): GraphQLDirective {
  return new GraphQLDirective({
    name: 'requires',
    description:
      'Who may use this field: a caller of one of the `audiences`, or a staff member / API client holding one of the `permissions`. ' +
      'Anyone else gets an UNAUTHENTICATED or FORBIDDEN error. Ownership (your own orders, your own products) is checked as well.',
    locations: [DirectiveLocation.FIELD_DEFINITION],
    args: {
      audiences: {
        type: new GraphQLList(new GraphQLNonNull(audienceEnum)),
        description: 'Kinds of caller allowed without a permission (a resident, a provider user, any staff member).',
      },
      permissions: {
        type: new GraphQLList(new GraphQLNonNull(permissionEnum)),
        description: 'Permissions of which a staff member or API client needs at least one.',
      },
    },
  });
}
