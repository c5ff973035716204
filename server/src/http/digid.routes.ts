import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { parseCookie, stringifySetCookie } from 'cookie';
import type { Services } from '../platform/composition.js';
import { DigidSimulator } from '../integrations/digid/digid-simulator.js';
import { DigidSaml } from '../integrations/digid/saml/saml-adapter.js';
import { Person } from '../modules/customers/person.entity.js';
import { Order } from '../modules/orders/order.entities.js';
import { Assignment } from '../modules/arrangements/assignment.entity.js';
import { decryptBsn, isValidBsn, maskBsn } from '../crypto/bsn.js';
import { safeReturnPath } from './return-path.js';
import { escapeHtml, simplePage } from './simple-page.js';
import { defineRoute } from './route.js';
import { today } from '../kernel/clock.js';

/** The simulator offers people from this age: children of a household do not log in themselves. */
const SIMULATOR_MIN_AGE = 16;

/** The latest date of birth (YYYY-MM-DD) of someone aged `years` on `day`; 29 February falls back to the 28th. */
function latestBirthDateAged(years: number, day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const year = y - years;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const date = m === 2 && d === 29 && !leap ? 28 : d;
  return `${String(year).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(date).padStart(2, '0')}`;
}

const STATE_COOKIE = 'gw_digid';
/** Where a resident lands without a page to return to: their orders once they have ordered, else what they can spend. */
const LANDING_WITH_ORDERS = '/account/bestellingen';
const LANDING_WITHOUT_ORDERS = '/account/regelingen';

/** The signature of the state cookie's payload, with the session secret. */
const sign = (services: Services, value: string) =>
  createHmac('sha256', services.config.session.secret).update(value).digest('base64url');

/**
 * The customer log-in through DigiD: start → DigiD (or its simulator) → callback → session → back where the resident
 * was. The return path and a nonce travel in a short-lived signed cookie, so the callback only accepts its own log-ins.
 * All public: they are the way in.
 */
export const digidRoutes = [
  defineRoute({
    method: 'GET',
    path: '/auth/digid/start',
    description: 'Starts a resident’s DigiD log-in and sends the browser to DigiD (or its simulator).',
    access: 'public',
    scope: 'none',
    body: { kind: 'none' },
    refusals: 'text',
    async handler({ req, res, deps }) {
      const { services, digid } = deps;
      const secure = services.config.session.secureCookie;
      // No (or no safe) page to return to: the callback picks the landing from the resident's orders.
      const returnTo = safeReturnPath(req.query.returnTo, '') || null;
      const nonce = randomBytes(16).toString('base64url');
      const { url, context } = await digid.start(nonce);
      const payload = Buffer.from(JSON.stringify({ nonce, returnTo, context })).toString('base64url');
      res.append(
        'Set-Cookie',
        stringifySetCookie({
          name: STATE_COOKIE,
          value: `${payload}.${sign(services, payload)}`,
          httpOnly: true,
          sameSite: 'lax',
          secure,
          path: '/auth/digid',
          maxAge: 600,
        }),
      );
      res.redirect(303, url);
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/auth/digid/callback',
    description: 'Where DigiD sends the browser back: resolves the log-in and starts the resident’s session.',
    access: 'public',
    scope: 'none',
    body: { kind: 'none' },
    refusals: 'text',
    async handler({ req, res, deps }) {
      const { services, digid, orm, logger } = deps;
      const raw = parseCookie(req.headers.cookie ?? '')[STATE_COOKIE] ?? '';
      res.append('Set-Cookie', stringifySetCookie({ name: STATE_COOKIE, value: '', path: '/auth/digid', maxAge: 0 }));
      const [payload, signature] = raw.split('.');
      const expected = payload ? sign(services, payload) : '';
      const validSignature =
        !!payload &&
        !!signature &&
        signature.length === expected.length &&
        timingSafeEqual(Buffer.from(signature), Buffer.from(expected));
      const state = validSignature
        ? (JSON.parse(Buffer.from(payload!, 'base64url').toString()) as {
            nonce: string;
            returnTo: string | null;
            context?: string;
          })
        : null;
      if (!state || state.nonce !== digid.relayStateOf(req)) {
        res.redirect(303, '/inloggen?fout=sessie');
        return;
      }
      const result = await digid.resolve(req, state.context);
      if (!result.ok) {
        logger.info({ event: 'digid_failed', reason: result.reason }, 'DigiD log-in did not succeed');
        const code = { cancelled: 'geannuleerd', level: 'niveau', invalid: 'ongeldig' }[result.reason];
        res.redirect(303, `/inloggen?fout=${code}`);
        return;
      }
      const em = orm.em.fork();
      const login = await services.auth.loginCustomerByBsn(em, req, res, result.bsn);
      if (!login.ok) {
        logger.info({ event: 'digid_unknown_person' }, 'DigiD log-in for a BSN without a person');
        res.redirect(303, '/inloggen?fout=onbekend');
        return;
      }
      logger.info({ event: 'login', realm: 'customer', assurance: result.assuranceLevel }, 'logged in');
      const returnTo = state.returnTo ? safeReturnPath(state.returnTo, '') : '';
      if (returnTo) {
        res.redirect(303, returnTo);
        return;
      }
      const orders = await em.count(Order, { personId: login.personId });
      res.redirect(303, orders > 0 ? LANDING_WITH_ORDERS : LANDING_WITHOUT_ORDERS);
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/auth/digid/metadata',
    description: 'Our signed SAML metadata for Logius (with the next certificate during a rollover).',
    access: 'public',
    scope: 'none',
    body: { kind: 'none' },
    refusals: 'text',
    enabled: ({ digid }) => digid instanceof DigidSaml,
    async handler({ res, deps }) {
      res.type('application/samlmetadata+xml').send(await (deps.digid as DigidSaml).metadata());
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/auth/digid/simulator',
    description: 'The DigiD simulator’s page (development and tests).',
    access: 'public',
    scope: 'none',
    body: { kind: 'none' },
    refusals: 'text',
    enabled: ({ digid }) => digid instanceof DigidSimulator,
    async handler({ req, res, ctx, deps }) {
      const { services, orm } = deps;
      const relayState = typeof req.query.RelayState === 'string' ? req.query.RelayState : '';
      const em = orm.em.fork();
      // Only people who log in themselves: adults and those of 16 and over on the application clock (or without a
      // date of birth), not the children of a household.
      const day = today(ctx.clock);
      const people = await em.find(
        Person,
        {
          bsnEncrypted: { $ne: null },
          $or: [{ dateOfBirth: null }, { dateOfBirth: { $lte: latestBirthDateAged(SIMULATOR_MIN_AGE, day) } }],
        },
        {
          populate: ['bsnEncrypted', 'municipality', 'clientGroup'],
          orderBy: { lastName: 'asc', firstName: 'asc' },
          limit: 60,
        },
      );
      // So a tester knows whom to pick: each person's municipality and the household's arrangements (a budget for
      // one member, such as a child's Kindpakket, says for whom).
      const assignments = await em.find(
        Assignment,
        { clientGroup: { $in: [...new Set(people.map((p) => p.clientGroup.id))] }, status: 'ACTIVE' },
        { populate: ['arrangement', 'beneficiary'], orderBy: { arrangement: { name: 'asc' } } },
      );
      const arrangementsOf = (person: Person) => {
        const names = assignments
          .filter((a) => a.clientGroup.id === person.clientGroup.id)
          .map((a) => {
            const beneficiary = a.beneficiary?.getEntity();
            const name = a.arrangement.getEntity().name;
            return beneficiary ? `${name} (voor ${beneficiary.firstName})` : name;
          });
        return [...new Set(names)];
      };
      const options = people
        .map((p, i) => {
          const bsn = decryptBsn(p.bsnEncrypted!, services.config.bsn);
          const arrangements = arrangementsOf(p);
          const details = `${p.municipality.getEntity().name} · ${
            arrangements.length ? `regelingen: ${arrangements.join(', ')}` : 'geen regelingen'
          }`;
          return `<li><input type="radio" name="bsn" id="p${i}" value="${escapeHtml(bsn)}"${i === 0 ? ' required' : ''}>
            <label for="p${i}">${escapeHtml(p.fullName)} <span class="muted">(klantnummer huishouden ${escapeHtml(p.clientGroup.getEntity().clientNumber)}, BSN ${escapeHtml(maskBsn(bsn))})</span>
            <br><span class="muted">${escapeHtml(details)}</span></label></li>`;
        })
        .join('\n');
      const error =
        req.query.fout === 'bsn'
          ? `<p role="alert" class="error">Dit is geen geldig BSN. Een BSN heeft 9 cijfers en voldoet aan de elfproef.</p>`
          : '';
      res.type('html').send(
        simplePage(
          'DigiD-simulator',
          `<p class="notice"><strong>Testomgeving.</strong> Dit is een nagebootste DigiD-inlogpagina. Kies een inwoner om als die persoon in te loggen.</p>
          ${error}
          <form method="post" action="/auth/digid/simulator">
            <input type="hidden" name="RelayState" value="${escapeHtml(relayState)}">
            <fieldset><legend>Kies een inwoner</legend>
              ${options ? `<ul class="choices">${options}</ul>` : '<p>Er zijn nog geen inwoners met een BSN.</p>'}
            </fieldset>
            <p><button type="submit" name="action" value="login">Inloggen</button>
            <button type="submit" name="action" value="cancel" formnovalidate class="secondary">Annuleren</button></p>
          </form>
          <form method="post" action="/auth/digid/simulator">
            <input type="hidden" name="RelayState" value="${escapeHtml(relayState)}">
            <h2>Of vul een BSN in</h2>
            <p><label for="bsn-free">BSN</label><br><input id="bsn-free" name="bsn" inputmode="numeric" autocomplete="off" pattern="[0-9]{9}" required></p>
            <p><button type="submit" name="action" value="login">Inloggen met dit BSN</button></p>
          </form>`,
        ),
      );
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/auth/digid/simulator',
    description: 'The DigiD simulator’s form (development and tests).',
    access: 'public',
    scope: 'none',
    body: { kind: 'form', limit: '10kb' },
    refusals: 'text',
    enabled: ({ digid }) => digid instanceof DigidSimulator,
    async handler({ req, res, deps }) {
      const digid = deps.digid as DigidSimulator;
      const relayState = typeof req.body?.RelayState === 'string' ? req.body.RelayState : '';
      if (req.body?.action === 'cancel') {
        res.redirect(303, `/auth/digid/callback?RelayState=${encodeURIComponent(relayState)}`);
        return;
      }
      const bsn = typeof req.body?.bsn === 'string' ? req.body.bsn.trim() : '';
      if (!isValidBsn(bsn)) {
        res.redirect(303, `/auth/digid/simulator?RelayState=${encodeURIComponent(relayState)}&fout=bsn`);
        return;
      }
      const artifact = await digid.issueArtifact(bsn);
      res.redirect(
        303,
        `/auth/digid/callback?SAMLart=${encodeURIComponent(artifact)}&RelayState=${encodeURIComponent(relayState)}`,
      );
    },
  }),
];
