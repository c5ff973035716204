import { ApolloClient, ApolloLink } from '@apollo/client';
import { cleanup, screen } from '@testing-library/react';
import { Observable } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { createCache } from '../../graphql/client';
import { connection, ids, productNode } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { prefetchCatalogue, takePrefetchedCatalogue } from './catalogue';

afterEach(cleanup);

const page = () => ({ products: connection([productNode(ids.product1, 'Zwemles', 1250)]) });

/** The variables of the Catalogue queries a client sends. */
function recordingClient() {
  const sent: Record<string, unknown>[] = [];
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        if (operation.operationName === 'Catalogue') sent.push(operation.variables);
        observer.next({ data: page() });
        observer.complete();
      }),
  );
  return { client: new ApolloClient({ link, cache: createCache() }), sent };
}

describe('the first page of /aanbod asked for at page load (prefetchCatalogue)', () => {
  it('asks with exactly the variables the screen asks with, for the filters in the URL', async () => {
    const search = '?zoek=zwem&categorie=' + ids.category + '&sortering=prijs-oplopend';
    const { operations } = renderApp(
      `/aanbod${search}`,
      { kind: 'ANONYMOUS' },
      {
        CatalogueChoices: () => ({ categories: [], offerProviders: [] }),
        Catalogue: page,
      },
    );
    await screen.findByRole('link', { name: 'Zwemles' });
    const screenVariables = operations.find((op) => op.name === 'Catalogue')?.variables;

    const { client, sent } = recordingClient();
    prefetchCatalogue(client, { pathname: '/aanbod', search });
    expect(sent).toEqual([screenVariables]);
    // The screen then reads that page from the cache, once.
    expect(takePrefetchedCatalogue(screenVariables as never)).toBe(true);
    expect(takePrefetchedCatalogue(screenVariables as never)).toBe(false);
  });

  it('asks nothing on other pages, nor with the resident-only filter', () => {
    const { client, sent } = recordingClient();
    prefetchCatalogue(client, { pathname: '/aanbod/zwemles/1', search: '' });
    prefetchCatalogue(client, { pathname: '/', search: '' });
    prefetchCatalogue(client, { pathname: '/aanbod', search: '?betaalbaar=ja' });
    expect(sent).toEqual([]);
  });
});
