import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '@/test/renderApp';
import { event, order, ORDER_ID } from './orderFixtures';

afterEach(cleanup);

const text = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ');

describe('/account/bestellingen/:orderId', () => {
  it('shows lines, payment, timeline and the pickup code with its QR code', async () => {
    renderApp(
      `/account/bestellingen/${ORDER_ID}`,
      { kind: 'CUSTOMER' },
      {
        AccountOrder: () => ({
          order: order({
            status: 'ACCEPTED',
            events: [event(null, 'PLACED'), event('PLACED', 'ACCEPTED', 'PROVIDER', '2026-03-04T08:30:00Z')],
          }),
        }),
      },
    );
    await screen.findByRole('heading', { level: 1, name: 'Bestelling B100001' });
    expect(screen.getByText('AB12CD34')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'QR-code van afhaalcode AB12CD34' })).toBeTruthy();
    const lines = screen.getByRole('table', { name: 'Producten in bestelling B100001' });
    expect(text(within(lines).getAllByRole('row')[1]!)).toBe('Zwemles (10 lessen)2€ 10,00€ 20,00');
    const payment = screen.getByRole('table', { name: 'Zo is de bestelling betaald' });
    expect(within(payment).getAllByRole('row').map(text)).toEqual([
      'Betaald metBedrag',
      'Tegoed: Kindpakket 2026€ 15,00',
      'Eigen bijdrage€ 5,00',
      'Totaal€ 20,00',
    ]);
    const timeline = screen.getByRole('list', { name: 'Verloop van de bestelling' });
    expect(within(timeline).getAllByRole('listitem').map(text)).toEqual([
      'Bestelling geplaatst3 maart 2026 om 14:05',
      'Geaccepteerd door de aanbieder4 maart 2026 om 09:30',
    ]);
    // Accepted: no cancel button, but a pointer to the provider.
    expect(screen.queryByRole('button', { name: 'Bestelling annuleren' })).toBeNull();
    expect(screen.getByText(/heeft uw bestelling al geaccepteerd/)).toBeTruthy();
  });

  it('cancels a placed order after a confirmation step', async () => {
    let cancelled = false;
    const { operations } = renderApp(
      `/account/bestellingen/${ORDER_ID}`,
      { kind: 'CUSTOMER' },
      {
        AccountOrder: () => ({ order: order({ status: cancelled ? 'CANCELLED' : 'PLACED' }) }),
        CancelMyOrder: () => {
          cancelled = true;
          return {
            cancelMyOrder: {
              __typename: 'OrderActionPayload',
              refundCents: 500,
              errors: [],
              order: {
                __typename: 'Order',
                id: ORDER_ID,
                status: 'CANCELLED',
                cancelReason: 'Toch geen tijd',
                events: [
                  event(null, 'PLACED'),
                  event('PLACED', 'CANCELLED', 'CUSTOMER', '2026-03-03T14:00:00Z', 'Toch geen tijd'),
                ],
              },
            },
          };
        },
      },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Bestelling annuleren' }));
    const question = screen.getByRole('heading', { name: 'Weet u zeker dat u bestelling B100001 wilt annuleren?' });
    await waitFor(() => expect(document.activeElement).toBe(question));
    // Changing one's mind goes back without cancelling.
    fireEvent.click(screen.getByRole('button', { name: 'Nee, niet annuleren' }));
    expect(operations.some((op) => op.name === 'CancelMyOrder')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Bestelling annuleren' }));
    fireEvent.change(screen.getByLabelText('Reden (niet verplicht)'), { target: { value: 'Toch geen tijd' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ja, annuleer de bestelling' }));
    expect(await screen.findByText('Uw bestelling is geannuleerd')).toBeTruthy();
    expect(operations.find((op) => op.name === 'CancelMyOrder')?.variables).toEqual({
      id: ORDER_ID,
      reason: 'Toch geen tijd',
    });
    expect(await screen.findByText('Geannuleerd door u')).toBeTruthy();
    expect(screen.queryByText('AB12CD34')).toBeNull();
  });

  it('shows the server’s reason when the cancel is refused', async () => {
    renderApp(
      `/account/bestellingen/${ORDER_ID}`,
      { kind: 'CUSTOMER' },
      {
        AccountOrder: () => ({ order: order() }),
        CancelMyOrder: () => ({
          cancelMyOrder: {
            __typename: 'OrderActionPayload',
            refundCents: 0,
            errors: [
              {
                __typename: 'UserError',
                field: null,
                code: 'NOT_ALLOWED',
                message: 'De aanbieder heeft deze bestelling al geaccepteerd.',
              },
            ],
            order: null,
          },
        }),
      },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Bestelling annuleren' }));
    fireEvent.click(screen.getByRole('button', { name: 'Ja, annuleer de bestelling' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('De aanbieder heeft deze bestelling al geaccepteerd.');
  });

  it('shows not found for an order that is not the household’s', async () => {
    renderApp(`/account/bestellingen/${ORDER_ID}`, { kind: 'CUSTOMER' }, { AccountOrder: () => ({ order: null }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pagina niet gevonden' })).toBeTruthy();
  });

  it('hides the pickup code until the own contribution is paid', async () => {
    renderApp(
      `/account/bestellingen/${ORDER_ID}`,
      { kind: 'CUSTOMER' },
      {
        AccountOrder: () => ({
          order: order({ status: 'AWAITING_PAYMENT', events: [event(null, 'AWAITING_PAYMENT')] }),
        }),
      },
    );
    expect(await screen.findByText('U ziet hier de afhaalcode zodra uw eigen bijdrage is betaald.')).toBeTruthy();
    expect(screen.queryByRole('img', { name: /QR-code/ })).toBeNull();
    expect(screen.getByText('Eigen bijdrage (nog te betalen)')).toBeTruthy();
  });
  it('offers to pay the unpaid own contribution again, and shows the server’s reason when it cannot', async () => {
    const { operations } = renderApp(
      `/account/bestellingen/${ORDER_ID}`,
      { kind: 'CUSTOMER' },
      {
        AccountOrder: () => ({
          order: order({ status: 'AWAITING_PAYMENT', events: [event(null, 'AWAITING_PAYMENT')] }),
        }),
        PayOwnContribution: () => ({
          payOwnContribution: {
            __typename: 'StartContributionPaymentPayload',
            paymentUrl: null,
            errors: [
              {
                __typename: 'UserError',
                code: 'PSP_UNAVAILABLE',
                message: 'De betaalpagina kan nu niet worden geopend. Probeer het over een paar minuten opnieuw.',
              },
            ],
          },
        }),
      },
    );
    const section = await screen.findByRole('region', { name: 'Eigen bijdrage nog niet betaald' });
    expect(text(section)).toContain('nog € 5,00 eigen bijdrage betalen');
    expect(text(section)).toContain('houden wij € 15,00 van uw tegoed vast');
    fireEvent.click(within(section).getByRole('button', { name: 'Eigen bijdrage betalen' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('De betaalpagina kan nu niet worden geopend.');
    await waitFor(() => expect(document.activeElement?.contains(alert)).toBe(true));
    expect(operations.find((op) => op.name === 'PayOwnContribution')?.variables).toEqual({ orderId: ORDER_ID });
  });

  it('cancels an unpaid order after a confirmation, with the budget back, and moves the focus to the result', async () => {
    let cancelled = false;
    const { operations } = renderApp(
      `/account/bestellingen/${ORDER_ID}`,
      { kind: 'CUSTOMER' },
      {
        AccountOrder: () => ({
          order: order({
            status: cancelled ? 'CANCELLED' : 'AWAITING_PAYMENT',
            events: [event(null, 'AWAITING_PAYMENT')],
          }),
        }),
        CancelUnpaidOrder: () => {
          cancelled = true;
          return {
            cancelUnpaidOrder: {
              __typename: 'OrderActionPayload',
              errors: [],
              order: order({
                status: 'CANCELLED',
                cancelReason: 'Geannuleerd door de klant voordat de eigen bijdrage was betaald',
                events: [
                  event(null, 'AWAITING_PAYMENT'),
                  event('AWAITING_PAYMENT', 'CANCELLED', 'CUSTOMER', '2026-03-03T14:00:00Z'),
                ],
              }),
            },
          };
        },
      },
    );
    const section = await screen.findByRole('region', { name: 'Eigen bijdrage nog niet betaald' });
    fireEvent.click(within(section).getByRole('button', { name: 'Bestelling annuleren' }));
    const question = screen.getByRole('heading', { name: 'Weet u zeker dat u bestelling B100001 wilt annuleren?' });
    await waitFor(() => expect(document.activeElement).toBe(question));
    fireEvent.click(screen.getByRole('button', { name: 'Nee, niet annuleren' }));
    expect(operations.some((op) => op.name === 'CancelUnpaidOrder')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Bestelling annuleren' }));
    fireEvent.click(screen.getByRole('button', { name: 'Ja, annuleer de bestelling' }));
    const done = await screen.findByText('Uw bestelling is geannuleerd');
    await waitFor(() => expect(document.activeElement?.contains(done)).toBe(true));
    expect(screen.getByText(/Het tegoed van € 15,00 staat weer op uw regeling/)).toBeTruthy();
    expect(operations.find((op) => op.name === 'CancelUnpaidOrder')?.variables).toEqual({ id: ORDER_ID });
  });
});
