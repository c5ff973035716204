import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp';

afterEach(cleanup);

const operator = {
  __typename: 'OperatorInfo',
  id: 'o1',
  email: 'olga@lightbase.example',
  name: null,
  sessionExpiresAt: '2026-03-06T14:00:00.000Z',
  acting: null,
};

const operatorConsole = {
  __typename: 'OperatorConsole',
  municipalities: [
    {
      __typename: 'OperatorMunicipality',
      id: 'm1',
      name: 'Gemeente Zuiderveen',
      slug: 'zuiderveen',
      persons: 1020,
      activeAssignments: 480,
      providers: 12,
      ordersThisMonth: 7,
      budgetGrantedCents: 1250000,
      budgetSpentCents: 4550,
    },
  ],
  health: {
    __typename: 'PlatformHealth',
    jobs: { __typename: 'OperatorJobCounts', running: 0, waiting: 2, scheduled: 5, retrying: 1, failed: 0 },
    failedMails: 3,
    stoppedRefunds: 0,
    databaseSizeBytes: 52428800,
    digidCertificateExpiresAt: null,
  },
};

describe('/_lightbase', () => {
  it('shows every municipality with its figures and the health of the platform', async () => {
    renderApp('/_lightbase', { kind: 'ANONYMOUS' }, { OperatorConsole: () => ({ operator, operatorConsole }) });
    const table = await screen.findByRole('table');
    const row = within(table).getByRole('row', { name: /Gemeente Zuiderveen/ });
    expect(row.textContent).toContain('1.020');
    expect(row.textContent).toMatch(/€\s12\.500,00/);
    expect(row.textContent).toMatch(/€\s45,50/);
    expect(screen.getByText('Nog niet ingesteld')).toBeTruthy();
    expect(screen.getByText('50 MB')).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Gemeente Zuiderveen' })).toBeTruthy();
    expect(screen.getByLabelText(/Reden/)).toBeTruthy();
  });

  it('asks anyone else to log in with a link', async () => {
    renderApp(
      '/_lightbase',
      { kind: 'ANONYMOUS' },
      { OperatorConsole: () => ({ operator: null, operatorConsole: null }) },
    );
    expect(await screen.findByRole('link', { name: 'Inloggen met een inloglink' })).toBeTruthy();
  });
});
