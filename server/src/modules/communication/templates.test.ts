import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../../test/server.js';
import { DEMO_PASSWORD, DEMO_STAFF } from '../../seeders/demo-accounts.js';
import { checkTemplateVariant, renderTemplate, TemplateError } from './templates.js';

const staff = (role: string) => DEMO_STAFF.find((s) => s.role === role)!.email;

const TEMPLATES = `{ communicationTemplates { id key name subject body informalSubject informalBody isDefault
  variables { name description required } } }`;
const UPDATE = `mutation($input: UpdateTemplateInput!) { updateCommunicationTemplate(input: $input) {
  template { id subject body informalSubject informalBody isDefault } errors { field code message } } }`;
const RESTORE = `mutation($id: ID!) { restoreCommunicationTemplate(templateId: $id) {
  template { subject body informalSubject informalBody isDefault } errors { code message } } }`;
const PREVIEW = `query($input: TemplatePreviewInput!) { templatePreview(input: $input) { subject body errors { field message } } }`;
const SETTINGS = `mutation($input: UpdateSettingsSectionInput!) { updateSettingsSection(input: $input) { errors { message } } }`;
const LOG = `query($filter: MailLogFilterInput, $first: Int, $after: String) { mailLog(filter: $filter, first: $first, after: $after) {
  totalCount pageInfo { hasNextPage endCursor } edges { node { id to templateKey templateName subject status } } } }`;
const RESEND = `mutation($id: ID!) { resendMail(mailId: $id) { mail { id status } errors { code message } } }`;

describe('the template engine cannot reach anything but the variables', () => {
  const vars = { name: 'Jan', link: 'https://x.nl', expiresHours: 1 };
  const render = (body: string) => renderTemplate('PASSWORD_RESET', { subject: 'x', body }, vars);

  it('renders Liquid, with conditionals and filters, never executing the values', () => {
    expect(render('{% if expiresHours > 0 %}{{ name | upcase }}{% endif %} {{ link }}').body).toBe('JAN https://x.nl');
    expect(
      renderTemplate(
        'PASSWORD_RESET',
        { subject: '{{ name }}', body: '{{ link }}' },
        {
          ...vars,
          name: '{{ link }} {% raw %}',
        },
      ).subject,
    ).toBe('{{ link }} {% raw %}');
  });

  it('refuses properties of a value, globals, other files and unknown filters', () => {
    for (const body of [
      '{{ name.constructor }}',
      '{{ process }}',
      '{{ this }}',
      "{% include '/etc/passwd' %}",
      "{% render 'x' %}",
      "{% layout 'x' %}",
      '{{ name | evil }}',
    ]) {
      expect(() => render(body), body).toThrow(TemplateError);
    }
  });

  it('escapes every output in HTML mode, and nothing in plain text', () => {
    const values = { ...vars, name: '<b>&</b>' };
    const t = { subject: 'x', body: '<p>{{ name }}</p>' };
    expect(renderTemplate('PASSWORD_RESET', t, values, { html: true }).body).toBe('<p>&lt;b&gt;&amp;&lt;/b&gt;</p>');
    expect(renderTemplate('PASSWORD_RESET', t, values).body).toBe('<p><b>&</b></p>');
  });

  it('stops a text that would loop for ever', () => {
    expect(() => render('{% for i in (1..100000000) %}{{ name }}{% endfor %}')).toThrow(TemplateError);
  });

  it('checks a text on save: unknown variable, required variable, syntax with its line, in Dutch', () => {
    const ok = { subject: 'Nieuw wachtwoord', body: 'Hoi {{ name }},\n{{ link }}' };
    expect(checkTemplateVariant('PASSWORD_RESET', ok)).toEqual([]);
    const unknown = checkTemplateVariant('PASSWORD_RESET', { ...ok, body: 'Hoi {{ name }},\n{{ link }}\n{{ bsn }}' });
    expect(unknown).toEqual([expect.objectContaining({ part: 'body', line: 3 })]);
    expect(unknown[0]!.message).toMatch(/Op regel 3 .*variabele "bsn".*bestaat niet/);
    const missing = checkTemplateVariant('PASSWORD_RESET', { ...ok, body: 'Hoi {{ name }}' });
    expect(missing[0]!.message).toBe(
      'De tekst moet de variabele {{ link }} bevatten (link om een nieuw wachtwoord te kiezen).',
    );
    const broken = checkTemplateVariant('PASSWORD_RESET', { ...ok, body: 'Hoi,\n\n{% if name %}{{ link }}' });
    expect(broken[0]).toMatchObject({ part: 'body', line: 3 });
    expect(broken[0]!.message).toMatch(/^Op regel 3 van de tekst: /);
    const open = checkTemplateVariant('PASSWORD_RESET', { ...ok, body: '{{ link }}\n{{ name' });
    expect(open[0]).toMatchObject({ line: 2 });
    const several = checkTemplateVariant('PASSWORD_RESET', {
      ...ok,
      body: 'Hoi {{ bsn }},\n{{ link }}\n{{ iban }} {{ adres }}',
    });
    expect(several).toHaveLength(1);
    expect(several[0]).toMatchObject({ part: 'body', line: 1 });
    expect(several[0]!.message).toBe(
      'In de tekst staan de variabelen "bsn" (regel 1), "iban" (regel 3) en "adres" (regel 3), maar die bestaan niet voor dit sjabloon. U kunt gebruiken: name, link, expiresHours.',
    );
    const subjectTwo = checkTemplateVariant('PASSWORD_RESET', { ...ok, subject: '{{ a }} en {{ b }}' });
    expect(subjectTwo[0]!.message).toMatch(/^In het onderwerp staan de variabelen "a" en "b", maar/);
    // Broken Liquid: a real example with a variable this template has (the one the text names, else its first).
    expect(open[0]!.message).toContain('Gebruik {{ link }} voor een variabele en {% if link %} … {% endif %}');
    const noName = checkTemplateVariant('PASSWORD_RESET', { ...ok, subject: 'Wachtwoord {{ ' });
    expect(noName[0]!.message).toMatch(/^In het onderwerp: .*Gebruik \{\{ name \}\} voor een variabele/);
    const badTag = checkTemplateVariant('PASSWORD_RESET', { ...ok, body: '{{ link }}\n{% iff name %}x{% endif %}' });
    expect(badTag[0]!.message).toContain('Gebruik {{ link }}');
    expect(checkTemplateVariant('PASSWORD_RESET', { ...ok, subject: 'Hallo\n{{ name }}' })[0]!.message).toBe(
      'Het onderwerp moet op één regel staan.',
    );
  });
});

describe('templates and the mail log for staff', () => {
  let server: TestServer;
  let redactie: TestClient;
  let beheerder: TestClient;
  type T = { id: string; key: string; subject: string; body: string; informalSubject: string; informalBody: string };
  let templates: T[];
  const byKey = (key: string) => templates.find((t) => t.key === key)!;

  beforeAll(async () => {
    server = await startTestServer({ seed: true, env: { JOBS_POLL_INTERVAL_MS: '200' } });
    redactie = server.client();
    await redactie.loginStaff(staff('REDACTIE'), DEMO_PASSWORD);
    beheerder = server.client();
    await beheerder.loginStaff(staff('BEHEERDER'), DEMO_PASSWORD);
    templates = (await redactie.gql(TEMPLATES)).data!.communicationTemplates;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('lists every template with both variants, its variables with a Dutch description, and as default', async () => {
    const r: any = await redactie.gql(TEMPLATES);
    const delivered = r.data.communicationTemplates.find((t: any) => t.key === 'ORDER_DELIVERED');
    expect(delivered).toMatchObject({ name: 'Klant: bestelling geleverd', isDefault: true });
    expect(delivered.body).toMatch(/^Beste \{\{name\}\}/);
    expect(delivered.informalBody).toMatch(/^Hoi \{\{name\}\}/);
    expect(delivered.informalSubject).toBe('Je bestelling {{orderNumber}} is geleverd');
    expect(delivered.variables).toContainEqual({ name: 'orderNumber', description: 'bestelnummer', required: false });
    for (const t of r.data.communicationTemplates) expect(t.informalBody, t.key).toBeTruthy();
    // Only with TEMPLATE_EDIT.
    const anonymous: any = await server.client().gql(TEMPLATES);
    expect(anonymous.errors?.[0]?.extensions?.code).toMatch(/UNAUTHENTICATED|FORBIDDEN/);
  });

  it('refuses an unknown variable and broken syntax on save, in Dutch, and changes nothing', async () => {
    const t = byKey('ORDER_DELIVERED');
    const input = { templateId: t.id, subject: t.subject, body: t.body, informalSubject: t.informalSubject };
    const unknown: any = await redactie.gql(UPDATE, {
      input: { ...input, informalBody: `${t.informalBody}\n{{ bsn }}` },
    });
    expect(unknown.data.updateCommunicationTemplate.template).toBeNull();
    expect(unknown.data.updateCommunicationTemplate.errors).toEqual([
      expect.objectContaining({ field: 'informalBody', code: 'TEMPLATE_INVALID' }),
    ]);
    expect(unknown.data.updateCommunicationTemplate.errors[0].message).toMatch(/^Informeel \(je\): .*"bsn"/);
    const broken: any = await redactie.gql(UPDATE, {
      input: { ...input, subject: 'Bestelling {{ orderNumber', informalBody: t.informalBody },
    });
    expect(broken.data.updateCommunicationTemplate.errors[0]).toMatchObject({ field: 'subject' });
    expect(broken.data.updateCommunicationTemplate.errors[0].message).toMatch(/^Formeel \(u\): In het onderwerp/);
    const now: any = await redactie.gql(TEMPLATES);
    expect(now.data.communicationTemplates.find((x: any) => x.key === 'ORDER_DELIVERED')).toMatchObject({
      subject: t.subject,
      informalBody: t.informalBody,
      isDefault: true,
    });
  });

  it('previews an unsaved text with sample data, and refuses what a save would refuse', async () => {
    const t = byKey('ORDER_DELIVERED');
    const r: any = await redactie.gql(PREVIEW, {
      input: { templateId: t.id, variant: 'INFORMAL', subject: 'Klaar: {{ orderNumber }}', body: 'Hoi {{ name }}!' },
    });
    expect(r.data.templatePreview).toEqual({ subject: 'Klaar: GW-2026-00042', body: 'Hoi Fatima!', errors: [] });
    const bad: any = await redactie.gql(PREVIEW, {
      input: { templateId: t.id, variant: 'FORMAL', subject: 'x', body: '{{ wachtwoord }}' },
    });
    expect(bad.data.templatePreview.body).toBeNull();
    expect(bad.data.templatePreview.errors[0]).toMatchObject({ field: 'body' });
  });

  it('sends the variant the platform setting picks, saves an edit and restores the default', async () => {
    const t = byKey('PASSWORD_RESET');
    const send = async () => {
      const { id } = await server.services.mail.send(server.orm.em.fork(), {
        template: 'PASSWORD_RESET',
        to: 'wording@example.test',
        variables: { name: 'Noor', link: 'https://gw.test/r/1', expiresHours: 2 },
      });
      const [row] = await server.orm.em
        .fork()
        .execute<{ subject: string; body: string }[]>(`select subject, body from mail_message where id = ?`, [id]);
      return row!;
    };
    expect((await send()).body).toMatch(/^Beste Noor,\n\nU heeft gevraagd/);

    const saved: any = await redactie.gql(UPDATE, {
      input: {
        templateId: t.id,
        subject: t.subject,
        body: t.body,
        informalSubject: 'Nieuw wachtwoord, {{ name }}?',
        informalBody: 'Hoi {{ name }}, klik op {{ link }} ({{ expiresHours }} uur geldig).',
      },
    });
    expect(saved.data.updateCommunicationTemplate.errors).toEqual([]);
    expect(saved.data.updateCommunicationTemplate.template.isDefault).toBe(false);
    // Still formal: the platform setting picks the variant.
    expect((await send()).subject).toBe(t.subject);

    const informal: any = await beheerder.gql(SETTINGS, {
      input: { section: 'COMMUNICATION', patch: { wording: 'INFORMAL' } },
    });
    expect(informal.data.updateSettingsSection.errors).toEqual([]);
    expect(await send()).toEqual({
      subject: 'Nieuw wachtwoord, Noor?',
      body: 'Hoi Noor, klik op https://gw.test/r/1 (2 uur geldig).',
    });

    const restored: any = await redactie.gql(RESTORE, { id: t.id });
    expect(restored.data.restoreCommunicationTemplate.errors).toEqual([]);
    expect(restored.data.restoreCommunicationTemplate.template).toMatchObject({
      subject: t.subject,
      body: t.body,
      informalSubject: t.informalSubject,
      informalBody: t.informalBody,
      isDefault: true,
    });
    expect((await send()).body).toMatch(/^Hoi Noor,\n\nJe hebt gevraagd om een nieuw wachtwoord/);
    await beheerder.gql(SETTINGS, { input: { section: 'COMMUNICATION', patch: { wording: 'FORMAL' } } });
    expect((await send()).body).toMatch(/^Beste Noor/);
    const audit = await server.orm.em
      .fork()
      .execute(`select action from audit_log where subject_id = ? order by id`, [t.id]);
    expect(audit.map((a: any) => a.action)).toEqual(['template.updated', 'template.restored']);
  });

  it('lists the mail log, searchable and filterable by status, keyset-paged', async () => {
    for (const n of [1, 2, 3]) {
      await server.services.mail.send(server.orm.em.fork(), {
        template: 'PASSWORD_RESET',
        to: `zoek-${n}@log.example.test`,
        variables: { name: `Log ${n}`, link: 'https://gw.test/r/2', expiresHours: 1 },
      });
    }
    const first: any = await redactie.gql(LOG, { filter: { search: '@LOG.example' }, first: 2 });
    expect(first.data.mailLog.totalCount).toBe(3);
    expect(first.data.mailLog.edges.map((e: any) => e.node.to)).toEqual([
      'zoek-3@log.example.test',
      'zoek-2@log.example.test',
    ]);
    expect(first.data.mailLog.edges[0].node).toMatchObject({
      templateKey: 'PASSWORD_RESET',
      templateName: 'Wachtwoord vergeten',
    });
    const next: any = await redactie.gql(LOG, {
      filter: { search: '@log.example' },
      first: 2,
      after: first.data.mailLog.pageInfo.endCursor,
    });
    expect(next.data.mailLog.edges.map((e: any) => e.node.to)).toEqual(['zoek-1@log.example.test']);
    const failed: any = await redactie.gql(LOG, { filter: { search: '@log.example', status: 'FAILED' } });
    expect(failed.data.mailLog.totalCount).toBe(0);
  });

  it('an erased person leaves the mail log: no address, subject or body, and not listed', async () => {
    const [{ id: personId }] = await server.orm.em
      .fork()
      .execute<{ id: string }[]>(`select id from person order by external_identifier limit 1`);
    const { id } = await server.services.mail.send(server.orm.em.fork(), {
      template: 'PASSWORD_RESET',
      to: 'te-wissen@example.test',
      variables: { name: 'Wies', link: 'https://gw.test/r/9', expiresHours: 1 },
      personId,
    });
    const listed = async () =>
      (await redactie.gql(LOG, { filter: { search: 'te-wissen@' } })).data!.mailLog.totalCount as number;
    expect(await listed()).toBe(1);
    const em = server.orm.em.fork();
    await em.transactional((tx) =>
      server.services.mail.erasePerson(tx as never, { id: personId, email: 'te-wissen@example.test' }, new Date()),
    );
    expect(await listed()).toBe(0);
    const [row] = await em.execute(`select to_address, subject, body from mail_message where id = ?`, [id]);
    expect(JSON.stringify(row)).not.toMatch(/te-wissen|Wies|gw\.test/);
  });

  it('resends a failed mail once, however many clicks arrive at the same time', async () => {
    const { id } = await server.services.mail.send(server.orm.em.fork(), {
      template: 'PASSWORD_RESET',
      to: 'mislukt@example.test',
      variables: { name: 'Mila', link: 'https://gw.test/r/3', expiresHours: 1 },
    });
    // Wait until the job delivered it, then make it a mail that failed for good.
    const em = server.orm.em.fork();
    for (let i = 0; i < 100; i++) {
      const [row] = await em.execute<{ status: string }[]>(`select status from mail_message where id = ?`, [id]);
      if (row!.status === 'SENT') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await em.execute(`update mail_message set status = 'FAILED', sent_at = null, last_error = 'x' where id = ?`, [id]);

    const clicks: any[] = await Promise.all(Array.from({ length: 6 }, () => redactie.gql(RESEND, { id })));
    const accepted = clicks.filter((c) => c.data.resendMail.errors.length === 0);
    expect(accepted).toHaveLength(1);
    expect(accepted[0].data.resendMail.mail).toMatchObject({ id, status: 'QUEUED' });
    for (const c of clicks.filter((c) => c.data.resendMail.errors.length))
      expect(c.data.resendMail.errors[0]).toMatchObject({ code: 'NOT_FAILED' });
    const audit = await em.execute(`select 1 from audit_log where action = 'mail.resent' and subject_id = ?`, [id]);
    expect(audit).toHaveLength(1);
    for (let i = 0; i < 100; i++) {
      const [row] = await em.execute<{ status: string }[]>(`select status from mail_message where id = ?`, [id]);
      if (row!.status === 'SENT') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const [after] = await em.execute<{ status: string; attempts: number }[]>(
      `select status, attempts from mail_message where id = ?`,
      [id],
    );
    // One delivery before the failure was staged, and exactly one after the resend.
    expect(after).toMatchObject({ status: 'SENT', attempts: 2 });
  });
});
