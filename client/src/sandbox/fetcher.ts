import { GraphQLError, type ExecutionResult } from 'graphql';

/**
 * The sandbox's fetcher: same-origin POST to /graphql with the session cookie. A small local
 * function instead of @graphiql/toolkit (not a direct dependency of the client).
 */
export interface FetcherParams {
  query: string;
  operationName?: string | null;
  variables?: unknown;
}

export async function fetcher(params: FetcherParams): Promise<ExecutionResult> {
  const response = await fetch('/graphql', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Accept: 'application/graphql-response+json, application/json' },
    body: JSON.stringify(params),
  });
  const text = await response.text();
  try {
    return JSON.parse(text) as ExecutionResult;
  } catch {
    return { errors: [new GraphQLError(`De server gaf geen geldig antwoord (HTTP ${response.status}).`)] };
  }
}
