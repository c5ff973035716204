import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { startTestServer, type TestClient, type TestServer } from '../../test/server.js';
import { requestContextFor } from '../../test/context.js';
import { allPowerfulStaff, seedResidents } from '../../test/mass-message-load.js';
import { DEMO_PASSWORD, DEMO_STAFF } from '../../seeders/demo-accounts.js';
import { decryptBsn } from '../../crypto/bsn.js';
import { Person } from '../customers/person.entity.js';
import { applicationClock, today } from '../../kernel/clock.js';
import { MASS_SEND_BATCH } from './mass-message.service.js';

const staffEmail = (role: string) => DEMO_STAFF.find((s) => s.role === role)!.email;

const PREVIEW = `mutation($a: MessageAudienceInput!) { previewMessageAudience(audience: $a) {
  preview { recipientCount label } errors { field code message } } }`;
const SEND = `mutation($input: SendMassMessageInput!) { sendMassMessage(input: $input) {
  massMessage { id status recipientCount sentCount mailCount readCount residents audienceLabel }
  errors { field code message } } }`;
const TEST = `mutation($input: ComposeMassMessageInput!) { sendMassMessageTest(input: $input) { sentTo errors { code message } } }`;
const ONE = `query($id: ID!) { massMessage(id: $id) { id status recipientCount sentCount mailCount readCount finishedAt audienceLabel } }`;
const LIST = `{ massMessages { totalCount edges { node { id title recipientCount readCount municipalityName } } } }`;
const INBOX = `{ myMessages(first: 50) { edges { node { id title body read } } } }`;
const MARK = `mutation($id: ID!) { markMessageRead(id: $id) { errors { code } } }`;

describe('messages to audiences (/admin/meldingen)', { timeout: 90_000 }, () => {
  let server: TestServer;
  let beheerder: TestClient;
  let klantcontact: TestClient; // scoped to Zuiderveen
  let zv: string;
  let nh: string;

  const q = async (sql: string, params: unknown[] = []) => server.orm.em.fork().execute<any[]>(sql, params);
  const compose = (audience: Record<string, unknown>, title = 'Nieuwe regeling sportkleding') => ({
    audience,
    title,
    body: 'Vanaf 1 maart kunt u ook sportkleding bestellen.\n\nMet vriendelijke groet, de gemeente.',
  });
  const send = (client: TestClient, audience: Record<string, unknown>, key = randomUUID()) =>
    client.gql(SEND, { input: { ...compose(audience), idempotencyKey: key } }) as Promise<any>;

  beforeAll(async () => {
    server = await startTestServer({ seed: true, env: { JOBS_POLL_INTERVAL_MS: '100' } });
    beheerder = server.client();
    await beheerder.loginStaff(staffEmail('BEHEERDER'), DEMO_PASSWORD);
    klantcontact = server.client();
    await klantcontact.loginStaff(staffEmail('KLANTCONTACT'), DEMO_PASSWORD);
    zv = (await q(`select id from municipality where slug = 'zuiderveen'`))[0].id;
    nh = (await q(`select id from municipality where slug = 'noorderhaven'`))[0].id;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('counts the right people for every audience, within the sender’s municipalities', async () => {
    const count = async (client: TestClient, a: Record<string, unknown>) => {
      const r: any = await client.gql(PREVIEW, { a });
      expect(r.errors).toBeUndefined();
      return r.data.previewMessageAudience;
    };
    const residents = (
      await q(`select count(*)::int as n from person where municipality_id = ? and erased_at is null`, [zv])
    )[0].n;
    expect(residents).toBeGreaterThan(0);
    expect(
      (await count(beheerder, { kind: 'MUNICIPALITY_RESIDENTS', municipalityId: zv })).preview.recipientCount,
    ).toBe(residents);

    // Holders of an active assignment: the members of households with one; a revoked one no longer counts.
    const [arrangement] = await q(
      `select a.arrangement_id as id, count(distinct p.id)::int as n from assignment a join person p on p.client_group_id = a.client_group_id
        join arrangement r on r.id = a.arrangement_id
        where r.municipality_id = ? and a.status = 'ACTIVE' and p.erased_at is null
          and a.valid_from <= ?::date and a.valid_until >= ?::date
        group by a.arrangement_id order by count(distinct a.client_group_id) desc limit 1`,
      [zv, today(applicationClock()), today(applicationClock())],
    );
    const holders = { kind: 'ARRANGEMENT_HOLDERS', municipalityId: zv, arrangementId: arrangement.id };
    expect((await count(beheerder, holders)).preview.recipientCount).toBe(arrangement.n);
    const [one] = await q(
      `select a.id, (select count(*)::int from person p where p.client_group_id = a.client_group_id and p.erased_at is null) as members
         from assignment a where a.arrangement_id = ? and a.status = 'ACTIVE'
          and not exists (select 1 from assignment b where b.arrangement_id = a.arrangement_id and b.id <> a.id
                           and b.client_group_id = a.client_group_id and b.status = 'ACTIVE') limit 1`,
      [arrangement.id],
    );
    await q(`update assignment set status = 'REVOKED', revoked_at = now() where id = ?`, [one.id]);
    expect((await count(beheerder, holders)).preview.recipientCount).toBe(arrangement.n - one.members);
    await q(`update assignment set status = 'ACTIVE', revoked_at = null where id = ?`, [one.id]);

    // One client group: its members.
    const [group] = await q(
      `select g.client_number, count(p.id)::int as n from client_group g join person p on p.client_group_id = g.id
        where g.municipality_id = ? group by g.id having count(p.id) > 1 order by g.client_number limit 1`,
      [zv],
    );
    const groupCount = await count(beheerder, {
      kind: 'CLIENT_GROUP',
      municipalityId: zv,
      clientNumber: group.client_number,
    });
    expect(groupCount.preview).toEqual({
      recipientCount: group.n,
      label: `Klantgroep ${group.client_number} (Gemeente Zuiderveen)`,
    });
    const unknownGroup = await count(beheerder, { kind: 'CLIENT_GROUP', municipalityId: zv, clientNumber: 'XX999' });
    expect(unknownGroup.errors[0]).toMatchObject({ field: 'audience.clientNumber', code: 'NOT_FOUND' });

    // Providers: approved in the municipality; all providers; a scoped sender's "all" = approved in their municipalities.
    const approved = (
      await q(`select count(*)::int as n from provider_membership where municipality_id = ? and status = 'APPROVED'`, [
        zv,
      ])
    )[0].n;
    const all = (await q(`select count(*)::int as n from provider`))[0].n;
    expect(approved).toBeGreaterThan(0);
    expect(
      (await count(beheerder, { kind: 'MUNICIPALITY_PROVIDERS', municipalityId: zv })).preview.recipientCount,
    ).toBe(approved);
    expect((await count(beheerder, { kind: 'ALL_PROVIDERS', municipalityId: zv })).preview.recipientCount).toBe(all);
    expect((await count(klantcontact, { kind: 'ALL_PROVIDERS', municipalityId: zv })).preview.recipientCount).toBe(
      approved,
    );

    // Another municipality is out of a scoped sender's reach; no permission, no access.
    const other = await count(klantcontact, { kind: 'MUNICIPALITY_RESIDENTS', municipalityId: nh });
    expect(other.errors[0]).toMatchObject({ field: 'audience.municipalityId', code: 'NOT_FOUND' });
    const financien = server.client();
    await financien.loginStaff(staffEmail('FINANCIEN'), DEMO_PASSWORD);
    const denied: any = await financien.gql(PREVIEW, { a: { kind: 'MUNICIPALITY_RESIDENTS', municipalityId: zv } });
    expect(denied.errors[0].extensions.code).toBe('FORBIDDEN');
  });

  it('refuses an audience without recipients in Dutch and sends nothing', async () => {
    const [empty] = await q(
      `insert into arrangement (municipality_id, name, slug, valid_from, valid_until, default_amount_cents)
       values (?, 'Lege regeling', 'lege-regeling', '2020-01-01', '2099-12-31', 1000) returning id`,
      [zv],
    );
    const before = (await q(`select count(*)::int as n from mass_message`))[0].n;
    const r = await send(beheerder, { kind: 'ARRANGEMENT_HOLDERS', municipalityId: zv, arrangementId: empty.id });
    expect(r.data.sendMassMessage.massMessage).toBeNull();
    expect(r.data.sendMassMessage.errors).toEqual([
      {
        field: 'audience',
        code: 'NO_RECIPIENTS',
        message: 'Deze doelgroep heeft geen ontvangers. Er is niets verstuurd; kies een andere doelgroep.',
      },
    ]);
    const badText: any = await beheerder.gql(SEND, {
      input: { ...compose({ kind: 'MUNICIPALITY_RESIDENTS', municipalityId: zv }, ''), idempotencyKey: randomUUID() },
    });
    expect(badText.data.sendMassMessage.errors[0]).toMatchObject({ field: 'title', code: 'REQUIRED' });
    expect((await q(`select count(*)::int as n from mass_message`))[0].n).toBe(before);
    expect(
      (await q(`select count(*)::int as n from graphile_worker.jobs where task_identifier = 'messages.massSend'`))[0].n,
    ).toBe(0);
  });

  it('sends a test to the sender only', async () => {
    const before = (await q(`select count(*)::int as n from mass_message`))[0].n;
    const r: any = await beheerder.gql(TEST, {
      input: compose({ kind: 'MUNICIPALITY_RESIDENTS', municipalityId: zv }),
    });
    expect(r.data.sendMassMessageTest).toEqual({ sentTo: staffEmail('BEHEERDER'), errors: [] });
    const mails = await q(
      `select to_address, subject from mail_message where template_key = 'MASS_MESSAGE' and subject like '[Test]%'`,
    );
    expect(mails).toEqual([{ to_address: staffEmail('BEHEERDER'), subject: '[Test] Nieuwe regeling sportkleding' }]);
    expect((await q(`select count(*)::int as n from mass_message`))[0].n).toBe(before);
  });

  it('delivers by a background job: an inbox message per resident, e-mail by preference; the list shows read counts', async () => {
    const [group] = await q(
      `select g.id, g.client_number from client_group g where g.municipality_id = ?
          and (select count(*) from person p where p.client_group_id = g.id) >= 2
          and exists (select 1 from person p where p.client_group_id = g.id and p.bsn_encrypted is not null and p.email is not null)
        order by g.client_number limit 1`,
      [zv],
    );
    const people = () =>
      server.orm.em
        .fork()
        .find(Person, { clientGroup: group.id }, { populate: ['bsnEncrypted'], orderBy: { id: 'asc' } });
    const resident = (await people()).find((m) => m.bsnEncrypted && m.email)!;
    const quiet = (await people()).find((m) => m.id !== resident.id)!;
    // One member has an address but turned e-mail off: inbox only.
    await q(
      `update person set notify_order_status = false, email = coalesce(email, 'stil@voorbeeld.nl') where id = ?`,
      [quiet.id],
    );
    const members = await people();
    await q(`delete from mail_message`);

    const r = await send(klantcontact, { kind: 'CLIENT_GROUP', municipalityId: zv, clientNumber: group.client_number });
    expect(r.data.sendMassMessage.errors).toEqual([]);
    const sent = r.data.sendMassMessage.massMessage;
    expect(sent).toMatchObject({ status: 'QUEUED', recipientCount: members.length, sentCount: 0, residents: true });

    await server.jobsIdle({ timeoutMs: 60_000 });
    const done: any = await beheerder.gql(ONE, { id: sent.id });
    expect(done.data.massMessage).toMatchObject({
      status: 'SENT',
      recipientCount: members.length,
      sentCount: members.length,
      mailCount: members.filter((m) => m.email && m.id !== quiet.id).length,
      readCount: 0,
    });
    const inbox = await q(
      `select person_id, client_group_id, title from message where mass_message_id = ? order by person_id`,
      [sent.id],
    );
    expect(inbox.map((m) => m.person_id)).toEqual(members.map((m) => m.id));
    expect(inbox.every((m) => m.client_group_id === group.id && m.title === 'Nieuwe regeling sportkleding')).toBe(true);
    const mails = await q(
      `select to_address, subject, body, status, person_id from mail_message where template_key = 'MASS_MESSAGE'`,
    );
    expect(mails.map((m) => m.person_id).sort()).toEqual(
      members
        .filter((m) => m.email && m.id !== quiet.id)
        .map((m) => m.id)
        .sort(),
    );
    expect(mails.length).toBeGreaterThan(0);
    expect(mails.every((m) => m.status === 'SENT' && m.subject === 'Nieuwe regeling sportkleding')).toBe(true);
    expect(mails[0].body).toContain('Vanaf 1 maart kunt u ook sportkleding bestellen.');
    expect(mails[0].body).toContain('/account/meldingen');

    // The resident sees it in Berichten and opens it: the message's screen counts it read.
    const client = server.client();
    await client.loginWithDigid(decryptBsn(resident.bsnEncrypted!, server.services.config.bsn));
    const mine: any = await client.gql(INBOX);
    const message = mine.data.myMessages.edges
      .map((e: any) => e.node)
      .find((m: any) => m.title === 'Nieuwe regeling sportkleding');
    expect(message).toMatchObject({ read: false });
    await client.gql(MARK, { id: message.id });
    const list: any = await beheerder.gql(LIST);
    const nodes = list.data.massMessages.edges.map((e: any) => e.node);
    expect(nodes[0]).toMatchObject({ id: sent.id, recipientCount: members.length, readCount: 1 });
    // The demo's message to Noorderhaven's arrangement holders is listed with its read count too.
    const demo = nodes.find((m: any) => m.municipalityName === 'Gemeente Noorderhaven');
    expect(demo.readCount).toBeGreaterThan(0);
    expect(demo.readCount).toBeLessThan(demo.recipientCount);
    // The scoped sender sees their own municipality's messages.
    const scoped: any = await klantcontact.gql(LIST);
    expect(scoped.data.massMessages.edges.map((e: any) => e.node.id)).toContain(sent.id);
    expect(scoped.data.massMessages.edges.map((e: any) => e.node.municipalityName)).not.toContain(
      'Gemeente Noorderhaven',
    );

    // AVG: once the whole household is erased, the message's audience no longer names its client number.
    const label = async () => ((await beheerder.gql(ONE, { id: sent.id })) as any).data.massMessage.audienceLabel;
    expect(await label()).toContain(group.client_number);
    const ERASE = `mutation($id: ID!, $c: String!) { erasePerson(personId: $id, confirmation: $c) { errors { code } } }`;
    const [firstMember, ...others] = members;
    const one: any = await beheerder.gql(ERASE, { id: firstMember!.id, c: firstMember!.externalIdentifier });
    expect(one.data.erasePerson.errors).toEqual([]);
    expect(await label()).toContain(group.client_number); // others in the household still have their data
    for (const m of others) {
      const r: any = await beheerder.gql(ERASE, { id: m.id, c: m.externalIdentifier });
      expect(r.data.erasePerson.errors).toEqual([]);
    }
    expect(await label()).toBe('Gewiste klantgroep (Gemeente Zuiderveen)');
  });

  it('lists the sent messages a page at a time, newest first, filtered by title or audience', async () => {
    const PAGE = `query($first: Int, $after: String, $filter: MassMessageFilterInput) {
      massMessages(first: $first, after: $after, filter: $filter) {
        totalCount pageInfo { hasNextPage endCursor } edges { node { id title audienceLabel createdAt } } } }`;
    const all: any = await beheerder.gql(PAGE, { first: 100 });
    expect(all.errors).toBeUndefined();
    const total = all.data.massMessages.totalCount;
    expect(total).toBeGreaterThanOrEqual(2);
    const ids: string[] = [];
    let after: string | null = null;
    for (;;) {
      const page: any = await beheerder.gql(PAGE, { first: 1, after });
      ids.push(...page.data.massMessages.edges.map((e: any) => e.node.id));
      if (!page.data.massMessages.pageInfo.hasNextPage) break;
      after = page.data.massMessages.pageInfo.endCursor;
    }
    expect(ids).toEqual(all.data.massMessages.edges.map((e: any) => e.node.id));
    const times = all.data.massMessages.edges.map((e: any) => Date.parse(e.node.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const found: any = await beheerder.gql(PAGE, { filter: { search: 'SPORTKLEDING' } });
    expect(found.data.massMessages.edges.map((e: any) => e.node.title)).toEqual(['Nieuwe regeling sportkleding']);
    const byMunicipality: any = await beheerder.gql(PAGE, { first: 100, filter: { municipalityId: zv } });
    expect(byMunicipality.data.massMessages.totalCount).toBeLessThan(total);
    const bad: any = await beheerder.gql(PAGE, { after: 'nonsense' });
    expect(bad.errors?.[0]?.message).toMatch(/paginacursor/);
  });

  it('e-mails providers (no inbox)', async () => {
    await q(`delete from mail_message`);
    const r = await send(beheerder, { kind: 'MUNICIPALITY_PROVIDERS', municipalityId: zv });
    const sent = r.data.sendMassMessage.massMessage;
    expect(sent.residents).toBe(false);
    await server.jobsIdle({ timeoutMs: 60_000 });
    const providers = await q(
      `select v.email from provider v join provider_membership m on m.provider_id = v.id
        where m.municipality_id = ? and m.status = 'APPROVED' order by v.email`,
      [zv],
    );
    const mails = await q(
      `select to_address from mail_message where template_key = 'MASS_MESSAGE' order by to_address`,
    );
    expect(mails.map((m) => m.to_address)).toEqual(providers.map((p) => p.email));
    expect((await q(`select count(*)::int as n from message where mass_message_id = ?`, [sent.id]))[0].n).toBe(0);
  });

  it('sends once for a double click (same idempotency key, in parallel)', async () => {
    const key = randomUUID();
    const audience = { kind: 'MUNICIPALITY_PROVIDERS', municipalityId: zv };
    const [a, b, c] = await Promise.all([
      send(beheerder, audience, key),
      send(beheerder, audience, key),
      send(beheerder, audience, key),
    ]);
    const ids = [a, b, c].map((r) => r.data.sendMassMessage.massMessage?.id);
    expect(ids[0]).toBeTruthy();
    expect(new Set(ids).size).toBe(1);
    expect((await q(`select count(*)::int as n from mass_message where idempotency_key = ?`, [key]))[0].n).toBe(1);
  });

  it('holds the daily limit per municipality under parallel sends, reserved before the job is queued', async () => {
    const admin = (await q(`select id from admin_account where lower(email) = ?`, [staffEmail('BEHEERDER')]))[0].id;
    const ctx = requestContextFor(server.orm, allPowerfulStaff(admin));
    const set = await server.services.settings.update(ctx, 'communication', {
      dailyMassSendLimitByMunicipality: { [nh]: 2 },
    });
    expect(set.ok).toBe(true);
    const audience = { kind: 'MUNICIPALITY_PROVIDERS', municipalityId: nh };
    const results = await Promise.all(Array.from({ length: 6 }, () => send(beheerder, audience)));
    const okCount = results.filter((r) => r.data.sendMassMessage.massMessage).length;
    const refused = results.flatMap((r) => r.data.sendMassMessage.errors);
    expect(okCount).toBe(2);
    expect(refused).toHaveLength(4);
    expect(refused[0]).toMatchObject({ code: 'DAILY_LIMIT' });
    expect(refused[0].message).toContain('vandaag al 2 berichten');
    const sentToday = `select count(*)::int as n from mass_message where municipality_id = ? and send_day = ?::date`;
    expect((await q(sentToday, [nh, today(applicationClock())]))[0].n).toBe(2);
    // Zuiderveen's own count is untouched by Noorderhaven's limit.
    expect(
      (await send(beheerder, { kind: 'MUNICIPALITY_PROVIDERS', municipalityId: zv })).data.sendMassMessage.errors,
    ).toEqual([]);
  });
});

/**
 * The load version (5,000 residents, with the time each part takes and the machine's load) is a benchmark:
 * `npm run bench:messages`. Here the same path with more than two batches of the job and a partial one.
 */
const RESIDENTS = 2 * MASS_SEND_BATCH + 201;

describe('a message to many residents (the 5,000 of npm run bench:messages, here a few batches)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { JOBS_WORKER: 'false' } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('reaches every one of them: an inbox message and an e-mail each, batch after batch', async () => {
    const em = server.orm.em.fork();
    const seeded = Date.now();
    const { municipalityId } = await seedResidents(em, RESIDENTS);
    expect(Date.now() - seeded).toBeLessThan(10_000);
    const ctx = requestContextFor(server.orm, allPowerfulStaff(randomUUID()));
    const preview = await server.services.massMessages.preview(ctx, { kind: 'MUNICIPALITY_RESIDENTS', municipalityId });
    expect(preview.ok && preview.value.recipientCount).toBe(RESIDENTS);
    const sent = await server.services.massMessages.send(ctx, {
      audience: { kind: 'MUNICIPALITY_RESIDENTS', municipalityId },
      title: 'Aan alle inwoners',
      body: 'Een bericht voor iedereen.',
      idempotencyKey: randomUUID(),
    });
    expect(sent.ok).toBe(true);
    const id = sent.ok ? sent.value.id : '';
    // The job, as the worker runs it.
    await server.services.massMessages.deliver(requestContextFor(server.orm, { kind: 'SYSTEM', job: 'test' }), id);
    const [counts] = await em.execute<any[]>(
      `select (select count(distinct person_id)::int from message where mass_message_id = ?) as inbox,
              (select count(*)::int from person where municipality_id = ?) as residents,
              (select count(distinct person_id)::int from mail_message where template_key = 'MASS_MESSAGE' and municipality_id = ?) as mails,
              (select count(*)::int from graphile_worker.jobs where task_identifier = 'mail.send') as mail_jobs`,
      [id, municipalityId, municipalityId],
    );
    expect(counts).toEqual({ inbox: RESIDENTS, residents: RESIDENTS, mails: RESIDENTS, mail_jobs: RESIDENTS });
    const record = await server.services.massMessages.get(ctx, id);
    expect(record).toMatchObject({
      status: 'SENT',
      recipientCount: RESIDENTS,
      sentCount: RESIDENTS,
      mailCount: RESIDENTS,
    });
    // Running the job again (a retry) sends nothing twice.
    await server.services.massMessages.deliver(requestContextFor(server.orm, { kind: 'SYSTEM', job: 'test' }), id);
    const [again] = await em.execute<any[]>(`select count(*)::int as n from message where mass_message_id = ?`, [id]);
    expect(again!.n).toBe(RESIDENTS);
  }, 120_000);

  it('says so in the log when it delivers to fewer than it counted when sent (counts only, no names)', async () => {
    const em = server.orm.em.fork();
    const { municipalityId } = await seedResidents(em, 2);
    const [group] = await em.execute<{ id: string; client_number: string }[]>(
      `select id, client_number from client_group where municipality_id = ? order by client_number limit 1`,
      [municipalityId],
    );
    const ctx = requestContextFor(server.orm, allPowerfulStaff(randomUUID()));
    const sent = await server.services.massMessages.send(ctx, {
      audience: { kind: 'CLIENT_GROUP', municipalityId, clientNumber: group!.client_number },
      title: 'Aan één huishouden',
      body: 'Een bericht.',
      idempotencyKey: randomUUID(),
    });
    expect(sent.ok && sent.value.recipientCount).toBeGreaterThan(0);
    const id = sent.ok ? sent.value.id : '';
    // Between the send and the job, the household's residents are erased (AVG): nobody is left to deliver to.
    await em.execute(
      `update person set erased_at = now(), email = null, phone = null, date_of_birth = null, bsn_encrypted = null,
              bsn_hash = null
        where client_group_id = ?`,
      [group!.id],
    );
    const lines: Record<string, unknown>[] = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    await server.services.massMessages.deliver(
      { ...requestContextFor(server.orm, { kind: 'SYSTEM', job: 'test' }), log },
      id,
    );
    expect(await server.services.massMessages.get(ctx, id)).toMatchObject({ status: 'SENT', sentCount: 0 });
    expect(lines).toEqual([
      expect.objectContaining({
        level: 40,
        msg: 'mass message delivered to fewer recipients than counted when it was sent',
        massMessageId: id,
        audience: 'CLIENT_GROUP',
        counted: sent.ok ? sent.value.recipientCount : -1,
        delivered: 0,
        countedNow: 0,
        cursorSet: false,
      }),
    ]);
  });
});
