import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '@/test/renderApp';

afterEach(cleanup);

const manager = { kind: 'STAFF' as const, permissions: ['API_CLIENT_MANAGE' as const, 'PERSON_READ' as const] };
const gemeente = { __typename: 'Municipality', id: '00000000-0000-4000-8000-000000000001', name: 'Noorderhaven' };
const KEY = 'gwk_1a2b3c4d_' + 'x'.repeat(43);

const client = {
  __typename: 'ApiClient',
  id: '00000000-0000-4000-8000-0000000000aa',
  name: 'Partner schuldhulp',
  keyPrefix: 'gwk_9f8e7d6c',
  status: 'ACTIVE',
  expiresOn: '2030-01-31',
  lastUsedAt: null,
  permissions: ['PERSON_READ'],
  working: true,
  notice: null as string | null,
  municipality: gemeente,
};

const list = (nodes: (typeof client)[]) => ({
  apiClients: {
    __typename: 'ApiClientConnection',
    totalCount: nodes.length,
    edges: nodes.map((node) => ({ __typename: 'ApiClientEdge', cursor: `c-${node.id}`, node })),
    pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null },
  },
});

describe('/admin/beheer/api', () => {
  it('lists the clients with prefix, municipality, permissions count, expiry, last use and status', async () => {
    renderApp('/admin/beheer/api', manager, { ApiClients: () => list([client]) });
    const table = await screen.findByRole('table', { name: /API-koppelingen/ });
    const row = within(table).getByRole('row', { name: /Partner schuldhulp/ });
    expect(row.textContent).toContain('gwk_9f8e7d6c…');
    expect(row.textContent).toContain('Noorderhaven');
    expect(row.textContent).toContain('Nog nooit');
    expect(row.textContent).toContain('Actief');
  });

  it('creates a client and shows its key once, with the focus on it', async () => {
    const { operations } = renderApp('/admin/beheer/api', manager, {
      ApiClients: () => list([]),
      ApiClientFormOptions: () => ({
        apiClientPermissionGroups: [
          {
            __typename: 'PermissionGroup',
            name: 'Klanten en passen',
            permissions: [
              {
                __typename: 'PermissionInfo',
                permission: 'PERSON_READ',
                description: 'Klantgroepen en personen bekijken',
              },
            ],
          },
        ],
        viewer: { __typename: 'ViewerInfo', municipalities: [gemeente] },
      }),
      CreateApiClient: () => ({
        createApiClient: {
          __typename: 'ApiClientKeyPayload',
          key: KEY,
          apiClient: { __typename: 'ApiClient', id: client.id, name: 'Partner', keyPrefix: 'gwk_1a2b3c4d' },
          errors: [],
        },
      }),
      ApiClientDetail: () => ({ apiClient: null }),
      ApiClientPermissionLabels: () => ({ apiClientPermissionGroups: [] }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Nieuwe koppeling' }));
    fireEvent.change(screen.getByLabelText('Naam', { exact: false, selector: '#koppeling-name' }), {
      target: { value: 'Partner' },
    });
    fireEvent.click(await screen.findByLabelText('Klantgroepen en personen bekijken'));
    await waitFor(() => expect((screen.getByLabelText(/^Gemeente/) as HTMLSelectElement).value).toBe(gemeente.id));
    fireEvent.click(screen.getByRole('button', { name: 'Koppeling aanmaken' }));
    const heading = await screen.findByRole('heading', { name: 'De sleutel van ‘Partner’' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect((screen.getByLabelText('API-sleutel') as HTMLInputElement).value).toBe(KEY);
    expect(screen.getByText('U ziet deze sleutel maar één keer')).toBeTruthy();
    expect(operations.find((op) => op.name === 'CreateApiClient')!.variables).toMatchObject({
      input: { name: 'Partner', municipalityId: gemeente.id, permissions: ['PERSON_READ'], ipAllowList: [] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Ik heb de sleutel bewaard' }));
    await waitFor(() => expect(screen.queryByLabelText('API-sleutel')).toBeNull());
    expect(screen.queryByText(KEY)).toBeNull();
  });

  it('says which client stopped with its maker, and lets the viewer take it over', async () => {
    const stopped = { ...client, working: false, notice: 'Werkt niet: de maker is gedeactiveerd.' };
    const detail = {
      ...stopped,
      lastUsedAt: null,
      createdAt: '2030-01-01T09:00:00Z',
      createdByName: 'Karim Klantcontact',
      revokedAt: null,
      rateLimitPerMinute: 600,
      ipAllowList: [],
      effectivePermissions: [],
      manageable: true,
      transferable: true,
      keys: [],
      encryptionKeys: [],
    };
    const { operations } = renderApp(`/admin/beheer/api?koppeling=${client.id}`, manager, {
      ApiClients: () => list([stopped]),
      ApiClientDetail: () => ({ apiClient: detail }),
      ApiClientPermissionLabels: () => ({ apiClientPermissionGroups: [] }),
      TransferApiClient: () => ({
        transferApiClient: {
          __typename: 'ApiClientPayload',
          apiClient: {
            __typename: 'ApiClient',
            id: client.id,
            working: true,
            notice: null,
            transferable: false,
            createdByName: 'Bea Beheer',
            effectivePermissions: ['PERSON_READ'],
          },
          errors: [],
        },
      }),
    });
    const table = await screen.findByRole('table', { name: /API-koppelingen/ });
    expect(within(table).getByRole('row', { name: /Partner schuldhulp/ }).textContent).toContain(
      'Werkt niet: de maker is gedeactiveerd.',
    );
    const section = await screen.findByRole('region', { name: 'Partner schuldhulp' });
    expect(within(section).getByText('Werkt niet: de maker is gedeactiveerd.')).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: 'Koppeling overnemen' }));
    fireEvent.click(within(section).getByRole('button', { name: 'Ja, neem deze koppeling over' }));
    await waitFor(() => expect(operations.some((op) => op.name === 'TransferApiClient')).toBe(true));
    expect(operations.find((op) => op.name === 'TransferApiClient')!.variables).toEqual({ id: client.id });
  });
});
