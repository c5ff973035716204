import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '@/test/renderApp';
import { order, orderConnection, ORDER_ID, PAYMENT_ID } from './orderFixtures';
import { paymentOutcome } from './PaymentReturnNotice';

afterEach(cleanup);

const text = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ');

function payment(status: string) {
  return {
    __typename: 'ContributionPayment',
    id: PAYMENT_ID,
    status,
    amountCents: 500,
    paymentUrl: status === 'OPEN' ? '/betalen/simulator/sim_1' : null,
    orders: [
      {
        __typename: 'Order',
        id: ORDER_ID,
        number: 'B100001',
        status: status === 'PAID' ? 'PLACED' : status === 'OPEN' ? 'AWAITING_PAYMENT' : 'CANCELLED',
      },
    ],
  };
}

describe('/account/bestellingen', () => {
  it('lists the orders with number, provider, date, status, total, budget and own contribution', async () => {
    renderApp(
      '/account/bestellingen',
      { kind: 'CUSTOMER' },
      { MyOrders: () => ({ myOrders: orderConnection([order()]) }) },
    );
    const table = await screen.findByRole('table', { name: /^Uw bestellingen, de nieuwste eerst: 1 van 1/ });
    const [, row] = within(table).getAllByRole('row');
    expect(within(row!).getByRole('link', { name: 'B100001' }).getAttribute('href')).toBe(
      `/account/bestellingen/${ORDER_ID}`,
    );
    expect(text(row!)).toBe('B100001Zwembad De Wetering3 maart 2026Geplaatst€ 20,00€ 15,00€ 5,00');
  });

  it('says which orders the municipality placed on the resident’s behalf, and why', async () => {
    renderApp(
      '/account/bestellingen',
      { kind: 'CUSTOMER' },
      {
        MyOrders: () => ({
          myOrders: orderConnection([order({ placedOnBehalf: true, onBehalfReason: 'U heeft geen DigiD.' })]),
        }),
      },
    );
    const table = await screen.findByRole('table', { name: /^Uw bestellingen/ });
    expect(text(table)).toContain('Geplaatst door de gemeente namens u — reden: U heeft geen DigiD.');
  });

  it('has an empty state that points to the offer', async () => {
    renderApp('/account/bestellingen', { kind: 'CUSTOMER' }, { MyOrders: () => ({ myOrders: orderConnection([]) }) });
    expect(await screen.findByText('U heeft nog geen bestellingen.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Bekijk het aanbod' }).getAttribute('href')).toBe('/aanbod');
  });

  it('says how the payment went on return from the payment page', async () => {
    const { operations } = renderApp(
      `/account/bestellingen?betaling=${PAYMENT_ID}`,
      { kind: 'CUSTOMER' },
      {
        MyOrders: () => ({ myOrders: orderConnection([order()]) }),
        PaymentReturn: () => ({ myPayment: payment('PAID') }),
      },
    );
    const notice = await screen.findByText('Uw betaling is gelukt');
    // Inside a polite live region, so screen readers announce it when it appears.
    expect(notice.closest('[role="status"]')).not.toBeNull();
    expect(text(notice.closest('[role="status"]')!)).toContain(
      'Wij hebben uw eigen bijdrage van € 5,00 ontvangen. Bestelling B100001 is doorgegeven',
    );
    expect(operations.find((op) => op.name === 'PaymentReturn')?.variables).toEqual({ id: PAYMENT_ID });
    // The list is read again once the payment is settled.
    await waitFor(() => expect(operations.filter((op) => op.name === 'MyOrders').length).toBeGreaterThanOrEqual(2));
  });

  it('maps every payment status to what the customer needs to know', () => {
    expect(paymentOutcome('OPEN')).toBe('pending');
    expect(paymentOutcome('PAID')).toBe('paid');
    expect(paymentOutcome('FAILED')).toBe('failed');
    expect(paymentOutcome('CANCELED')).toBe('failed');
    expect(paymentOutcome('EXPIRED')).toBe('failed');
    expect(paymentOutcome(null)).toBe('unknown');
  });

  it('tells the customer when the payment expired, and when it cannot be found', async () => {
    renderApp(
      `/account/bestellingen?betaling=${PAYMENT_ID}`,
      { kind: 'CUSTOMER' },
      {
        MyOrders: () => ({ myOrders: orderConnection([order({ status: 'CANCELLED' })]) }),
        PaymentReturn: () => ({ myPayment: payment('EXPIRED') }),
      },
    );
    expect(await screen.findByText('Uw betaling is verlopen')).toBeTruthy();
    expect(screen.getByText(/Daarom is bestelling B100001 geannuleerd/)).toBeTruthy();
    cleanup();
    renderApp(
      `/account/bestellingen?betaling=${PAYMENT_ID}`,
      { kind: 'CUSTOMER' },
      {
        MyOrders: () => ({ myOrders: orderConnection([]) }),
        PaymentReturn: () => ({ myPayment: null }),
      },
    );
    expect(await screen.findByText('Betaling niet gevonden')).toBeTruthy();
  });

  it('waits for the confirmation while the payment is open', async () => {
    renderApp(
      `/account/bestellingen?betaling=${PAYMENT_ID}`,
      { kind: 'CUSTOMER' },
      {
        MyOrders: () => ({ myOrders: orderConnection([order({ status: 'AWAITING_PAYMENT' })]) }),
        PaymentReturn: () => ({ myPayment: payment('OPEN') }),
      },
    );
    expect(await screen.findByText('Wij verwerken uw betaling')).toBeTruthy();
  });
});
