import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '@/test/renderApp';

afterEach(cleanup);

const dashboard = () => ({
  adminDashboard: {
    __typename: 'AdminDashboard',
    productsToReview: 0,
    providersToApprove: 0,
    approvedProducts: 0,
    providers: 0,
    clientGroups: 0,
    persons: 0,
    activeArrangements: 0,
    ordersWaiting: 0,
    ordersWaitingDays: 3,
    ordersWaitingPlacedUntil: '2026-03-06',
    municipalities: [],
    budgetUse: [],
  },
});

const warning = (daysLeft: number) => ({
  digidCertificateWarning: {
    __typename: 'DigidCertificateWarning',
    certificateId: 'c1',
    state: 'CURRENT',
    notAfter: '2026-04-20T12:00:00.000Z',
    daysLeft,
  },
});

describe('the DigiD certificate warning on the dashboard', () => {
  it('warns staff who manage the settings, with the days left and the way to the rollover', async () => {
    renderApp(
      '/admin',
      { kind: 'STAFF', permissions: ['DASHBOARD_VIEW', 'SETTINGS_MANAGE'] },
      { AdminDashboard: dashboard, DigidCertificateWarning: () => warning(45) },
    );
    expect(await screen.findByText('DigiD-certificaat verloopt binnenkort')).toBeTruthy();
    expect(screen.getByText(/Het DigiD-certificaat verloopt over 45 dagen \(op 20 april 2026\)/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Nieuw DigiD-certificaat aanvragen' }).getAttribute('href')).toBe(
      '/admin/beheer/instellingen/digid/nieuwe-certificaten',
    );
  });

  it('says nothing to staff without the settings permission', async () => {
    renderApp(
      '/admin',
      { kind: 'STAFF', permissions: ['DASHBOARD_VIEW'] },
      { AdminDashboard: dashboard, DigidCertificateWarning: () => warning(10) },
    );
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, { timeout: 5000 });
    expect(screen.queryByText('DigiD-certificaat verloopt binnenkort')).toBeNull();
  });
});
