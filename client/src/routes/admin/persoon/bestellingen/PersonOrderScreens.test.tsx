import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '@/test/renderApp';
import { order, orderConnection, ORDER_ID } from '@/routes/account/bestellingen/orderFixtures';

afterEach(cleanup);

const staff = { kind: 'STAFF' as const, permissions: ['PERSON_READ' as const] };
const EXT = 'K-000123';
const GROUP = '7f3e9c2a-1b4d-4e5f-8a6b-9c0d1e2f3a4b';
const person = {
  __typename: 'Person',
  id: 'e1f2a3b4-c5d6-4e7f-8a9b-0c1d2e3f4a5b',
  externalIdentifier: EXT,
  fullName: 'Sara Testmans',
  clientGroupId: GROUP,
  clientGroupName: 'Huishouden Testmans',
};
const householdOrder = (n: number, status = 'PLACED') =>
  order({
    id: `${ORDER_ID.slice(0, -2)}${String(n).padStart(2, '0')}`,
    number: `B10000${n}`,
    status,
    clientGroupId: GROUP,
  });

describe('/admin/persoon/:externalIdentifier/bestellingen (list kit)', () => {
  it('pages the household orders with "load more" and links each to the person order screen', async () => {
    const { operations } = renderApp(`/admin/persoon/${EXT}/bestellingen`, staff, {
      AdminPersonOrdersPerson: () => ({ person }),
      AdminPersonOrders: (v) =>
        v.after
          ? { personOrders: orderConnection([householdOrder(3)], false, 3) }
          : { personOrders: orderConnection([householdOrder(1), householdOrder(2)], true, 3) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Bestellingen van Sara Testmans' })).toBeTruthy();
    await screen.findByRole('table', { name: 'Bestellingen van Huishouden Testmans: 2 van 3' });
    fireEvent.click(screen.getByRole('button', { name: 'Meer bestellingen laden' }));
    const table = await screen.findByRole('table', { name: 'Bestellingen van Huishouden Testmans: 3 van 3' });
    const links = within(table).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['B100001', 'B100002', 'B100003']);
    expect(links[0]!.getAttribute('href')).toBe(
      `/admin/persoon/${EXT}/bestellingen/${GROUP}/${householdOrder(1).id as string}`,
    );
    expect(operations.filter((op) => op.name === 'AdminPersonOrders').map((op) => op.variables.after ?? null)).toEqual([
      null,
      `c-${householdOrder(2).id as string}`,
    ]);
  });

  it('filters by status through the URL and says when nothing matches', async () => {
    const { operations } = renderApp(`/admin/persoon/${EXT}/bestellingen?status=geleverd`, staff, {
      AdminPersonOrdersPerson: () => ({ person }),
      AdminPersonOrders: () => ({ personOrders: orderConnection([]) }),
    });
    expect(await screen.findByText(/Dit huishouden heeft geen bestellingen met de status ‘geleverd’/)).toBeTruthy();
    expect(operations.find((op) => op.name === 'AdminPersonOrders')!.variables).toMatchObject({
      externalIdentifier: EXT,
      filter: { status: 'DELIVERED' },
    });
  });

  it('shows "not found" for an unknown person', async () => {
    renderApp(`/admin/persoon/${EXT}/bestellingen`, staff, {
      AdminPersonOrdersPerson: () => ({ person: null }),
      AdminPersonOrders: () => ({ personOrders: null }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Persoon niet gevonden' })).toBeTruthy();
  });
});

describe('/admin/persoon/:externalIdentifier/bestellingen/:clientId/:orderId (QueryBoundary)', () => {
  it('shows the order of the household', async () => {
    renderApp(`/admin/persoon/${EXT}/bestellingen/${GROUP}/${ORDER_ID}`, staff, {
      AdminPersonOrder: () => ({ person, order: order({ clientGroupId: GROUP }) }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Bestelling B100001' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sara Testmans' }).getAttribute('href')).toBe(`/admin/persoon/${EXT}`);
  });

  it('refuses an order of another household as not found', async () => {
    renderApp(`/admin/persoon/${EXT}/bestellingen/${GROUP}/${ORDER_ID}`, staff, {
      AdminPersonOrder: () => ({ person, order: order({ clientGroupId: 'a0000000-0000-4000-8000-000000000000' }) }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Bestelling niet gevonden' })).toBeTruthy();
  });

  it('offers a retry when it cannot be loaded', async () => {
    renderApp(`/admin/persoon/${EXT}/bestellingen/${GROUP}/${ORDER_ID}`, staff, {
      AdminPersonOrder: () => {
        throw new Error('down');
      },
    });
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Deze bestelling kon niet worden geladen\./);
    expect(screen.getByRole('button', { name: 'Opnieuw proberen' })).toBeTruthy();
  });
});
