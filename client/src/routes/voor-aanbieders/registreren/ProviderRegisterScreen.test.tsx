import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '@/test/renderApp';

afterEach(cleanup);

const terms = () => ({
  currentTerms: {
    __typename: 'TermsVersion',
    id: 't1',
    version: 1,
    title: 'Voorwaarden voor aanbieders',
    bodyHtml: '<p>Eerste regel.</p>\n<p>Tweede regel.</p>\n',
  },
});

function fill(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function fillValid() {
  fill('Naam van de organisatie', 'Sportclub Test');
  fill('KvK-nummer', '12345678');
  fill('Straat en huisnummer', 'Sportlaan 3');
  fill('Postcode', '7831 AB');
  fill('Plaats', 'Zuiderveen');
  fill('E-mailadres van de organisatie', 'info@club.nl');
  fill('Telefoonnummer', '0591 123 456');
  fill('IBAN', 'NL91 ABNA 0417 1643 00');
  fill('Uw naam', 'Tessa Test');
  fill('Uw e-mailadres', 'tessa@club.nl');
  fill(/^Wachtwoord/, 'paardenbloem-fietsbel');
  fireEvent.click(screen.getByLabelText(/Ik ga akkoord/));
}

describe('/voor-aanbieders/registreren', () => {
  it('shows the terms and checks every field in Dutch before calling the server', async () => {
    const { operations } = renderApp('/voor-aanbieders/registreren', { kind: 'ANONYMOUS' }, { CurrentTerms: terms });
    await screen.findByText('Tweede regel.');
    fireEvent.click(screen.getByRole('button', { name: 'Organisatie aanmelden' }));
    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByRole('link', { name: 'Vul het KvK-nummer van uw organisatie in.' }).getAttribute('href'),
    ).toBe('#registratie-kvkNumber');
    expect(
      within(alert)
        .getByRole('link', { name: /Ga akkoord met de voorwaarden/ })
        .getAttribute('href'),
    ).toBe('#registratie-acceptTerms');
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(screen.getByLabelText('Naam van de organisatie').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('IBAN').getAttribute('aria-invalid')).toBe('true');
    expect(operations.some((op) => op.name === 'RegisterProvider')).toBe(false);
  });

  it('shows server errors on their field, and the check-your-mail page after success', async () => {
    let attempt = 0;
    const { operations } = renderApp(
      '/voor-aanbieders/registreren',
      { kind: 'ANONYMOUS' },
      {
        CurrentTerms: terms,
        RegisterProvider: () => {
          attempt++;
          return {
            registerProvider: {
              __typename: 'RegisterProviderPayload',
              submitted: attempt > 1,
              errors:
                attempt > 1
                  ? []
                  : [
                      {
                        __typename: 'UserError',
                        field: 'kvkNumber',
                        code: 'KVK_TAKEN',
                        message: 'Er is al een aanbieder met dit KvK-nummer aangemeld.',
                      },
                    ],
            },
          };
        },
      },
    );
    await screen.findByText('Tweede regel.');
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Organisatie aanmelden' }));
    const kvk = screen.getByLabelText('KvK-nummer');
    await screen.findAllByText(/Er is al een aanbieder met dit KvK-nummer aangemeld/);
    expect(kvk.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('alert')));
    const sent = operations.find((op) => op.name === 'RegisterProvider')!;
    expect(sent.variables.input).toMatchObject({
      kvkNumber: '12345678',
      termsVersionId: 't1',
      acceptTerms: true,
      userEmail: 'tessa@club.nl',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Organisatie aanmelden' }));
    expect(await screen.findByRole('heading', { name: 'Controleer uw e-mail' })).toBeTruthy();
    expect(screen.getByText('tessa@club.nl')).toBeTruthy();
  });
});
