import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp';

afterEach(cleanup);

describe('/email-bevestigen', () => {
  it('explains a link without a token', async () => {
    renderApp('/email-bevestigen', { kind: 'ANONYMOUS' });
    expect(await screen.findByText('Deze link is niet volledig')).toBeTruthy();
  });

  it('confirms only after a click (a mail scanner cannot use up the token) and shows the result', async () => {
    const { operations } = renderApp(
      '/email-bevestigen?token=abc',
      { kind: 'ANONYMOUS' },
      {
        ConfirmEmail: () => ({ confirmEmail: { __typename: 'ConfirmEmailPayload', confirmed: true, errors: [] } }),
      },
    );
    const button = await screen.findByRole('button', { name: 'E-mailadres bevestigen' });
    expect(operations.some((op) => op.name === 'ConfirmEmail')).toBe(false);
    fireEvent.click(button);
    expect(await screen.findByText('Uw e-mailadres is bevestigd')).toBeTruthy();
    expect(operations.find((op) => op.name === 'ConfirmEmail')!.variables).toEqual({ token: 'abc' });
  });

  it('shows a used or expired link in Dutch, with the way forward', async () => {
    renderApp(
      '/email-bevestigen?token=abc',
      { kind: 'ANONYMOUS' },
      {
        ConfirmEmail: () => ({
          confirmEmail: {
            __typename: 'ConfirmEmailPayload',
            confirmed: false,
            errors: [
              {
                __typename: 'UserError',
                field: 'token',
                code: 'INVALID_TOKEN',
                message: 'Deze link werkt niet (meer).',
              },
            ],
          },
        }),
      },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'E-mailadres bevestigen' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Deze link werkt niet (meer).');
    expect(screen.getByRole('link', { name: 'Vraag een nieuw wachtwoord aan' })).toBeTruthy();
  });
});
