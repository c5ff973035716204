import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server, type Socket } from 'node:net';
import express from 'express';
import type { AddressInfo } from 'node:net';
import { startTestServer, type TestServer } from '../../test/server.js';
import { loadConfig } from '../../config/config.js';
import { renderTemplate, TEMPLATE_KEYS, TEMPLATE_VARIABLES, TemplateError, placeholdersOf } from './templates.js';
import { CommunicationTemplate } from './communication-template.entity.js';
import { OutboxMail } from './outbox-mail.entity.js';
import { MailService } from './mail.service.js';
import { SmtpMailer } from '../../integrations/mail/smtp-mailer.js';
import { createMailer } from '../../integrations/mail/create-mailer.js';
import { devOutboxEnabled, devOutboxRoutes } from '../../integrations/mail/dev-outbox.routes.js';

describe('template rendering', () => {
  const template = { subject: 'Hallo {{name}}', body: 'Beste {{name}},\n\nKlik: {{link}}\nGeldig: {{ expiresHours }} uur.' };

  it('fills in every placeholder, in plain text (nothing escaped)', () => {
    const out = renderTemplate('PASSWORD_RESET', template, { name: 'Jan & <Piet>', link: 'https://x.nl/a?b=1&c=2', expiresHours: 1 });
    expect(out.subject).toBe('Hallo Jan & <Piet>');
    expect(out.body).toBe('Beste Jan & <Piet>,\n\nKlik: https://x.nl/a?b=1&c=2\nGeldig: 1 uur.');
  });

  it('refuses a variable the template key does not know', () => {
    expect(() => renderTemplate('PASSWORD_RESET', template, { name: 'a', link: 'b', expiresHours: 1, bsn: '123' } as never)).toThrow(TemplateError);
  });

  it('refuses a placeholder without a value, and a placeholder the key does not know', () => {
    expect(() => renderTemplate('PASSWORD_RESET', template, { name: 'a', link: 'b' } as never)).toThrow(/expiresHours/);
    expect(() => renderTemplate('PASSWORD_RESET', { subject: 'x', body: '{{name}} {{secret}}' }, { name: 'a' } as never)).toThrow(/secret/);
  });

  it('leaves nothing unreplaced: a malformed placeholder is refused', () => {
    expect(() => renderTemplate('PASSWORD_RESET', { subject: 'x', body: 'Hallo {{name' }, { name: 'a' } as never)).toThrow(/malformed/);
    expect(() => renderTemplate('PASSWORD_RESET', { subject: 'x', body: 'Hallo {{ 1x }}' }, {} as never)).toThrow(/malformed/);
  });

  it('refuses a line break in a subject value (no header injection)', () => {
    expect(() =>
      renderTemplate('MEMBERSHIP_APPROVED', { subject: 'Welkom {{providerName}}', body: 'x' }, { providerName: 'a\r\nBcc: x@y.nl' } as never),
    ).toThrow(/line break/);
  });

  it('refuses an unknown template key', () => {
    expect(() => renderTemplate('NOPE', template, {})).toThrow(/unknown template key/);
  });
});

describe('e-mail: templates in the database, outbox, SMTP, dev outbox route', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('has a Dutch default for every key the application sends, using only its own variables', async () => {
    const rows = await server.orm.em.fork().find(CommunicationTemplate, {});
    const byKey = new Map(rows.map((r) => [r.key, r]));
    for (const key of [
      'PROVIDER_EMAIL_CONFIRM',
      'PASSWORD_RESET',
      'MEMBERSHIP_APPROVED',
      'MEMBERSHIP_REJECTED',
      'PRODUCT_APPROVED',
      'PRODUCT_REJECTED',
      'PROVIDER_REGISTRATION_EXISTING',
      'PROVIDER_USER_INVITE',
    ]) {
      expect(byKey.has(key), key).toBe(true);
    }
    for (const key of TEMPLATE_KEYS) {
      const row = byKey.get(key)!;
      expect(row, key).toBeTruthy();
      expect(row.body, key).toMatch(/Met vriendelijke groet/);
      const allowed = Object.keys(TEMPLATE_VARIABLES[key]);
      for (const used of [...placeholdersOf(row.subject), ...placeholdersOf(row.body)]) expect(allowed, `${key}: ${used}`).toContain(used);
      // Every default renders with all of its variables.
      const values = Object.fromEntries(allowed.map((v) => [v, `waarde-${v}`]));
      const out = renderTemplate(key, row, values);
      expect(out.body).not.toMatch(/\{\{|\}\}/);
    }
  });

  it('stores mails sent through the outbox adapter, rendered from the database template', async () => {
    expect(server.services.mail.transport).toBe('outbox');
    const em = server.orm.em.fork();
    await server.services.mail.send(em, {
      template: 'MEMBERSHIP_APPROVED',
      to: 'Ontvanger@Voorbeeld.nl',
      variables: { providerName: 'Fietsenmaker Test', municipalityName: 'Gemeente Zuiderveen', profileLink: 'https://gw.test/aanbieder/profiel' },
    });
    const [mail] = await em.fork().find(OutboxMail, { to: 'Ontvanger@Voorbeeld.nl' });
    expect(mail).toMatchObject({ templateKey: 'MEMBERSHIP_APPROVED', subject: 'Uw aanmelding bij Gemeente Zuiderveen is goedgekeurd' });
    expect(mail!.body).toContain('Beste Fietsenmaker Test,');
    expect(mail!.body).toContain('https://gw.test/aanbieder/profiel');
  });

  it('uses the edited template text after staff change it', async () => {
    const em = server.orm.em.fork();
    const t = await em.findOneOrFail(CommunicationTemplate, { key: 'PRODUCT_APPROVED' });
    const original = { subject: t.subject, body: t.body };
    t.subject = 'Goedgekeurd: {{productTitle}}';
    await em.flush();
    try {
      await server.services.mail.send(em.fork(), {
        template: 'PRODUCT_APPROVED',
        to: 'sjabloon@voorbeeld.nl',
        variables: { providerName: 'P', productTitle: 'Zwemles', productLink: 'https://gw.test/x', municipalityName: 'Gemeente Zuiderveen' },
      });
      const mail = await em.fork().findOneOrFail(OutboxMail, { to: 'sjabloon@voorbeeld.nl' });
      expect(mail.subject).toBe('Goedgekeurd: Zwemles');
    } finally {
      Object.assign(t, original);
      await em.flush();
    }
  });

  it('rolls an outbox mail back with the transaction it was sent in', async () => {
    const em = server.orm.em.fork();
    await expect(
      em.transactional(async (tx) => {
        await server.services.mail.send(tx, {
          template: 'PASSWORD_RESET',
          to: 'terugdraaien@voorbeeld.nl',
          variables: { name: 'X', link: 'https://gw.test/r', expiresHours: 1 },
        });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await em.fork().count(OutboxMail, { to: 'terugdraaien@voorbeeld.nl' })).toBe(0);
  });

  it('serves GET /api/dev/outbox?to=… outside production, newest first', async () => {
    const c = server.client();
    const res = await c.fetch('/api/dev/outbox?to=ontvanger@voorbeeld.nl');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as { mails: { to: string; subject: string; body: string; template: string }[] };
    expect(body.mails).toHaveLength(1);
    expect(body.mails[0]).toMatchObject({ template: 'MEMBERSHIP_APPROVED' });
    expect((await c.fetch('/api/dev/outbox')).status).toBe(400);
    expect(((await (await c.fetch('/api/dev/outbox?to=niemand@voorbeeld.nl')).json()) as { mails: unknown[] }).mails).toEqual([]);
  });

  it('never serves the outbox in production, nor with SMTP', async () => {
    expect(devOutboxEnabled({ production: true, transport: 'outbox' })).toBe(false);
    expect(devOutboxEnabled({ production: false, transport: 'smtp' })).toBe(false);
    expect(devOutboxEnabled({ production: false, transport: 'outbox' })).toBe(true);
    const previous = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      expect(devOutboxEnabled({ production: false, transport: 'outbox' })).toBe(false);
    } finally {
      process.env.NODE_ENV = previous;
    }
    // The production app: the route is not there at all.
    for (const options of [
      { production: true, transport: 'outbox' as const },
      { production: false, transport: 'smtp' as const },
    ]) {
      const app = express();
      app.use(devOutboxRoutes({ orm: server.orm, ...options }));
      app.use((_req, res) => void res.status(404).json({ error: 'Niet gevonden.' }));
      const http = app.listen(0, '127.0.0.1');
      await new Promise((r) => http.once('listening', r));
      try {
        const res = await fetch(`http://127.0.0.1:${(http.address() as AddressInfo).port}/api/dev/outbox?to=ontvanger@voorbeeld.nl`);
        expect(res.status).toBe(404);
        expect(await res.text()).not.toContain('Fietsenmaker');
      } finally {
        await new Promise((r) => http.close(r));
      }
    }
    // And a production configuration refuses the outbox altogether.
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://x/y',
        SESSION_SECRET: 'p'.repeat(40),
        BSN_HASH_KEY: 'h'.repeat(40),
        BSN_ENCRYPTION_KEYS: `k1:${Buffer.alloc(32, 7).toString('base64')}`,
        DIGID_MODE: 'saml',
        PAYMENT_PROVIDER: 'mollie',
        MAIL_TRANSPORT: 'outbox',
      }),
    ).toThrow(/MAIL_TRANSPORT/);
  });

  it('sends through SMTP when MAIL_TRANSPORT=smtp (nodemailer, against a local SMTP listener)', async () => {
    const received: string[] = [];
    const smtp = await fakeSmtpServer(received);
    try {
      const port = (smtp.address() as AddressInfo).port;
      const config = loadConfig({ NODE_ENV: 'test', MAIL_TRANSPORT: 'smtp', SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Gemeentewinkel <noreply@gw.test>' });
      const mailer = createMailer(config);
      expect(mailer).toBeInstanceOf(SmtpMailer);
      const service = new MailService(mailer);
      await service.send(server.orm.em.fork(), {
        template: 'PASSWORD_RESET',
        to: 'smtp-ontvanger@voorbeeld.nl',
        variables: { name: 'Sanne', link: 'https://gw.test/wachtwoord-vergeten/abc', expiresHours: 1 },
      });
      (mailer as SmtpMailer).close();
      const data = received.join('');
      expect(data).toContain('RCPT TO:<smtp-ontvanger@voorbeeld.nl>');
      expect(data).toContain('MAIL FROM:<noreply@gw.test>');
      expect(data).toMatch(/Subject: Nieuw wachtwoord instellen/);
      expect(data).toContain('X-Gemeentewinkel-Template: PASSWORD_RESET');
      // Nothing lands in the outbox with SMTP.
      expect(await server.orm.em.fork().count(OutboxMail, { to: 'smtp-ontvanger@voorbeeld.nl' })).toBe(0);
    } finally {
      await new Promise((r) => smtp.close(r));
    }
  });
});

/** The smallest SMTP server nodemailer will talk to: accepts everything and records the conversation. */
function fakeSmtpServer(received: string[]): Promise<Server> {
  return new Promise((resolve) => {
    const server = createServer((socket: Socket) => {
      let inData = false;
      let buffer = '';
      socket.write('220 localhost ESMTP test\r\n');
      socket.on('data', (chunk) => {
        buffer += chunk.toString('utf8');
        received.push(chunk.toString('utf8'));
        for (;;) {
          if (inData) {
            const end = buffer.indexOf('\r\n.\r\n');
            if (end < 0) return;
            buffer = buffer.slice(end + 5);
            inData = false;
            socket.write('250 OK queued\r\n');
            continue;
          }
          const nl = buffer.indexOf('\r\n');
          if (nl < 0) return;
          const line = buffer.slice(0, nl);
          buffer = buffer.slice(nl + 2);
          const verb = line.slice(0, 4).toUpperCase();
          if (verb === 'EHLO') socket.write('250-localhost\r\n250 8BITMIME\r\n');
          else if (verb === 'HELO') socket.write('250 localhost\r\n');
          else if (verb === 'DATA') {
            inData = true;
            socket.write('354 go ahead\r\n');
          } else if (verb === 'QUIT') {
            socket.end('221 bye\r\n');
            return;
          } else socket.write('250 OK\r\n');
        }
      });
      socket.on('error', () => undefined);
    });
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}
