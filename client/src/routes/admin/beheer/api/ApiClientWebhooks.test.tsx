import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '@/test/renderApp';

afterEach(cleanup);

const manager = { kind: 'STAFF' as const, permissions: ['API_CLIENT_MANAGE' as const, 'ORDER_READ' as const] };
const gemeente = { __typename: 'Municipality', id: '00000000-0000-4000-8000-000000000001', name: 'Noorderhaven' };
const clientId = '00000000-0000-4000-8000-0000000000aa';
const endpointId = '00000000-0000-4000-8000-0000000000bb';
const SECRET = 'whsec_' + 'A'.repeat(44);

const detail = {
  __typename: 'ApiClient',
  id: clientId,
  name: 'Zaaksysteem',
  keyPrefix: 'gwk_9f8e7d6c',
  status: 'ACTIVE',
  expiresOn: '2030-01-31',
  lastUsedAt: null,
  createdAt: '2030-01-01T09:00:00Z',
  createdByName: 'Bea Beheer',
  revokedAt: null,
  rateLimitPerMinute: 600,
  ipAllowList: [],
  permissions: ['ORDER_READ'],
  effectivePermissions: ['ORDER_READ'],
  working: true,
  notice: null,
  manageable: true,
  transferable: false,
  municipality: gemeente,
  keys: [],
  encryptionKeys: [],
};

const types = [
  {
    __typename: 'WebhookEventTypeInfo',
    type: 'order.placed',
    description: 'Een bestelling is geplaatst.',
    permission: 'ORDER_READ',
  },
  {
    __typename: 'WebhookEventTypeInfo',
    type: 'payout.paid',
    description: 'Een uitbetalingsbatch is als betaald gemarkeerd.',
    permission: 'PAYOUT_MANAGE',
  },
];

const endpoint = {
  __typename: 'WebhookEndpoint',
  id: endpointId,
  url: 'https://partner.example/hooks',
  description: '',
  eventTypes: ['order.placed'],
  status: 'DISABLED',
  secretLastFour: 'AAAA',
  previousSecretUntil: null,
  consecutiveFailures: 12,
  disabledAt: '2030-01-02T10:00:00Z',
  createdAt: '2030-01-01T10:00:00Z',
};

const base = {
  ApiClients: () => ({
    apiClients: {
      __typename: 'ApiClientConnection',
      totalCount: 0,
      edges: [],
      pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null },
    },
  }),
  ApiClientDetail: () => ({ apiClient: detail }),
  ApiClientPermissionLabels: () => ({ apiClientPermissionGroups: [] }),
};

describe('/admin/beheer/api: webhooks', () => {
  it('creates an endpoint, shows the server’s Dutch refusal, then the secret once', async () => {
    let attempt = 0;
    const { operations } = renderApp(`/admin/beheer/api?koppeling=${clientId}`, manager, {
      ...base,
      ApiClientWebhooks: () => ({ webhookEndpoints: [], webhookEventTypes: types }),
      CreateWebhookEndpoint: () => ({
        createWebhookEndpoint:
          attempt++ === 0
            ? {
                __typename: 'WebhookSecretPayload',
                secret: null,
                endpoint: null,
                errors: [
                  {
                    __typename: 'UserError',
                    field: 'url',
                    code: 'PRIVATE_ADDRESS',
                    message: 'Dit adres verwijst naar een privé-, lokaal of gereserveerd netwerkadres.',
                  },
                ],
              }
            : {
                __typename: 'WebhookSecretPayload',
                secret: SECRET,
                endpoint: { __typename: 'WebhookEndpoint', id: endpointId, url: 'https://partner.example/hooks' },
                errors: [],
              },
      }),
    });
    const section = await screen.findByRole('region', { name: 'Webhooks' });
    expect(within(section).getByText('Deze koppeling heeft nog geen webhooks.')).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: 'Nieuwe webhook' }));
    // A type the client may not read cannot be chosen.
    expect((screen.getByRole('checkbox', { name: /payout\.paid/ }) as HTMLInputElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(/Adres \(URL\)/), { target: { value: 'https://10.0.0.1/hooks' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /order\.placed/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Webhook aanmaken' }));
    expect(await screen.findAllByText(/privé-, lokaal of gereserveerd/)).not.toHaveLength(0);
    fireEvent.change(screen.getByLabelText(/Adres \(URL\)/), { target: { value: 'https://partner.example/hooks' } });
    fireEvent.click(screen.getByRole('button', { name: 'Webhook aanmaken' }));
    const heading = await screen.findByRole('heading', { name: /De ondertekeningssleutel van de webhook/ });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect((screen.getByLabelText('Ondertekeningssleutel') as HTMLInputElement).value).toBe(SECRET);
    expect(operations.filter((op) => op.name === 'CreateWebhookEndpoint').at(-1)!.variables).toEqual({
      input: {
        apiClientId: clientId,
        url: 'https://partner.example/hooks',
        eventTypes: ['order.placed'],
        description: null,
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Ik heb de sleutel bewaard' }));
    await waitFor(() => expect(screen.queryByLabelText('Ondertekeningssleutel')).toBeNull());
  });

  it('says an endpoint was switched off, turns it on again, and shows its delivery log', async () => {
    const { operations } = renderApp(`/admin/beheer/api?koppeling=${clientId}&webhook=${endpointId}`, manager, {
      ...base,
      ApiClientWebhooks: () => ({ webhookEndpoints: [endpoint], webhookEventTypes: types }),
      SetWebhookEndpointPaused: () => ({
        setWebhookEndpointPaused: {
          __typename: 'WebhookEndpointPayload',
          endpoint: {
            __typename: 'WebhookEndpoint',
            id: endpointId,
            status: 'ACTIVE',
            consecutiveFailures: 0,
            disabledAt: null,
          },
          errors: [],
        },
      }),
      WebhookAttempts: () => ({
        webhookAttempts: {
          __typename: 'WebhookAttemptConnection',
          totalCount: 1,
          totalCountCapped: false,
          pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null },
          edges: [
            {
              __typename: 'WebhookAttemptEdge',
              cursor: 'c1',
              node: {
                __typename: 'WebhookAttempt',
                id: '00000000-0000-4000-8000-0000000000cc',
                attemptedAt: '2030-01-02T09:59:00Z',
                statusCode: 503,
                durationMs: 42,
                responseStart: 'Onderhoud',
                error: 'Antwoord 503',
                succeeded: false,
                deliveryId: '00000000-0000-4000-8000-0000000000dd',
                deliveryStatus: 'PENDING',
                eventType: 'order.placed',
              },
            },
          ],
        },
      }),
    });
    expect(await screen.findByText(/na te veel mislukte afleveringen op rij/)).toBeTruthy();
    const table = await screen.findByRole('table', { name: /Pogingen/ });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('order.placed');
    expect(row.textContent).toContain('503');
    expect(row.textContent).toContain('Onderhoud');
    fireEvent.click(screen.getByRole('button', { name: 'Weer aanzetten' }));
    await waitFor(() => expect(operations.some((op) => op.name === 'SetWebhookEndpointPaused')).toBe(true));
    expect(operations.find((op) => op.name === 'SetWebhookEndpointPaused')!.variables).toEqual({
      id: endpointId,
      paused: false,
    });
  });
});
