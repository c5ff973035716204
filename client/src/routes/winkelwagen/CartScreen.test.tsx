import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ids } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { localCart } from '../../lib/cart';

afterEach(() => {
  cleanup();
  localCart.clear();
});

const provider2 = '5a5a5a5a-1c2d-4e3f-9a4b-5c6d7e8f9a0b';

function line(productId: string, title: string, unitPriceCents: number, quantity: number, cartId = 'mine') {
  return {
    __typename: 'CartLine',
    id: `${cartId}:${productId}`,
    productId,
    title,
    slug: title.toLowerCase().replace(/\s+/g, '-'),
    unitPriceCents,
    quantity,
    totalCents: unitPriceCents * quantity,
    available: true,
    unavailableReason: null,
    beneficiaryId: null as string | null,
    beneficiaryName: null as string | null,
    beneficiaryOptions: [] as { __typename: 'CartBeneficiary'; id: string; name: string }[],
  };
}

function cart(id: string, lines: ReturnType<typeof line>[][]) {
  const groups = lines.map((ls, i) => ({
    __typename: 'CartProviderGroup',
    providerId: i === 0 ? ids.provider : provider2,
    providerName: i === 0 ? 'Zwembad De Wetering' : 'Muziekschool De Toon',
    providerSlug: i === 0 ? 'zwembad-de-wetering' : 'muziekschool-de-toon',
    subtotalCents: ls.reduce((s, l) => s + l.totalCents, 0),
    lines: ls,
  }));
  const all = lines.flat();
  return {
    __typename: 'Cart',
    id,
    lineCount: all.length,
    itemCount: all.reduce((s, l) => s + l.quantity, 0),
    totalCents: all.reduce((s, l) => s + l.totalCents, 0),
    hasUnavailable: false,
    groups,
  };
}

const preview = {
  checkoutPreview: {
    __typename: 'CheckoutPreview',
    totalCents: 4500,
    budgetCents: 4000,
    contributionCents: 500,
    canOrder: true,
    errors: [],
    orders: [
      {
        __typename: 'CheckoutPreviewOrder',
        providerId: ids.provider,
        providerName: 'Zwembad De Wetering',
        totalCents: 2500,
        budgetCents: 2000,
        contributionCents: 500,
        lines: [
          {
            __typename: 'CheckoutPreviewLine',
            productId: ids.product1,
            title: 'Zwemles',
            quantity: 2,
            unitPriceCents: 1250,
            totalCents: 2500,
            budgetCents: 2000,
            contributionCents: 500,
            beneficiaryId: null,
            beneficiaryName: null,
            allocations: [
              {
                __typename: 'CheckoutPreviewAllocation',
                assignmentId: 'a1',
                arrangementName: 'Kindpakket 2026',
                amountCents: 2000,
              },
            ],
          },
        ],
      },
      {
        __typename: 'CheckoutPreviewOrder',
        providerId: provider2,
        providerName: 'Muziekschool De Toon',
        totalCents: 2000,
        budgetCents: 2000,
        contributionCents: 0,
        lines: [
          {
            __typename: 'CheckoutPreviewLine',
            productId: ids.product2,
            title: 'Gitaarles',
            quantity: 1,
            unitPriceCents: 2000,
            totalCents: 2000,
            budgetCents: 2000,
            contributionCents: 0,
            beneficiaryId: null,
            beneficiaryName: null,
            allocations: [
              {
                __typename: 'CheckoutPreviewAllocation',
                assignmentId: 'a2',
                arrangementName: 'Meedoenregeling 2026',
                amountCents: 2000,
              },
            ],
          },
        ],
      },
    ],
  },
};

describe('/winkelwagen', () => {
  it('shows a visitor’s browser cart and sends them to log in to order', async () => {
    localCart.add(ids.product1, 2);
    const { operations } = renderApp(
      '/winkelwagen',
      { kind: 'ANONYMOUS' },
      {
        AnonymousCart: (v) => {
          expect(v.lines).toEqual([{ productId: ids.product1, quantity: 2 }]);
          return { anonymousCart: cart('anonymous', [[line(ids.product1, 'Zwemles', 1250, 2, 'anonymous')]]) };
        },
      },
    );
    await screen.findByRole('link', { name: 'Zwemles' }, { timeout: 5000 });
    expect(screen.getByRole('heading', { level: 3, name: 'Van Zwembad De Wetering' })).toBeTruthy();
    expect(screen.getByLabelText('Aantal van Zwemles')).toHaveProperty('value', '2');
    expect(screen.getByRole('link', { name: 'Bestellen' }).getAttribute('href')).toBe('/inloggen?terug=%2Fwinkelwagen');
    expect(screen.getByRole('link', { name: /Winkelwagen \(2 artikelen\)/ })).toBeTruthy();
    expect(operations.some((o) => o.name === 'MyCart')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Verwijderen Zwemles' }));
    await screen.findByText('Uw winkelwagen is leeg.');
    expect(localCart.lines()).toEqual([]);
  });

  it('says so when the cart is empty', async () => {
    renderApp('/winkelwagen', { kind: 'ANONYMOUS' });
    await screen.findByText('Uw winkelwagen is leeg.', undefined, { timeout: 5000 });
    expect(screen.getByRole('link', { name: 'Bekijk het aanbod' })).toBeTruthy();
  });

  it('takes a customer from the cart through the budget split to the order numbers, booking once', async () => {
    let placed = 0;
    const { operations } = renderApp(
      '/winkelwagen',
      { kind: 'CUSTOMER' },
      {
        MyCart: () => ({
          myCart: cart('mine', [[line(ids.product1, 'Zwemles', 1250, 2)], [line(ids.product2, 'Gitaarles', 2000, 1)]]),
        }),
        CheckoutPreview: () => preview,
        PlaceOrder: () => {
          placed++;
          return {
            checkout: {
              __typename: 'CheckoutPayload',
              errors: [],
              contributionCents: 0,
              paymentUrl: null,
              orders: [
                {
                  __typename: 'Order',
                  id: 'c0ffee00-0000-4000-8000-000000000001',
                  number: 'B100001',
                  status: 'PLACED',
                  providerName: 'Zwembad De Wetering',
                  totalCents: 2500,
                  budgetCents: 2500,
                  contributionCents: 0,
                  allocations: [],
                },
                {
                  __typename: 'Order',
                  id: 'c0ffee00-0000-4000-8000-000000000002',
                  number: 'B100002',
                  status: 'PLACED',
                  providerName: 'Muziekschool De Toon',
                  totalCents: 2000,
                  budgetCents: 2000,
                  contributionCents: 0,
                  allocations: [],
                },
              ],
            },
          };
        },
      },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Verder naar bestellen' }, { timeout: 5000 }));

    await screen.findByRole('heading', { level: 3, name: 'Bestelling bij Zwembad De Wetering' }, { timeout: 5000 });
    const swimming = screen.getByRole('region', { name: 'Bestelling bij Zwembad De Wetering' });
    expect(within(swimming).getByText(/uit Kindpakket 2026/)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Eigen bijdrage' })).toBeTruthy();
    expect(screen.getByText(/U betaalt/).textContent).toMatch(/€\s5,00/);

    const order = screen.getByRole('button', { name: 'Bestellen' });
    fireEvent.click(order);
    fireEvent.click(order);
    await screen.findByRole('heading', { level: 2, name: 'Bedankt voor uw bestelling' });
    expect(placed).toBe(1);
    const sent = operations.filter((o) => o.name === 'PlaceOrder');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.variables.input).toMatchObject({ expectedContributionCents: 500 });
    expect(String((sent[0]!.variables.input as { idempotencyKey: string }).idempotencyKey)).toMatch(/^[0-9a-f]{36}$/);
    expect(screen.getByRole('link', { name: 'Bestelling B100001' }).getAttribute('href')).toBe(
      '/account/bestellingen/c0ffee00-0000-4000-8000-000000000001',
    );
    expect(screen.getByRole('link', { name: 'Bestelling B100002' })).toBeTruthy();
  });

  it('shows the Dutch reason when the checkout is refused, and lets the customer go back', async () => {
    renderApp(
      '/winkelwagen?stap=controleren',
      { kind: 'CUSTOMER' },
      {
        MyCart: () => ({ myCart: cart('mine', [[line(ids.product1, 'Zwemles', 1250, 2)]]) }),
        CheckoutPreview: () => preview,
        PlaceOrder: () => ({
          checkout: {
            __typename: 'CheckoutPayload',
            errors: [
              {
                __typename: 'UserError',
                field: 'lines',
                code: 'BUDGET_CHANGED',
                message: 'Uw tegoed is intussen veranderd. Bekijk uw winkelwagen en probeer het opnieuw.',
              },
            ],
            contributionCents: 0,
            paymentUrl: null,
            orders: [],
          },
        }),
      },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Bestellen' }, { timeout: 5000 }));
    const alert = await screen.findByText('Uw bestelling is niet geplaatst');
    expect(alert.parentElement!.textContent).toContain('Uw tegoed is intussen veranderd.');
    expect(alert.parentElement!.textContent).toContain('bijgewerkte overzicht');
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Bestellen' }) as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Terug naar winkelwagen' }));
    await screen.findByRole('button', { name: 'Verder naar bestellen' });
  });
  it('asks for whom a line is where a member’s budget could pay, and saves the choice', async () => {
    const child = 'c0ffee00-0000-4000-8000-0000000000c1';
    const parent = 'c0ffee00-0000-4000-8000-0000000000a1';
    const zwemles = {
      ...line(ids.product1, 'Zwemles', 1250, 1),
      beneficiaryId: parent,
      beneficiaryName: 'Jan de Vries',
      beneficiaryOptions: [
        { __typename: 'CartBeneficiary' as const, id: parent, name: 'Jan de Vries' },
        { __typename: 'CartBeneficiary' as const, id: child, name: 'Emma de Vries' },
      ],
    };
    const { operations } = renderApp(
      '/winkelwagen',
      { kind: 'CUSTOMER' },
      {
        MyCart: () => ({ myCart: cart('mine', [[zwemles], [line(ids.product2, 'Gitaarles', 2000, 1)]]) }),
        SetCartBeneficiary: (v) => ({
          setCartBeneficiary: {
            __typename: 'CartPayload',
            errors: [],
            cart: cart('mine', [
              [{ ...zwemles, beneficiaryId: v.beneficiaryId as string, beneficiaryName: 'Emma de Vries' }],
              [line(ids.product2, 'Gitaarles', 2000, 1)],
            ]),
          },
        }),
      },
    );
    const select = (await screen.findByLabelText(/Voor wie\?/, undefined, { timeout: 5000 })) as HTMLSelectElement;
    // Only the line a member's budget could pay for asks.
    expect(screen.getAllByLabelText(/Voor wie\?/)).toHaveLength(1);
    expect(select.value).toBe(parent);
    fireEvent.change(select, { target: { value: child } });
    await waitFor(() => expect(operations.some((o) => o.name === 'SetCartBeneficiary')).toBe(true));
    expect(operations.find((o) => o.name === 'SetCartBeneficiary')!.variables).toEqual({
      productId: ids.product1,
      beneficiaryId: child,
    });
    await screen.findByText('Zwemles is nu voor Emma de Vries.');
  });

  it('lands on the confirmation step after paying the own contribution', async () => {
    const paymentId = 'c0ffee00-0000-4000-8000-00000000ba11';
    renderApp(
      `/winkelwagen?betaling=${paymentId}`,
      { kind: 'CUSTOMER' },
      {
        MyCart: () => ({ myCart: cart('mine', []) }),
        MyPayment: () => ({
          myPayment: {
            __typename: 'ContributionPayment',
            id: paymentId,
            status: 'PAID',
            amountCents: 500,
            paymentUrl: null,
            orders: [
              {
                __typename: 'Order',
                id: 'c0ffee00-0000-4000-8000-000000000001',
                number: 'B100001',
                status: 'PLACED',
                providerName: 'Zwembad De Wetering',
                totalCents: 2500,
                budgetCents: 2000,
                contributionCents: 500,
                allocations: [
                  {
                    __typename: 'OrderAllocation',
                    assignmentId: 'a1',
                    arrangementName: 'Kindpakket 2026',
                    amountCents: 2000,
                  },
                ],
                lines: [],
              },
            ],
          },
        }),
      },
    );
    await screen.findByRole('heading', { level: 2, name: 'Bedankt voor uw bestelling' }, { timeout: 5000 });
    expect(screen.getByText(/\(huidige stap\)/).parentElement!.textContent).toMatch(/^Bevestiging/);
    expect(screen.getByText('Uw betaling is gelukt')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Bestelling B100001' })).toBeTruthy();
    expect(screen.getByText(/uit Kindpakket 2026/).textContent).toMatch(/€\s20,00 uit Kindpakket 2026/);
    expect(screen.getByText(/eigen bijdrage \(zelf betaald\)/).textContent).toMatch(/€\s5,00/);
    expect(screen.getByRole('heading', { level: 3, name: 'Wat gebeurt er nu?' })).toBeTruthy();
  });

  it('offers to pay again while the payment is open, and to order again when it failed', async () => {
    const paymentId = 'c0ffee00-0000-4000-8000-00000000ba12';
    const order = {
      __typename: 'Order',
      id: 'c0ffee00-0000-4000-8000-000000000003',
      number: 'B100003',
      status: 'CANCELLED',
      providerName: 'Zwembad De Wetering',
      totalCents: 2500,
      budgetCents: 2000,
      contributionCents: 500,
      allocations: [],
      lines: [{ __typename: 'OrderLine', id: 'l1', productId: ids.product1, quantity: 2, beneficiaryId: null }],
    };
    const { operations } = renderApp(
      `/winkelwagen?betaling=${paymentId}`,
      { kind: 'CUSTOMER' },
      {
        MyCart: () => ({ myCart: cart('mine', [[line(ids.product1, 'Zwemles', 1250, 2)]]) }),
        MyPayment: () => ({
          myPayment: {
            __typename: 'ContributionPayment',
            id: paymentId,
            status: 'FAILED',
            amountCents: 500,
            paymentUrl: null,
            orders: [order],
          },
        }),
        AddToCart: () => ({
          addToCart: {
            __typename: 'CartPayload',
            errors: [],
            cart: cart('mine', [[line(ids.product1, 'Zwemles', 1250, 2)]]),
          },
        }),
      },
    );
    await screen.findByRole('heading', { level: 2, name: 'Uw bestelling is niet doorgegaan' }, { timeout: 5000 });
    expect(screen.getByText('Uw betaling is niet gelukt')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    await screen.findByRole('button', { name: 'Verder naar bestellen' });
    expect(operations.find((o) => o.name === 'AddToCart')!.variables).toMatchObject({
      productId: ids.product1,
      quantity: 2,
    });
  });
});
