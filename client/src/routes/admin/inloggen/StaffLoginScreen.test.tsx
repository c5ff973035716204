import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, viewerData, type TestViewer } from '@/test/renderApp';

afterEach(cleanup);

describe('/admin/inloggen', () => {
  it('validates in Dutch before calling the server', async () => {
    const { operations } = renderApp('/admin/inloggen', { kind: 'ANONYMOUS' });
    await screen.findByRole('heading', { level: 1, name: 'Inloggen beheeromgeving' });
    fireEvent.click(screen.getByRole('button', { name: 'Inloggen' }));
    // The summary gets the focus and links to each field; the same message stands at the field.
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: 'Vul uw e-mailadres in.' }).getAttribute('href')).toBe(
      '#inloggen-email',
    );
    expect(within(summary).getByRole('link', { name: 'Vul uw wachtwoord in.' }).getAttribute('href')).toBe(
      '#inloggen-password',
    );
    await waitFor(() => expect(document.activeElement).toBe(summary));
    const email = screen.getByLabelText('E-mailadres');
    expect(email.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(email, { target: { value: 'geen-adres' } });
    fireEvent.click(screen.getByRole('button', { name: 'Inloggen' }));
    expect(await screen.findAllByText(/Vul een geldig e-mailadres in/)).toHaveLength(2);
    expect(operations.some((op) => op.name === 'LoginStaff')).toBe(false);
  });

  it('shows payload errors as a form-level alert', async () => {
    renderApp(
      '/admin/inloggen',
      { kind: 'ANONYMOUS' },
      {
        LoginStaff: () => ({
          loginStaff: {
            __typename: 'LoginPayload',
            viewer: null,
            errors: [
              {
                __typename: 'UserError',
                field: null,
                code: 'INVALID_CREDENTIALS',
                message: 'Het e-mailadres of wachtwoord klopt niet.',
              },
            ],
          },
        }),
      },
    );
    await screen.findByRole('heading', { level: 1, name: 'Inloggen beheeromgeving' });
    fireEvent.change(screen.getByLabelText('E-mailadres'), { target: { value: 'medewerker@gemeente.nl' } });
    fireEvent.change(screen.getByLabelText('Wachtwoord'), { target: { value: 'een lang wachtwoord' } });
    fireEvent.click(screen.getByRole('button', { name: 'Inloggen' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Het e-mailadres of wachtwoord klopt niet.');
  });

  it('refetches the viewer and goes to the return path after logging in', async () => {
    let viewer: TestViewer = { kind: 'ANONYMOUS' };
    const { router } = renderApp(
      '/admin/inloggen?terug=%2Fadmin%2Fklanten',
      { kind: 'ANONYMOUS' },
      {
        Viewer: () => viewerData(viewer),
        LoginStaff: () => {
          viewer = { kind: 'STAFF', permissions: ['PERSON_READ', 'DASHBOARD_VIEW'] };
          return {
            loginStaff: { __typename: 'LoginPayload', viewer: { __typename: 'ViewerInfo', kind: 'STAFF' }, errors: [] },
          };
        },
      },
    );
    await screen.findByRole('heading', { level: 1, name: 'Inloggen beheeromgeving' });
    fireEvent.change(screen.getByLabelText('E-mailadres'), { target: { value: 'medewerker@gemeente.nl' } });
    fireEvent.change(screen.getByLabelText('Wachtwoord'), { target: { value: 'een lang wachtwoord' } });
    fireEvent.click(screen.getByRole('button', { name: 'Inloggen' }));
    await screen.findByRole('heading', { level: 1, name: 'Klanten' }, { timeout: 3000 });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/klanten'));
  });
});
