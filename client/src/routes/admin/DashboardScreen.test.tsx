import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp';

afterEach(cleanup);

describe('/admin', () => {
  it('shows the counts of the dashboard', async () => {
    renderApp(
      '/admin',
      { kind: 'STAFF', permissions: ['DASHBOARD_VIEW', 'PRODUCT_REVIEW'] },
      {
        AdminDashboard: () => ({
          adminDashboard: {
            __typename: 'AdminDashboard',
            productsToReview: 3,
            providersToApprove: 1,
            approvedProducts: 1234,
            providers: 12,
            clientGroups: 480,
            persons: 1020,
            activeArrangements: 4,
          },
        }),
      },
    );
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    const stat = (label: string) =>
      within(screen.getByText(label).parentElement as HTMLElement).getByRole('definition');
    expect((await screen.findByText('Producten te beoordelen')).tagName).toBe('DT');
    expect(stat('Producten te beoordelen').textContent).toBe('3');
    expect(stat('Goedgekeurde producten').textContent).toBe('1.234');
    expect(stat('Actieve regelingen').textContent).toBe('4');
    expect(screen.getByRole('link', { name: 'Producten beoordelen' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Aanbieders beoordelen' })).toBeNull();
  });
});
