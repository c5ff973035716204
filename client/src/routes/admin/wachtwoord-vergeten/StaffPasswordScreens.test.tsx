import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '@/test/renderApp';

afterEach(cleanup);

describe('/admin/wachtwoord-vergeten', () => {
  it('is linked from the staff log-in', async () => {
    renderApp('/admin/inloggen', { kind: 'ANONYMOUS' });
    await screen.findByRole('heading', { level: 1, name: 'Inloggen beheeromgeving' });
    expect(screen.getByRole('link', { name: 'Wachtwoord vergeten?' }).getAttribute('href')).toBe(
      '/admin/wachtwoord-vergeten',
    );
  });

  it('validates in Dutch, then gives the same confirmation whatever the address', async () => {
    const { operations } = renderApp(
      '/admin/wachtwoord-vergeten',
      { kind: 'ANONYMOUS' },
      {
        RequestStaffPasswordReset: () => ({
          requestStaffPasswordReset: { __typename: 'RequestPasswordResetPayload', requested: true, errors: [] },
        }),
      },
    );
    await screen.findByRole('heading', { level: 1, name: 'Wachtwoord vergeten' });
    fireEvent.click(screen.getByRole('button', { name: 'Link versturen' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Vul uw e-mailadres in.');
    expect(operations.some((op) => op.name === 'RequestStaffPasswordReset')).toBe(false);

    fireEvent.change(screen.getByLabelText('E-mailadres'), { target: { value: 'medewerker@gemeente.nl' } });
    fireEvent.click(screen.getByRole('button', { name: 'Link versturen' }));
    expect(await screen.findByText(/Als er een account is met het e-mailadres/)).toBeTruthy();
    expect(screen.getByText('medewerker@gemeente.nl')).toBeTruthy();
    expect(operations.find((op) => op.name === 'RequestStaffPasswordReset')?.variables).toEqual({
      email: 'medewerker@gemeente.nl',
    });
    expect(screen.getByRole('link', { name: 'Terug naar inloggen' }).getAttribute('href')).toBe('/admin/inloggen');
  });

  it('sets a new password with the token from the URL and leads back to the staff log-in', async () => {
    const { operations } = renderApp(
      '/admin/wachtwoord-vergeten/dGhpcy1pcy1hLXRva2Vu',
      { kind: 'ANONYMOUS' },
      {
        ResetStaffPassword: () => ({
          resetStaffPassword: { __typename: 'ResetPasswordPayload', passwordChanged: true, errors: [] },
        }),
      },
    );
    await screen.findByRole('heading', { level: 1, name: 'Nieuw wachtwoord kiezen' });
    fireEvent.change(screen.getByLabelText(/^Nieuw wachtwoord/), { target: { value: 'een-heel-nieuw-wachtwoord' } });
    fireEvent.change(screen.getByLabelText('Herhaal het nieuwe wachtwoord'), {
      target: { value: 'een-heel-nieuw-wachtwoord' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Wachtwoord opslaan' }));
    expect(
      await screen.findByText('U bent op alle apparaten uitgelogd. Log opnieuw in met uw nieuwe wachtwoord.'),
    ).toBeTruthy();
    expect(operations.find((op) => op.name === 'ResetStaffPassword')?.variables).toEqual({
      token: 'dGhpcy1pcy1hLXRva2Vu',
      newPassword: 'een-heel-nieuw-wachtwoord',
    });
    expect(screen.getByRole('link', { name: 'Inloggen in de beheeromgeving' }).getAttribute('href')).toBe(
      '/admin/inloggen',
    );
  });

  it('explains a link that no longer works and offers a new one', async () => {
    renderApp(
      '/admin/wachtwoord-vergeten/dGhpcy1pcy1hLXRva2Vu',
      { kind: 'ANONYMOUS' },
      {
        ResetStaffPassword: () => ({
          resetStaffPassword: {
            __typename: 'ResetPasswordPayload',
            passwordChanged: false,
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
    await screen.findByRole('heading', { level: 1, name: 'Nieuw wachtwoord kiezen' });
    fireEvent.change(screen.getByLabelText(/^Nieuw wachtwoord/), { target: { value: 'een-heel-nieuw-wachtwoord' } });
    fireEvent.change(screen.getByLabelText('Herhaal het nieuwe wachtwoord'), {
      target: { value: 'een-heel-nieuw-wachtwoord' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Wachtwoord opslaan' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Deze link werkt niet (meer).');
    expect(screen.getByRole('link', { name: 'Vraag een nieuwe link aan' }).getAttribute('href')).toBe(
      '/admin/wachtwoord-vergeten',
    );
  });
  const RESET_OK = {
    ResetStaffPassword: () => ({
      resetStaffPassword: { __typename: 'ResetPasswordPayload', passwordChanged: true, errors: [] },
    }),
  };
  const choose = () => {
    fireEvent.change(screen.getByLabelText(/^Nieuw wachtwoord/), { target: { value: 'een-heel-nieuw-wachtwoord' } });
    fireEvent.change(screen.getByLabelText('Herhaal het nieuwe wachtwoord'), {
      target: { value: 'een-heel-nieuw-wachtwoord' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Wachtwoord opslaan' }));
  };

  it('the invitation link: "Stel uw wachtwoord in", and nobody told they were logged out', async () => {
    const { operations } = renderApp(
      '/admin/wachtwoord-vergeten/dGhpcy1pcy1hLXRva2Vu?uitnodiging=1',
      { kind: 'ANONYMOUS' },
      RESET_OK,
    );
    await screen.findByRole('heading', { level: 1, name: 'Stel uw wachtwoord in' });
    expect(screen.queryByText(/was in deze browser nog ingelogd/)).toBeNull();
    choose();
    expect(await screen.findByText('Log nu in met uw e-mailadres en dit wachtwoord.')).toBeTruthy();
    expect(screen.queryByText(/uitgelogd/)).toBeNull();
    expect(operations.some((op) => op.name === 'Logout')).toBe(false);
    expect(screen.getByRole('link', { name: 'Inloggen in de beheeromgeving' }).getAttribute('href')).toBe(
      '/admin/inloggen',
    );
  });

  it('the invitation link in a browser with another staff session: that session ends first, and the page says so', async () => {
    const { operations } = renderApp(
      '/admin/wachtwoord-vergeten/dGhpcy1pcy1hLXRva2Vu?uitnodiging=1',
      { kind: 'STAFF', displayName: 'Fatima Beheer' },
      { ...RESET_OK, Logout: () => ({ logout: true }) },
    );
    await screen.findByRole('heading', { level: 1, name: 'Stel uw wachtwoord in' });
    expect((await screen.findByText(/Fatima Beheer was in deze browser nog ingelogd\./)).textContent).toContain(
      'Die sessie is beëindigd, zodat u uw eigen wachtwoord kunt instellen.',
    );
    expect(operations.filter((op) => op.name === 'Logout')).toHaveLength(1);
    expect(screen.getByLabelText(/^Nieuw wachtwoord/)).toBeTruthy();
  });
});
