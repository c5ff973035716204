import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/server.js';
import { Person } from '../modules/customers/person.entity.js';
import { Order } from '../modules/orders/order.entities.js';
import { decryptBsn } from '../crypto/bsn.js';

/** Issue 26: a resident lands where their work is, unless a page asked for the log-in. */
describe('where a resident lands after DigiD', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ seed: true, demoActivity: true });
  });
  afterAll(async () => {
    await server?.close();
  });

  async function residents() {
    const em = server.orm.em.fork();
    const persons = await em.find(Person, { bsnEncrypted: { $ne: null } }, { populate: ['bsnEncrypted'] });
    const ordered = new Set(
      (await em.find(Order, { personId: { $ne: null } }, { fields: ['personId'] })).map((o) => o.personId),
    );
    const bsn = (p: Person) => decryptBsn(p.bsnEncrypted!, server.services.config.bsn);
    const withOrders = persons.find((p) => ordered.has(p.id));
    const withoutOrders = persons.find((p) => !ordered.has(p.id));
    expect(withOrders, 'a demo resident with orders and DigiD').toBeDefined();
    expect(withoutOrders, 'a demo resident without orders and with DigiD').toBeDefined();
    return { withOrders: bsn(withOrders!), withoutOrders: bsn(withoutOrders!) };
  }

  it('sends a resident without orders to their schemes and one with orders to their orders', async () => {
    const { withOrders, withoutOrders } = await residents();
    expect(await server.client().loginWithDigid(withoutOrders, null)).toBe('/account/regelingen');
    expect(await server.client().loginWithDigid(withOrders, null)).toBe('/account/bestellingen');
  });

  it('still returns to the page that asked for the log-in, and ignores an unsafe one', async () => {
    const { withOrders, withoutOrders } = await residents();
    expect(await server.client().loginWithDigid(withoutOrders, '/winkelwagen')).toBe('/winkelwagen');
    expect(await server.client().loginWithDigid(withOrders, '/aanbod?zoek=zwem')).toBe('/aanbod?zoek=zwem');
    expect(await server.client().loginWithDigid(withOrders, '//evil.example.org/x')).toBe('/account/bestellingen');
  });
});
