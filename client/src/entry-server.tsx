import { ApolloClient, ApolloLink } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { prerenderStatic } from '@apollo/client/react/ssr';
import { print } from 'graphql';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { Observable } from 'rxjs';
import { createCache } from './graphql/client';
import { ServerHeadContext, type ServerHead } from './lib/serverRender';
import { routes } from './router';

/**
 * The server's render of a public page (built by `vite build --ssr` into dist-ssr; used by
 * server/src/http/server-render.ts), for a visitor who has not logged in: the page's HTML with its data, so the
 * browser paints the page before any JavaScript has run, and the Apollo cache's contents, from which the browser
 * hydrates that HTML (main.tsx) without asking the server again.
 *
 * The same route table and components as in the browser, with React Router's static handler and Apollo's
 * `prerenderStatic` (renders until every query of the page has its answer). The GraphQL operations do not go over HTTP:
 * the server passes `execute`, which runs them on its own GraphQL server with the request's (anonymous) context.
 */

export interface GraphQLRequest {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
}

export interface RenderInput {
  /** The page's absolute URL (origin, path and query). */
  url: string;
  execute: (request: GraphQLRequest) => Promise<Record<string, unknown>>;
  /** Stops waiting for data: the render then fails and the server sends the page without HTML. */
  signal?: AbortSignal;
}

export type RenderResult =
  | { kind: 'page'; status: number; html: string; title: string | undefined; state: unknown }
  | { kind: 'redirect'; status: number; location: string };

// One handler per process: the screens' modules, once loaded, stay resolved for every later render.
const handler = createStaticHandler(routes);

function linkTo(execute: RenderInput['execute']): ApolloLink {
  return new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        execute({
          query: print(operation.query),
          variables: operation.variables,
          operationName: operation.operationName,
        }).then(
          (result) => {
            observer.next(result);
            observer.complete();
          },
          (error: unknown) => observer.error(error),
        );
      }),
  );
}

export async function render({ url, execute, signal }: RenderInput): Promise<RenderResult> {
  const context = await handler.query(new Request(url, { signal }));
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };
  }
  const client = new ApolloClient({ ssrMode: true, link: linkTo(execute), cache: createCache() });
  const router = createStaticRouter(handler.dataRoutes, context);
  const head: ServerHead = {};
  const { result, aborted } = await prerenderStatic({
    tree: (
      <StrictMode>
        <ServerHeadContext value={head}>
          <ApolloProvider client={client}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </ApolloProvider>
        </ServerHeadContext>
      </StrictMode>
    ),
    renderFunction: renderToString,
    signal,
    // The public shell and a screen: two rounds of queries at most (a third when a screen asks after its first data).
    maxRerenders: 5,
  });
  client.stop();
  if (aborted) throw new Error('server render aborted');
  // An old or mistyped slug (CanonicalRedirect): permanently to the canonical URL.
  if (head.redirect) return { kind: 'redirect', status: 301, location: head.redirect };
  return {
    kind: 'page',
    status: head.status ?? context.statusCode,
    html: result,
    title: head.title,
    state: client.extract(),
  };
}
