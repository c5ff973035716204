import { GraphQLError, NoSchemaIntrospectionCustomRule, validate } from 'graphql';
import type { ApolloServerPlugin } from '@apollo/server';
import { Audience } from '../kernel/permissions.js';
import type { Context } from './context.js';

/** The refusal of an introspection query by someone who may not make one. */
export const INTROSPECTION_REFUSED =
  'Het opvragen van het schema (introspectie) is alleen mogelijk voor medewerkers en API-koppelingen. Partners vinden het schema in de API-documentatie.';

/**
 * Introspection per request (config `graphqlIntrospection`). Apollo Server's own `introspection` option is one switch
 * for every request (off, it adds graphql-js's NoSchemaIntrospectionCustomRule to validation for all), so it stays on
 * and this plugin takes introspection away per request, once the caller is known: with 'partners', a document that
 * asks for `__schema` or `__type` is refused unless the caller is staff (also an operator acting), an API client, or
 * an operator logged in to the console. `__typename` is not introspection and keeps working for everyone.
 *
 * graphql-armor does not stand in for this: its depth and cost limits skip `__schema` (their `ignoreIntrospection`
 * defaults to true), so before this plugin anyone could send the full introspection query past both limits.
 */
export function introspectionPlugin(options: {
  everyone: boolean;
  /** Whether a caller that is not staff or an API client may introspect (the operator console's session). */
  isOperator: (ctx: Context) => Promise<boolean>;
}): ApolloServerPlugin<Context> {
  return {
    async requestDidStart() {
      if (options.everyone) return;
      return {
        async didResolveOperation({ contextValue, document, schema }) {
          if (!validate(schema, document, [NoSchemaIntrospectionCustomRule]).length) return;
          const viewer = contextValue.viewer;
          if (viewer.kind === Audience.STAFF || viewer.kind === Audience.API_CLIENT) return;
          if (viewer.kind === Audience.ANONYMOUS && (await options.isOperator(contextValue))) return;
          throw new GraphQLError(INTROSPECTION_REFUSED, {
            extensions: { code: 'GRAPHQL_VALIDATION_FAILED', http: { status: 400 } },
          });
        },
      };
    },
  };
}
