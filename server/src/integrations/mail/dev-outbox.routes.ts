import type { MikroORM } from '@mikro-orm/postgresql';
import { defineRoute } from '../../http/route.js';
import { MailMessage } from '../../modules/communication/mail-message.entity.js';

export interface DevOutboxOptions {
  orm: MikroORM;
  /** From the config: the route exists only when this is false... */
  production: boolean;
  /** ...and mails go to the local outbox. */
  transport: 'outbox' | 'smtp';
}

/** Whether GET /api/dev/outbox is served. Never in production, whatever else is configured. */
export function devOutboxEnabled(options: Pick<DevOutboxOptions, 'production' | 'transport'>): boolean {
  return options.production === false && options.transport === 'outbox' && process.env.NODE_ENV !== 'production';
}

/**
 * GET /api/dev/outbox?to=<email>: the latest mails to one address, as JSON, so the browser tests (and a developer) can
 * read confirmation and reset links. Read from the mail log whatever a mail's status: a mail is there as soon as the
 * action that recorded it committed, before the `mail.send` job ran. Not mounted at all in production; the handler
 * checks again.
 */
export const devOutboxRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/dev/outbox',
    description: 'Development and tests only: the latest mails to one address from the local outbox.',
    access: 'public',
    scope: 'none',
    body: { kind: 'none' },
    refusals: 'text',
    enabled: ({ services }) =>
      devOutboxEnabled({ production: services.config.production, transport: services.config.mail.transport }),
    async handler({ req, res, deps }) {
      const options = { production: deps.services.config.production, transport: deps.services.config.mail.transport };
      if (!devOutboxEnabled(options)) return void res.status(404).json({ error: 'Niet gevonden.' });
      const to = typeof req.query.to === 'string' ? req.query.to.trim().toLowerCase() : '';
      if (!to || to.length > 254)
        return void res.status(400).json({ error: 'Geef een e-mailadres mee: /api/dev/outbox?to=naam@voorbeeld.nl' });
      const mails = await deps.orm.em
        .fork()
        .find(
          MailMessage,
          { to: { $ilike: to.replace(/[\\%_]/g, (c) => `\\${c}`) }, erasedAt: null },
          { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], limit: 20 },
        );
      res.setHeader('Cache-Control', 'no-store');
      res.json({
        mails: mails.map((m) => ({
          to: m.to,
          subject: m.subject,
          body: m.body,
          template: m.templateKey ?? null,
          status: m.status,
          createdAt: m.createdAt.toISOString(),
        })),
      });
    },
  }),
];
