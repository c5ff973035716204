import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ids, productNode } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { localCart } from '../../lib/cart';

afterEach(() => {
  cleanup();
  localCart.clear();
});

const product = () => ({ product: productNode(ids.product1, 'Zwemles', 1250) });

describe('In winkelwagen on the product page', () => {
  it('keeps a visitor’s choice in the browser and counts it in the header', async () => {
    renderApp(`/aanbod/zwemles/${ids.product1}`, { kind: 'ANONYMOUS' }, { Product: product });
    const quantity = await screen.findByLabelText('Aantal', undefined, { timeout: 5000 });
    fireEvent.change(quantity, { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'In winkelwagen' }));
    await screen.findByText(/3 × Zwemles liggen in uw winkelwagen/);
    expect(localCart.lines()).toEqual([{ productId: ids.product1, quantity: 3 }]);
    expect(screen.getByRole('link', { name: 'Bekijk uw winkelwagen' }).getAttribute('href')).toBe('/winkelwagen');
    await waitFor(() => expect(screen.getByRole('link', { name: /Winkelwagen \(3 artikelen\)/ })).toBeTruthy());
  });

  it('refuses a quantity outside 1–99 with a Dutch message at the field', async () => {
    renderApp(`/aanbod/zwemles/${ids.product1}`, { kind: 'ANONYMOUS' }, { Product: product });
    const quantity = await screen.findByLabelText('Aantal', undefined, { timeout: 5000 });
    fireEvent.change(quantity, { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'In winkelwagen' }));
    await screen.findByText('Kies een aantal van 1 tot en met 99.');
    expect(quantity.getAttribute('aria-invalid')).toBe('true');
    expect(localCart.lines()).toEqual([]);
  });

  it('adds to the server cart for a customer', async () => {
    const { operations } = renderApp(
      `/aanbod/zwemles/${ids.product1}`,
      { kind: 'CUSTOMER' },
      {
        Product: product,
        MyCart: () => ({
          myCart: {
            __typename: 'Cart',
            id: 'mine',
            lineCount: 0,
            itemCount: 0,
            totalCents: 0,
            hasUnavailable: false,
            groups: [],
          },
        }),
        AddToCart: () => ({
          addToCart: {
            __typename: 'CartPayload',
            errors: [],
            cart: {
              __typename: 'Cart',
              id: 'mine',
              lineCount: 1,
              itemCount: 1,
              totalCents: 1250,
              hasUnavailable: false,
              groups: [],
            },
          },
        }),
      },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'In winkelwagen' }, { timeout: 5000 }));
    await screen.findByText(/1 × Zwemles ligt in uw winkelwagen/);
    expect(operations.find((o) => o.name === 'AddToCart')!.variables).toEqual({ productId: ids.product1, quantity: 1 });
    await waitFor(() => expect(screen.getByRole('link', { name: /Winkelwagen \(1 artikel\)/ })).toBeTruthy());
    expect(localCart.lines()).toEqual([]);
  });
});
