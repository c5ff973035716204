import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/renderApp';

vi.mock('../../routes/privacy/PrivacyScreen', () => ({
  default: function BrokenScreen(): never {
    throw new Error('kapot');
  },
}));

afterEach(cleanup);

describe('error boundary inside a layout', () => {
  it('shows a Dutch message and keeps the header and navigation', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/privacy', { kind: 'ANONYMOUS' });
    await screen.findByRole('heading', { level: 1, name: 'Er ging iets mis' });
    expect(screen.getByRole('alert').textContent).toContain('Er ging iets mis bij het tonen van deze pagina.');
    expect(screen.getByRole('navigation', { name: 'Hoofdmenu' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pagina opnieuw laden' })).toBeTruthy();
  });
});
