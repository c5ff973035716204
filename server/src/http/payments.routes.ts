import type { Request } from 'express';
import type { Services } from '../platform/composition.js';
import type { SimulatedMismatch } from '../integrations/payments/payment-simulator.js';
import type { PaymentStatus } from '../modules/payments/payment.entities.js';
import { escapeHtml, simplePage } from './simple-page.js';
import { defineRoute, type RouteDeps } from './route.js';

/** A PSP payment id as Mollie (tr_…) and the simulator (sim_…) make them. */
const EXTERNAL_ID = /^[A-Za-z0-9_]{1,64}$/;

const OUTCOMES: Record<string, Exclude<PaymentStatus, 'OPEN'>> = {
  betaald: 'PAID',
  mislukt: 'FAILED',
  geannuleerd: 'CANCELED',
  verlopen: 'EXPIRED',
};

const STATUS_TEXT: Record<PaymentStatus, string> = {
  OPEN: 'open',
  PAID: 'betaald',
  FAILED: 'mislukt',
  CANCELED: 'geannuleerd',
  EXPIRED: 'verlopen',
};

const euro = (cents: number) =>
  new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' }).format(cents / 100);

/** Our own URL as the simulator's customer reached it: a redirect stays on the same site. */
function sameSitePath(url: string): string {
  try {
    const u = new URL(url, 'http://x');
    return `${u.pathname}${u.search}`;
  } catch {
    return '/';
  }
}

/** This server as the request reached it, for calling ourselves (the simulator's webhook call). */
function ownOrigin(req: Request): string {
  const address = (req.socket.localAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
  const host = address.includes(':') ? `[${address}]` : address;
  return `http://${host}:${req.socket.localPort}`;
}

/** The simulator's pages exist in development and tests only (never in production). */
const simulatorOn = ({ services }: RouteDeps) => !!services.payments.simulator && !services.config.production;
const page = (title: string, body: string) => simplePage(title, body, { header: 'Betaalprovider — simulator' });
const gatewayOf = (services: Services) => services.payments.simulator!;

/**
 * The payment service provider's side of the own contribution:
 * - POST /payments/webhook: the PSP says "something happened to payment <id>" (form body `id=…`, nothing else, as Mollie
 *   does). We fetch the status from the PSP and settle it; an unknown id is answered 200 without effect (nothing to
 *   learn from probing), a PSP or database failure 500 so the PSP retries.
 * - GET/POST /betalen/simulator/:externalId: the simulator's checkout page (never in production).
 * - GET /betalen/simulator and POST /betalen/simulator/afwijking: the simulator's own records, and a way to make them
 *   differ from ours (missing there, missing here, status or amount differs; a refund failed or unknown to us), so
 *   reconciliation (controle) has something to find. Development and tests only: the simulator is never mounted in
 *   production.
 */
export const paymentRoutes = [
  defineRoute({
    method: 'POST',
    path: '/payments/webhook',
    description: 'The payment service provider’s webhook (form `id=…`): the status is fetched from the PSP itself.',
    access: 'public',
    scope: 'none',
    body: { kind: 'form', limit: '2kb' },
    refusals: 'text',
    async handler({ req, res, deps }) {
      const { services, orm, logger } = deps;
      const id = typeof req.body?.id === 'string' ? req.body.id.trim() : '';
      if (!EXTERNAL_ID.test(id)) {
        res.status(200).end();
        return;
      }
      try {
        const result = await services.payments.notify(orm.em.fork(), id, 'webhook');
        if (!result.known) logger.info({ event: 'payment_webhook_unknown' }, 'payment webhook for an unknown payment');
        else if (result.changed) logger.info({ event: 'payment_settled', status: result.status }, 'payment settled');
        res.status(200).end();
      } catch (error) {
        logger.error({ err: error }, 'payment webhook failed');
        res.status(500).end();
      }
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/betalen/simulator',
    description: 'The payment simulator’s own records (development and tests).',
    access: 'public',
    scope: 'none',
    body: { kind: 'none' },
    refusals: 'text',
    enabled: simulatorOn,
    async handler({ res, deps }) {
      const gateway = gatewayOf(deps.services);
      res.setHeader('Cache-Control', 'no-store');
      const rows = (await gateway.list(200))
        .map(
          (p) => `<tr><td>${escapeHtml(p.externalId)}</td><td>${escapeHtml(euro(p.amountCents))}</td>
            <td>${escapeHtml(STATUS_TEXT[p.status])}</td>
            <td>${p.refunds.map((r) => `${escapeHtml(r.refundId)} (${escapeHtml(euro(r.amountCents))}, ${r.status === 'FAILED' ? 'mislukt' : 'terugbetaald'})`).join('<br>')}</td></tr>`,
        )
        .join('');
      res.type('html').send(
        page(
          'Betalingen bij de simulator',
          `<p class="notice"><strong>Testomgeving.</strong> Hier maakt u verschillen tussen de administratie van de simulator en
          die van de Gemeentewinkel, om de controle te beproeven.</p>
          <table><caption>Betalingen (nieuwste eerst)</caption>
            <thead><tr><th scope="col">Kenmerk</th><th scope="col">Bedrag</th><th scope="col">Status</th><th scope="col">Terugbetalingen</th></tr></thead>
            <tbody>${rows || '<tr><td colspan="4">Nog geen betalingen.</td></tr>'}</tbody></table>
          <form method="post" action="/betalen/simulator/afwijking">
            <fieldset><legend>Afwijking maken</legend>
              <p><label for="soort">Soort</label>
                <select id="soort" name="soort">
                  <option value="MISSING_THERE">Betaling ontbreekt bij de betaaldienst</option>
                  <option value="MISSING_HERE">Betaling ontbreekt bij ons</option>
                  <option value="STATUS_DIFFERS">Status wijkt af</option>
                  <option value="AMOUNT_DIFFERS">Bedrag wijkt af</option>
                  <option value="REFUND_FAILED">Terugbetaling mislukt</option>
                  <option value="REFUND_MISSING_HERE">Terugbetaling ontbreekt bij ons</option>
                </select></p>
              <p><label for="kenmerk">Kenmerk (sim_… of re_sim_…)</label> <input id="kenmerk" name="kenmerk"></p>
              <p><label for="status">Status</label>
                <select id="status" name="status">${Object.entries(OUTCOMES)
                  .map(([k, v]) => `<option value="${v}">${k}</option>`)
                  .join('')}</select></p>
              <p><label for="bedrag">Bedrag in centen</label> <input id="bedrag" name="bedrag" inputmode="numeric"></p>
              <p><button type="submit">Afwijking maken</button></p>
            </fieldset>
          </form>`,
        ),
      );
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/betalen/simulator/afwijking',
    description: 'Makes the payment simulator’s records differ from ours (development and tests).',
    access: 'public',
    scope: 'none',
    body: { kind: 'form', limit: '2kb' },
    refusals: 'text',
    enabled: simulatorOn,
    async handler({ req, res, deps }) {
      const gateway = gatewayOf(deps.services);
      const { logger } = deps;
      const body = (req.body ?? {}) as Record<string, unknown>;
      const id = typeof body.kenmerk === 'string' ? body.kenmerk.trim() : '';
      const cents = Number(body.bedrag);
      const amountCents = Number.isSafeInteger(cents) && cents > 0 ? cents : 100;
      const status = (Object.values(OUTCOMES) as string[]).includes(String(body.status))
        ? (body.status as PaymentStatus)
        : 'PAID';
      const kinds: Record<string, SimulatedMismatch | null> = {
        MISSING_THERE: EXTERNAL_ID.test(id) ? { kind: 'MISSING_THERE', externalId: id } : null,
        MISSING_HERE: { kind: 'MISSING_HERE', amountCents, status },
        STATUS_DIFFERS: EXTERNAL_ID.test(id) ? { kind: 'STATUS_DIFFERS', externalId: id, status } : null,
        AMOUNT_DIFFERS: EXTERNAL_ID.test(id) ? { kind: 'AMOUNT_DIFFERS', externalId: id, amountCents } : null,
        REFUND_FAILED: EXTERNAL_ID.test(id) ? { kind: 'REFUND_FAILED', refundId: id } : null,
        REFUND_MISSING_HERE: EXTERNAL_ID.test(id) ? { kind: 'REFUND_MISSING_HERE', externalId: id, amountCents } : null,
      };
      const mismatch = kinds[String(body.soort)];
      const made = mismatch ? await gateway.mismatch(mismatch) : null;
      if (!made) {
        res
          .status(400)
          .type('html')
          .send(
            page(
              'Afwijking niet gemaakt',
              `<p>Onbekende betaling of soort. <a href="/betalen/simulator">Terug</a></p>`,
            ),
          );
        return;
      }
      logger.info({ event: 'payment_simulator_mismatch', kind: mismatch!.kind }, 'payment simulator: mismatch made');
      res.redirect(303, '/betalen/simulator');
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/betalen/simulator/:externalId',
    description: 'The payment simulator’s checkout page (development and tests).',
    access: 'public',
    scope: 'none',
    body: { kind: 'none' },
    refusals: 'text',
    enabled: simulatorOn,
    async handler({ req, res, deps }) {
      const gateway = gatewayOf(deps.services);
      const externalId = String(req.params.externalId);
      const payment = EXTERNAL_ID.test(externalId) ? await gateway.find(externalId) : undefined;
      res.setHeader('Cache-Control', 'no-store');
      if (!payment) {
        res
          .status(404)
          .type('html')
          .send(
            page(
              'Betaling niet gevonden',
              `<p>Deze betaling bestaat niet (meer). Ga terug naar de <a href="/winkelwagen">winkelwagen</a>.</p>`,
            ),
          );
        return;
      }
      const summary = `<dl>
          <dt>Omschrijving</dt><dd>${escapeHtml(payment.description)}</dd>
          <dt>Bedrag</dt><dd><strong>${escapeHtml(euro(payment.amountCents))}</strong></dd>
          <dt>Status</dt><dd>${escapeHtml(STATUS_TEXT[payment.status])}</dd>
        </dl>`;
      if (payment.status !== 'OPEN') {
        res.type('html').send(
          page(
            'Betaling afgerond',
            `${summary}<p>Deze betaling is al afgerond.</p>
            <p><a href="${escapeHtml(sameSitePath(payment.redirectUrl))}">Terug naar de Gemeentewinkel</a></p>`,
          ),
        );
        return;
      }
      res.type('html').send(
        page(
          'Eigen bijdrage betalen',
          `<p class="notice"><strong>Testomgeving.</strong> Dit is een nagebootste betaalpagina (zoals iDEAL). Er wordt geen echt geld
          betaald. Kies hoe de betaling afloopt.</p>
          ${summary}
          <form method="post" action="/betalen/simulator/${escapeHtml(payment.externalId)}">
            <fieldset><legend>Uitkomst van de betaling</legend>
              <p>
                <button type="submit" name="uitkomst" value="betaald">Betaald</button>
                <button type="submit" name="uitkomst" value="mislukt" class="secondary">Mislukt</button>
                <button type="submit" name="uitkomst" value="geannuleerd" class="secondary">Geannuleerd</button>
                <button type="submit" name="uitkomst" value="verlopen" class="secondary">Verlopen</button>
              </p>
            </fieldset>
          </form>`,
        ),
      );
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/betalen/simulator/:externalId',
    description: 'The payment simulator’s outcome form (development and tests).',
    access: 'public',
    scope: 'none',
    body: { kind: 'form', limit: '2kb' },
    refusals: 'text',
    enabled: simulatorOn,
    async handler({ req, res, deps }) {
      const gateway = gatewayOf(deps.services);
      const { logger } = deps;
      const externalId = String(req.params.externalId);
      const outcome = OUTCOMES[String(req.body?.uitkomst ?? '')];
      const payment = EXTERNAL_ID.test(externalId) ? await gateway.find(externalId) : undefined;
      if (!payment || !outcome) {
        res.redirect(303, `/betalen/simulator/${encodeURIComponent(externalId)}`);
        return;
      }
      await gateway.settle(externalId, outcome);
      // Like Mollie: tell the shop through its webhook (only the id), then send the customer back.
      try {
        const webhook = new URL(payment.webhookUrl);
        const answer = await fetch(`${ownOrigin(req)}${webhook.pathname}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ id: externalId }).toString(),
          signal: AbortSignal.timeout(15_000),
        });
        if (!answer.ok) logger.warn({ status: answer.status }, 'payment simulator: webhook answered with an error');
      } catch (error) {
        // The customer's return page asks for the status again; the sweep does too.
        logger.warn({ err: error }, 'payment simulator: webhook call failed');
      }
      res.redirect(303, sameSitePath(payment.redirectUrl));
    },
  }),
];
