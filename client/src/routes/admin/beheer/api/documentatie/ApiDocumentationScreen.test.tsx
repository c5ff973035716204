import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '@/test/renderApp';
import { filterOperations } from './apiDocumentation';

afterEach(cleanup);

/** The live count of the shown operations (the layout has other status regions). */
const countText = () =>
  screen
    .getAllByRole('status')
    .map((e) => e.textContent ?? '')
    .find((t) => /operatie/.test(t));

function operation(overrides: Record<string, unknown>) {
  return {
    __typename: 'ApiOperation',
    kind: 'QUERY',
    name: 'op',
    description: null,
    deprecationReason: null,
    arguments: [],
    returnType: 'String',
    returnTypeDescription: null,
    returnFields: [],
    permissions: [],
    audiences: [],
    public: false,
    exampleQuery: 'query Op {\n  op\n}\n',
    exampleVariables: '{}',
    ...overrides,
  };
}

const DOCS = {
  apiDocumentation: {
    __typename: 'ApiDocumentation',
    operations: [
      operation({
        name: 'adminOrders',
        description: 'Orders of the municipality, newest first. Amounts in cents.',
        arguments: [
          {
            __typename: 'ApiArgument',
            name: 'first',
            type: 'Int',
            defaultValue: '25',
            description: 'How many orders per page.',
          },
        ],
        returnType: 'OrderConnection!',
        returnTypeDescription: 'A page of orders.',
        returnFields: [
          {
            __typename: 'ApiField',
            name: 'totalCount',
            type: 'Int!',
            description: 'How many items match, over all pages.',
            deprecationReason: null,
            personalData: null,
          },
        ],
        permissions: ['ORDER_READ'],
        exampleQuery: 'query AdminOrders($first: Int) {\n  adminOrders(first: $first) { totalCount }\n}\n',
        exampleVariables: '{\n  "first": 25\n}',
      }),
      operation({ name: 'viewer', description: 'Who is logged in.', public: true }),
      operation({ name: 'myOrders', description: 'The resident’s own orders.', audiences: ['CUSTOMER'] }),
      operation({
        kind: 'MUTATION',
        name: 'cancelOrder',
        description: 'Cancels an order and refunds it.',
        permissions: ['ORDER_CANCEL'],
      }),
    ],
    permissions: [
      { __typename: 'ApiPermission', permission: 'ORDER_READ', description: 'Bestellingen bekijken', group: 'Aanbod' },
      {
        __typename: 'ApiPermission',
        permission: 'ORDER_CANCEL',
        description: 'Bestellingen annuleren met terugbetaling',
        group: 'Aanbod',
      },
    ],
    sdl: 'type Query { viewer: ViewerInfo! }\n',
    changelog: [
      {
        __typename: 'SchemaChange',
        date: '2026-11-24',
        change: 'Schema released.',
        reason: 'The first version partners may rely on.',
        path: null,
      },
    ],
    restRoutes: [
      {
        __typename: 'ApiRestRoute',
        method: 'GET',
        path: '/api/admin/bestellingen.csv',
        description: 'The orders of the municipalities in scope as CSV.',
        permissions: ['ORDER_READ'],
        requestBody: null,
        requiredHeader: null,
        scope: 'The key’s municipality: rows of other municipalities are left out.',
      },
      {
        __typename: 'ApiRestRoute',
        method: 'POST',
        path: '/api/payouts/:batchId/export',
        description: 'Exports a draft payout batch as a SEPA file.',
        permissions: ['PAYOUT_MANAGE'],
        requestBody: null,
        requiredHeader: 'x-gemeentewinkel-download',
        scope: 'The key’s municipality: rows of other municipalities are left out.',
      },
    ],
  },
};

describe('/admin/beheer/api/documentatie', () => {
  it('shows the operations with their arguments, fields, permissions and example', async () => {
    renderApp(
      '/admin/beheer/api/documentatie',
      { kind: 'STAFF', permissions: ['API_CLIENT_MANAGE', 'ORDER_READ'] },
      {
        ApiDocumentation: () => DOCS,
      },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'API-documentatie' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Queries (3)' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Mutaties (1)' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download SDL' }).getAttribute('href')).toMatch(/^data:text\/plain/);

    fireEvent.click(screen.getByText('adminOrders'));
    const details = screen.getByText('adminOrders').closest('details')!;
    expect(details.open).toBe(true);
    const d = within(details);
    expect((await d.findByText(/met het recht/)).textContent).toMatch(/ORDER_READ: Bestellingen bekijken/);
    expect(d.getByRole('table', { name: 'Argumenten van adminOrders' })).toBeTruthy();
    expect(d.getByRole('rowheader', { name: 'first' })).toBeTruthy();
    expect(d.getByRole('table', { name: 'Velden van OrderConnection!' })).toBeTruthy();
    expect(d.getByText(/query AdminOrders/)).toBeTruthy();
    expect(screen.getByText('Schema released.')).toBeTruthy();

    // The HTTP routes partners may call, from the server's route declarations.
    const routes = screen.getByRole('table', { name: 'HTTP-routes die koppelingen mogen aanroepen' });
    expect(within(routes).getByRole('rowheader', { name: 'GET /api/admin/bestellingen.csv' })).toBeTruthy();
    expect(within(routes).getByText('x-gemeentewinkel-download: 1')).toBeTruthy();
  });

  it('searches, and filters on kind and on what the permissions allow', async () => {
    renderApp(
      '/admin/beheer/api/documentatie',
      { kind: 'STAFF', permissions: ['API_CLIENT_MANAGE', 'ORDER_READ'] },
      {
        ApiDocumentation: () => DOCS,
      },
    );
    await screen.findByRole('heading', { level: 1, name: 'API-documentatie' });
    fireEvent.click(screen.getByLabelText(/Alleen wat deze rechten mogen/));
    // ORDER_READ allows adminOrders; viewer is open to all; myOrders (residents only) and cancelOrder are left out.
    expect(countText()).toMatch(/^2 operaties/);
    expect(screen.queryByText('cancelOrder')).toBeNull();
    expect(screen.queryByText('myOrders')).toBeNull();
    // The routes too: ORDER_READ may export orders, not payouts.
    expect(screen.getByRole('heading', { level: 2, name: 'HTTP-routes voor koppelingen (1)' })).toBeTruthy();
    expect(screen.queryByText(/POST \/api\/payouts/)).toBeNull();

    fireEvent.change(screen.getByLabelText('Zoek op naam, beschrijving of type'), { target: { value: 'cents' } });
    expect(countText()).toMatch(/^1 operatie/);

    fireEvent.click(screen.getByLabelText(/Alleen wat deze rechten mogen/));
    fireEvent.change(screen.getByLabelText('Zoek op naam, beschrijving of type'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Soort'), { target: { value: 'MUTATION' } });
    expect(screen.getByText('cancelOrder')).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 2, name: /Queries/ })).toBeNull();
  });

  it('filters operations by a set of permissions', () => {
    const ops = DOCS.apiDocumentation.operations as never[];
    const names = (permissions: string[]) =>
      filterOperations(ops, { search: '', kind: 'ALL', permissions: permissions as never }).map(
        (o: { name: string }) => o.name,
      );
    expect(names([])).toEqual(['viewer']);
    expect(names(['ORDER_CANCEL'])).toEqual(['viewer', 'cancelOrder']);
  });

  it('documents the webhook event types with an example body, and verification in Node, Python and C#', async () => {
    renderApp(
      '/admin/beheer/api/documentatie',
      { kind: 'STAFF', permissions: ['API_CLIENT_MANAGE', 'ORDER_READ'] },
      {
        ApiDocumentation: () => DOCS,
        ApiDocumentationWebhooks: () => ({
          webhookEventTypes: [
            {
              __typename: 'WebhookEventTypeInfo',
              type: 'order.placed',
              description: 'Een bestelling is geplaatst.',
              permission: 'ORDER_READ',
              exampleBody: '{\n  "type": "order.placed",\n  "data": { "orderId": "6f1c" }\n}',
            },
          ],
          apiDocumentation: { __typename: 'ApiDocumentation', permissions: DOCS.apiDocumentation.permissions },
        }),
      },
    );
    const section = await screen.findByRole('region', { name: 'Webhooks' });
    const w = within(section);
    fireEvent.click(w.getByText('order.placed'));
    expect(w.getByText(/Nodig recht: Bestellingen bekijken/)).toBeTruthy();
    expect(w.getByText('Voorbeeld van order.placed').closest('figure')!.textContent).toContain('"orderId"');
    for (const language of ['Node.js', 'Python', 'C# (.NET)'])
      expect(w.getByText(`Voorbeeld in ${language}`).closest('figure')!.textContent).toMatch(/verify|Verify/);
  });
});
