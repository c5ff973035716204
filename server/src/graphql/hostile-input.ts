import { GraphQLError, visit, type DocumentNode } from 'graphql';
import type { ApolloServerPlugin } from '@apollo/server';
import { findHostileText, hostileTextMessage, isHostileText } from '../kernel/hostile-text.js';

/** Hostile text in an argument: BAD_USER_INPUT (HTTP 400) naming the field. */
export class HostileTextError extends GraphQLError {
  constructor(field: string) {
    super(hostileTextMessage(field), { extensions: { code: 'BAD_USER_INPUT', field, http: { status: 400 } } });
  }
}

/**
 * Checks every argument of an operation once, before any resolver runs: text that PostgreSQL refuses (a NUL, a lone
 * surrogate) anywhere in an argument — inline literals, variables, input-object fields, lists, variable defaults — is
 * a HostileTextError. Throws the first problem found. (Cursors are checked by each list with readCursor in
 * pagination.ts, after its permission check, so a caller who may not use a list learns only that.)
 */
export function checkOperationInput(document: DocumentNode, variables: Record<string, unknown> | undefined): void {
  const vars = variables ?? {};
  // Where we are: the argument and the input-object fields around the current value.
  const names: string[] = [];
  let argumentName: string | null = null;
  let inDefinition = false;
  const fieldName = (fallback: string) => names.at(-1) ?? argumentName ?? fallback;

  visit(document, {
    Argument: {
      enter(node) {
        argumentName = node.name.value;
      },
      leave() {
        argumentName = null;
      },
    },
    ObjectField: {
      enter(node) {
        names.push(node.name.value);
      },
      leave() {
        names.pop();
      },
    },
    VariableDefinition: {
      // Only its default value is looked at here (as literals below); values are checked where they are used.
      enter(node) {
        inDefinition = true;
        names.push(node.variable.name.value);
      },
      leave() {
        inDefinition = false;
        names.pop();
      },
    },
    StringValue(node) {
      if (isHostileText(node.value)) throw new HostileTextError(fieldName('query'));
    },
    Variable(node) {
      if (inDefinition) return;
      // A variable used in an argument (as a whole or inside an input object) is named after where it is used.
      const hostile = findHostileText(vars[node.name.value], fieldName(node.name.value));
      if (hostile) throw new HostileTextError(hostile);
    },
  });
  // Variables the operation does not use (or uses nowhere visible above) are checked under their own names.
  for (const [name, value] of Object.entries(vars)) {
    const hostile = isHostileText(name) ? 'variables' : findHostileText(value, name);
    if (hostile) throw new HostileTextError(hostile);
  }
}

/** The Apollo Server plugin around checkOperationInput: after the operation is known, before execution. */
export function hostileInputPlugin<T extends object>(): ApolloServerPlugin<T> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ document, request }) {
          checkOperationInput(document, request.variables as Record<string, unknown> | undefined);
        },
      };
    },
  };
}
