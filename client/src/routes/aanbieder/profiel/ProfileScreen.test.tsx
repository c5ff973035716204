import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '@/test/renderApp';

afterEach(cleanup);

const provider = { kind: 'PROVIDER' as const };

const profile = () => ({
  myProvider: {
    __typename: 'ProviderProfile',
    id: '7e8f9a0b-1c2d-4e3f-9a4b-5c6d7e8f9a0b',
    name: 'Zwembad De Wetering',
    kvkNumber: '12345678',
    iban: 'NL91ABNA0417164300',
    street: 'Dorpsstraat 12',
    postcode: '1234 AB',
    city: 'Zuiderveen',
    email: 'info@wetering.nl',
    phone: '0201234567',
    website: '',
    logoUrl: null,
    locations: [],
    description: '',
    users: [
      {
        __typename: 'ProviderUser',
        id: 'a0000000-0000-4000-8000-000000000001',
        name: 'Anna de Boer',
        email: 'anna@wetering.nl',
        emailVerified: true,
        isCurrentUser: true,
        lastLoginAt: null,
      },
      {
        __typename: 'ProviderUser',
        id: 'a0000000-0000-4000-8000-000000000002',
        name: 'Bert Smit',
        email: 'bert@wetering.nl',
        emailVerified: true,
        isCurrentUser: false,
        lastLoginAt: null,
      },
    ],
  },
  myMunicipalities: [],
});

describe('/aanbieder/profiel (form kit)', () => {
  it('checks an invitation with the server’s rules, then shows the server’s answer at the field', async () => {
    const { operations } = renderApp('/aanbieder/profiel', provider, {
      ProviderProfile: profile,
      InviteProviderUser: () => ({
        inviteProviderUser: {
          __typename: 'InviteProviderUserPayload',
          invited: false,
          errors: [{ __typename: 'UserError', field: 'email', code: 'INVALID', message: 'Dit adres kan niet.' }],
        },
      }),
    });
    // (Text queries: role queries are slow on a page this size.)
    const form = (await screen.findByText('Uitnodiging versturen')).closest('form')!;
    fireEvent.submit(form);
    const summary = (await within(form).findByText('Controleer de volgende gegevens')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    expect(
      within(summary)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Vul de naam van uw collega in.', 'Vul het e-mailadres van uw collega in.']);
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(operations.some((op) => op.name === 'InviteProviderUser')).toBe(false);

    fireEvent.change(within(form).getByLabelText('Naam'), { target: { value: 'Carla Jansen' } });
    fireEvent.change(within(form).getByLabelText('E-mailadres'), { target: { value: 'carla@wetering.nl' } });
    fireEvent.submit(form);
    await waitFor(() => expect(within(form).getByLabelText('E-mailadres').getAttribute('aria-invalid')).toBe('true'));
    expect(within(form).getAllByText('Dit adres kan niet.').length).toBe(2);
    expect(operations.find((op) => op.name === 'InviteProviderUser')!.variables).toEqual({
      input: { name: 'Carla Jansen', email: 'carla@wetering.nl' },
    });
  });

  it('saves the organisation and says so in the page’s notice', async () => {
    renderApp('/aanbieder/profiel', provider, {
      ProviderProfile: profile,
      UpdateMyProvider: ({ input }) => ({
        updateMyProvider: {
          __typename: 'ProviderPayload',
          errors: [],
          provider: { ...profile().myProvider, ...(input as object) },
        },
      }),
    });
    fireEvent.click(await screen.findByText('Gegevens opslaan'));
    const notice = await screen.findByText('De gegevens van uw organisatie zijn opgeslagen.');
    await waitFor(() => expect(document.activeElement).toBe(notice.closest('[role="status"]')));
  });

  it('removes a colleague after confirming', async () => {
    const { operations } = renderApp('/aanbieder/profiel', provider, {
      ProviderProfile: profile,
      RemoveProviderUser: ({ id }) => ({
        removeProviderUser: { __typename: 'RemoveProviderUserPayload', removedUserId: id, errors: [] },
      }),
    });
    fireEvent.click(
      (await screen.findByText('Bert Smit', { exact: false, selector: '.gw-visually-hidden' })).closest('button')!,
    );
    const yes = screen.getByText('Ja, verwijderen');
    await waitFor(() => expect(document.activeElement).toBe(yes));
    fireEvent.click(yes);
    expect(await screen.findByText('Bert Smit is verwijderd en kan niet meer inloggen.')).toBeTruthy();
    expect(operations.find((op) => op.name === 'RemoveProviderUser')!.variables).toEqual({
      id: 'a0000000-0000-4000-8000-000000000002',
    });
  });
});
