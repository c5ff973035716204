import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ids, productNode } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

afterEach(cleanup);

describe('/aanbod/:slug/:productId', () => {
  it('shows the product', async () => {
    renderApp(
      `/aanbod/zwemles/${ids.product1}`,
      { kind: 'ANONYMOUS' },
      {
        Product: () => ({ product: productNode(ids.product1, 'Zwemles', 1250) }),
      },
    );
    await screen.findByRole('heading', { level: 1, name: 'Zwemles' });
    expect(screen.getByText('€ 12,50')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zwembad De Wetering' }).getAttribute('href')).toBe(
      `/aanbod/aanbieders/zwembad-de-wetering/${ids.provider}`,
    );
    expect(screen.getByText('Tweede alinea.').tagName).toBe('P');
    await waitFor(() => expect(document.title).toBe('Zwemles | Gemeentewinkel'));
  });

  it('replaces a wrong slug with the canonical URL', async () => {
    const { router } = renderApp(
      `/aanbod/oude-naam/${ids.product1}`,
      { kind: 'ANONYMOUS' },
      {
        Product: () => ({ product: productNode(ids.product1, 'Zwemles', 1250) }),
      },
    );
    await screen.findByRole('heading', { level: 1, name: 'Zwemles' });
    expect(router.state.location.pathname).toBe(`/aanbod/zwemles/${ids.product1}`);
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('shows not found when the product does not exist', async () => {
    renderApp(`/aanbod/zwemles/${ids.product1}`, { kind: 'ANONYMOUS' }, { Product: () => ({ product: null }) });
    await screen.findByRole('heading', { level: 1, name: 'Pagina niet gevonden' });
  });
});
