import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Permission } from '@/graphql/generated/graphql';
import { renderApp } from '@/test/renderApp';

afterEach(cleanup);

const ID = '3f1c2b4e-8c1d-4a5e-9f00-0123456789ab';

const household = () => ({
  clientGroup: {
    __typename: 'ClientGroup',
    id: ID,
    clientNumber: 'ZV-100001',
    name: 'Huishouden De Vries',
    orderCount: 0,
    createdAt: '2026-01-05T10:00:00.000Z',
    municipality: { __typename: 'Municipality', id: 'm1', name: 'Gemeente Zuiderveen' },
    members: [
      {
        __typename: 'Person',
        id: 'p1',
        externalIdentifier: 'P-100001',
        fullName: 'Anna de Vries',
        dateOfBirth: '1985-03-02',
        erasedAt: null,
        cards: [{ __typename: 'Card', id: 'c1', status: 'ACTIVE', lastDigits: '1234' }],
      },
    ],
  },
  clientGroupAssignments: [],
});

function open(permissions: Permission[]) {
  return renderApp(`/admin/klantgroep/${ID}`, { kind: 'STAFF', permissions }, { AdminClientGroup: household });
}

describe('/admin/klantgroep/:clientId', () => {
  it('offers "Lid toevoegen" only to staff who may change persons (PERSON_WRITE)', async () => {
    open(['PERSON_READ']);
    await screen.findByRole('heading', { level: 1, name: 'Huishouden De Vries' });
    expect(screen.getByRole('link', { name: 'Anna de Vries' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Lid toevoegen' })).toBeNull();
    cleanup();

    open(['PERSON_READ', 'PERSON_WRITE']);
    await screen.findByRole('heading', { level: 1, name: 'Huishouden De Vries' });
    expect(screen.getByRole('link', { name: 'Lid toevoegen' }).getAttribute('href')).toBe(
      `/admin/klantgroep/${ID}/toevoegen`,
    );
  });

  it('shows "Geen toegang" on the add-member screen without PERSON_WRITE', async () => {
    renderApp(`/admin/klantgroep/${ID}/toevoegen`, { kind: 'STAFF', permissions: ['PERSON_READ'] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Geen toegang' })).toBeTruthy();
  });
});
