import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { startTestServer, type TestClient, type TestServer } from '../../test/server.js';
import { createHousehold, expectLedgerConsistent, type Household } from '../../test/households.js';
import { contextFor, staffViewer } from '../../test/context.js';
import { DEMO_PASSWORD } from '../../seeders/demo-accounts.js';
import { ManualClock } from '../../kernel/clock.js';
import { Permission } from '../../kernel/permissions.js';
import { Municipality } from '../municipalities/municipality.entity.js';
import { Arrangement } from '../arrangements/arrangement.entity.js';
import { Person } from '../customers/person.entity.js';
import { Application } from './application.entity.js';
import { DEMO_APPLICATION_STATUSES, seedDemoApplications } from '../../seeders/demo-applications.js';

const E = 'errors { field code message }';
const APP = `id number status expectedAmountCents decidedAmountCents decisionReason openQuestion assignmentId
  timeline { kind label text internal }`;
const SAVE_FORM = `mutation($id:ID!,$input:ApplicationFormInput!){ saveApplicationForm(arrangementId:$id,input:$input){ ${E} form { arrangementId open openNow criteria amount } } }`;
const DRAFT = `mutation($id:ID!,$answers:JSONObject!){ saveApplicationDraft(arrangementId:$id,answers:$answers){ ${E} application { ${APP} } } }`;
const SUBMIT = `mutation($id:ID!){ submitApplication(id:$id){ ${E} application { ${APP} } } }`;
const ANSWER = `mutation($id:ID!,$a:String!){ answerApplicationQuestion(id:$id,answer:$a){ ${E} application { ${APP} } } }`;
const ASK = `mutation($id:ID!,$q:String!){ askApplicant(id:$id,question:$q){ ${E} application { ${APP} } } }`;
const ASSESS = `mutation($input:AssessCriterionInput!){ assessApplicationCriterion(input:$input){ ${E} application { status assessments { criterionKey met note } } } }`;
const DECIDE = `mutation($input:DecideApplicationInput!){ decideApplication(input:$input){ ${E} application { ${APP} proposal { decision amountCents proposedByName } } } }`;
const CONFIRM = `mutation($id:ID!){ confirmApplicationDecision(id:$id){ ${E} application { ${APP} } } }`;
const LIST = `query($filter:ApplicationFilter){ applications(filter:$filter){ totalCount edges { node { id number status applicantName submittedAt ageDays assessorName awaitingConfirmation } } } }`;

const CRITERIA = [
  {
    key: 'woonplaats',
    type: 'YES_NO',
    question: 'Woont u in de gemeente?',
    rule: { kind: 'MUST_BE_YES' },
    proof: 'NONE',
  },
  {
    key: 'huishouden',
    type: 'CHOICE',
    question: 'Hoe is uw huishouden samengesteld?',
    options: [
      { value: 'alleenstaand', label: 'Alleenstaand' },
      { value: 'alleenstaande-ouder', label: 'Alleenstaande ouder' },
      { value: 'gehuwd-samenwonend', label: 'Gehuwd of samenwonend' },
    ],
    rule: { kind: 'NONE' },
    proof: 'NONE',
  },
  {
    key: 'inkomen',
    type: 'NUMBER',
    question: 'Wat is uw netto inkomen per maand (in hele euro’s)?',
    rule: { kind: 'INCOME_LIMIT', percent: 120, householdCriterion: 'huishouden' },
    proof: 'OPTIONAL',
    proofHint: 'Uw laatste loonstrook',
  },
  {
    key: 'kinderen',
    type: 'DATE',
    multiple: true,
    question: 'Wat zijn de geboortedata van uw kinderen?',
    rule: { kind: 'YOUNGER_THAN', years: 18 },
    proof: 'NONE',
  },
];
const AMOUNT = { kind: 'PER_RECORD', cents: 15_000, criterion: 'kinderen', youngerThan: 18 };
const GOOD = {
  woonplaats: 'ja',
  huishouden: 'alleenstaande-ouder',
  inkomen: '1500',
  kinderen: ['2015-06-01', '2019-02-03', '2005-01-01'],
};

describe('online applications: form, apply, assess, decide through the assignment service', () => {
  // Every rule compares against this clock, never today's date.
  const clock = new ManualClock(new Date('2027-03-01T09:00:00Z'));
  let server: TestServer;
  let beheerder: TestClient; // all permissions, APPLICATION_DECIDE_HIGH included
  let klantcontact: TestClient; // APPLICATION_ASSESS only
  let redactie: TestClient; // neither
  let zuiderveen: Municipality;
  let other: Municipality;
  let arrangementId: string;
  let otherArrangementId: string;

  async function resident(h: Household): Promise<TestClient> {
    const c = server.client();
    await c.loginWithDigid(h.bsn);
    return c;
  }

  async function arrangement(municipality: Municipality): Promise<string> {
    const em = server.orm.em.fork();
    const a = em.create(Arrangement, {
      municipality: municipality.id,
      name: `Kindregeling ${randomUUID().slice(0, 6)}`,
      slug: `kindregeling-${randomUUID().slice(0, 6)}`,
      validFrom: '2027-01-01',
      validUntil: '2027-12-31',
      defaultAmountCents: 15_000,
    });
    await em.flush();
    return a.id;
  }

  async function submitted(h: Household, answers: Record<string, unknown> = GOOD): Promise<string> {
    const c = await resident(h);
    const d: any = await c.gql(DRAFT, { id: arrangementId, answers });
    expect(d.data.saveApplicationDraft.errors).toEqual([]);
    const s: any = await c.gql(SUBMIT, { id: d.data.saveApplicationDraft.application.id });
    expect(s.data.submitApplication.errors).toEqual([]);
    return s.data.submitApplication.application.id;
  }

  beforeAll(async () => {
    server = await startTestServer({ seed: true, clock });
    beheerder = server.client();
    await beheerder.loginStaff('beheerder@demo.gemeentewinkel.nl', DEMO_PASSWORD);
    klantcontact = server.client();
    await klantcontact.loginStaff('klantcontact@demo.gemeentewinkel.nl', DEMO_PASSWORD);
    redactie = server.client();
    await redactie.loginStaff('redactie@demo.gemeentewinkel.nl', DEMO_PASSWORD);
    const em = server.orm.em.fork();
    zuiderveen = await em.findOneOrFail(Municipality, { slug: 'zuiderveen' });
    other = (await em.find(Municipality, { slug: { $ne: 'zuiderveen' } }))[0]!;
    arrangementId = await arrangement(zuiderveen);
    otherArrangementId = await arrangement(other);
    const r: any = await beheerder.gql(SAVE_FORM, {
      id: arrangementId,
      input: { open: true, opensOn: '2027-02-01', closesOn: '2027-06-30', criteria: CRITERIA, amount: AMOUNT },
    });
    expect(r.data.saveApplicationForm.errors).toEqual([]);
    expect(r.data.saveApplicationForm.form).toMatchObject({ open: true, openNow: true });
    const o: any = await beheerder.gql(SAVE_FORM, {
      id: otherArrangementId,
      input: { open: true, opensOn: '2027-02-01', closesOn: '2027-06-30', criteria: CRITERIA, amount: AMOUNT },
    });
    expect(o.data.saveApplicationForm.errors).toEqual([]);
  }, 240_000);
  afterAll(async () => {
    await server?.close();
  });

  it('refuses a bad form in Dutch, and only staff with ARRANGEMENT_MANAGE may configure one', async () => {
    const bad: any = await beheerder.gql(SAVE_FORM, {
      id: arrangementId,
      input: {
        open: true,
        opensOn: '2027-06-30',
        closesOn: '2027-02-01',
        criteria: [{ ...CRITERIA[0], type: 'NUMBER' }, { ...CRITERIA[0] }],
        amount: { kind: 'PER_RECORD', cents: 0, criterion: 'woonplaats' },
      },
    });
    const errors = bad.data.saveApplicationForm.errors;
    expect(errors.map((e: any) => e.field)).toEqual(
      expect.arrayContaining(['closesOn', 'criteria.0.rule', 'criteria.1.key', 'amount.cents', 'amount.criterion']),
    );
    expect(errors.find((e: any) => e.field === 'closesOn').message).toBe('De einddatum ligt vóór de begindatum.');
    const outside: any = await beheerder.gql(SAVE_FORM, {
      id: arrangementId,
      input: { open: true, opensOn: '2026-12-01', closesOn: '2027-06-30', criteria: CRITERIA, amount: AMOUNT },
    });
    expect(outside.data.saveApplicationForm.errors[0].code).toBe('OUTSIDE_ARRANGEMENT');
    const denied: any = await redactie.gql(SAVE_FORM, {
      id: arrangementId,
      input: { open: false, opensOn: '2027-02-01', closesOn: '2027-06-30', criteria: CRITERIA, amount: AMOUNT },
    });
    expect(denied.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('lists the open form publicly, without logging in', async () => {
    const r: any = await server
      .client()
      .gql(
        `{ openApplicationForms(municipalitySlug:"zuiderveen"){ arrangementId openNow criteria amount socialMinimum } }`,
      );
    const form = r.data.openApplicationForms.find((f: any) => f.arrangementId === arrangementId);
    expect(form).toMatchObject({ openNow: true, amount: AMOUNT });
    expect(form.criteria).toHaveLength(4);
    expect(form.socialMinimum['2027']['alleenstaande-ouder']).toBeGreaterThan(0);
    // Its page is in the sitemap (the page and /sitemap.xml for search engines).
    const path = `/aanvragen/zuiderveen/${arrangementId}`;
    const sitemap: any = await server.client().gql(`{ sitemap { pages { title path } } }`);
    expect(sitemap.data.sitemap.pages.map((p: any) => p.path)).toContain(path);
    expect(await (await server.client().fetch('/sitemap.xml')).text()).toContain(`${path}</loc>`);
  });

  it('a resident saves a draft, is refused answers outside the rules, submits, and sees the number and amount', async () => {
    const h = await createHousehold(server, []);
    const c = await resident(h);
    const malformed: any = await c.gql(DRAFT, {
      id: arrangementId,
      answers: { inkomen: 'veel', kinderen: ['2030-01-01'] },
    });
    expect(malformed.data.saveApplicationDraft.errors).toEqual([
      expect.objectContaining({ field: 'answers.inkomen', code: 'INVALID' }),
      expect.objectContaining({ field: 'answers.kinderen', message: 'Deze datum ligt in de toekomst.' }),
    ]);
    const rich: any = await c.gql(DRAFT, { id: arrangementId, answers: { ...GOOD, inkomen: '4000' } });
    const draft = rich.data.saveApplicationDraft.application;
    expect(draft).toMatchObject({ status: 'DRAFT', expectedAmountCents: 30_000 });
    expect(draft.number).toMatch(/^AV-\d{6}$/);
    const refused: any = await c.gql(SUBMIT, { id: draft.id });
    expect(refused.data.submitApplication.errors).toEqual([
      expect.objectContaining({
        field: 'answers.inkomen',
        code: 'NOT_MET',
        message: expect.stringMatching(/120% van het sociaal minimum/),
      }),
    ]);
    const again: any = await c.gql(DRAFT, { id: arrangementId, answers: GOOD });
    expect(again.data.saveApplicationDraft.application.id).toBe(draft.id); // the same draft
    const sent: any = await c.gql(SUBMIT, { id: draft.id });
    expect(sent.data.submitApplication.application).toMatchObject({ status: 'SUBMITTED', expectedAmountCents: 30_000 });
    const twice: any = await c.gql(SUBMIT, { id: draft.id });
    expect(twice.data.submitApplication.errors[0].code).toBe('ALREADY_SUBMITTED');
    const second: any = await c.gql(DRAFT, { id: arrangementId, answers: GOOD });
    expect(second.data.saveApplicationDraft.errors[0]).toMatchObject({ code: 'ALREADY_APPLIED' });
    expect(second.data.saveApplicationDraft.errors[0].message).toContain(draft.number);
    const inbox: any = await c.gql(`{ myMessages(first: 5){ edges { node { title } } } }`);
    expect(inbox.data.myMessages.edges.map((e: any) => e.node.title)).toContain(`Aanvraag ${draft.number} ontvangen`);
  });

  it('refuses another municipality’s arrangement to a resident, and its applications to scoped staff', async () => {
    const h = await createHousehold(server, []);
    const c = await resident(h);
    const r: any = await c.gql(DRAFT, { id: otherArrangementId, answers: GOOD });
    expect(r.data.saveApplicationDraft.errors[0].code).toBe('NOT_FOUND');
    const id = await submitted(h);
    const outsider = contextFor(
      server.orm,
      server.services,
      staffViewer({ municipalityIds: [other.id], permissions: [Permission.APPLICATION_ASSESS] }),
      { clock },
    );
    expect(await server.services.applications.one(outsider, id)).toBeNull();
    const decided = await server.services.applications.decide(outsider, {
      applicationId: id,
      decision: 'DECLINED' as never,
      reason: 'Niet in scope',
    });
    expect(decided.ok).toBe(false);
    if (!decided.ok) expect(decided.errors[0]!.code).toBe('NOT_FOUND');
    const list = await server.services.applications.list(outsider, {}, {});
    expect(list.edges.map((e) => e.node.id)).not.toContain(id);
  });

  it('shows the resident what the municipality already knows of the household, and nobody else', async () => {
    const h = await createHousehold(server, []);
    const c = await resident(h);
    const r: any = await c.gql(`{ myHouseholdMembers { firstName lastName dateOfBirth } }`);
    expect(r.data.myHouseholdMembers).toEqual([
      { firstName: h.person.firstName, lastName: h.person.lastName, dateOfBirth: null },
    ]);
    const staff: any = await klantcontact.gql(`{ myHouseholdMembers { firstName } }`);
    expect(staff.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('assigns an assessor chosen from the staff who may assess the municipality’s applications', async () => {
    const h = await createHousehold(server, []);
    const id = await submitted(h);
    const ASSESSORS = `query($id:ID!){ applicationAssessors(id:$id){ id name } }`;
    const ASSIGN = `mutation($id:ID!,$a:ID){ assignApplication(id:$id,assessorId:$a){ ${E} application { status assessorId assessorName } } }`;
    const list: any = await klantcontact.gql(ASSESSORS, { id });
    const names = list.data.applicationAssessors.map((a: any) => a.name);
    const accounts = await server.orm.em
      .fork()
      .execute(`select id, email, name from admin_account where email in (?, ?)`, [
        'klantcontact@demo.gemeentewinkel.nl',
        'redactie@demo.gemeentewinkel.nl',
      ]);
    const kc: any = accounts.find((a: any) => a.email.startsWith('klantcontact'));
    const red: any = accounts.find((a: any) => a.email.startsWith('redactie'));
    expect(names).toContain(kc.name);
    expect(names).not.toContain(red.name); // Redactie may not assess
    const refused: any = await klantcontact.gql(ASSIGN, { id, a: red.id });
    expect(refused.data.assignApplication.errors[0]).toMatchObject({ field: 'assessorId', code: 'NOT_FOUND' });
    const done: any = await klantcontact.gql(ASSIGN, { id, a: kc.id });
    expect(done.data.assignApplication.errors).toEqual([]);
    expect(done.data.assignApplication.application).toMatchObject({ status: 'IN_ASSESSMENT', assessorId: kc.id });
    // Not for a draft or another municipality's staff.
    const outsider = contextFor(
      server.orm,
      server.services,
      staffViewer({
        municipalityIds: [(await server.orm.em.fork().findOneOrFail(Municipality, { slug: { $ne: 'zuiderveen' } })).id],
        permissions: [Permission.APPLICATION_ASSESS],
      }),
      { clock },
    );
    expect(await server.services.applications.assessors(outsider, id)).toBeNull();
  });

  it('mails each step to an applicant who wants e-mail, and only to them', async () => {
    const wants = await createHousehold(server, []);
    const quiet = await createHousehold(server, []);
    const em = server.orm.em.fork();
    await em.execute(`update person set email = ?, notify_order_status = true where id = ?`, [
      'aanvrager@example.test',
      wants.person.id,
    ]);
    await em.execute(`update person set email = ?, notify_order_status = false where id = ?`, [
      'stil@example.test',
      quiet.person.id,
    ]);
    const id = await submitted(wants);
    await submitted(quiet);
    const declined: any = await klantcontact.gql(DECIDE, {
      input: { applicationId: id, decision: 'DECLINED', reason: 'Uw inkomen is te hoog voor deze regeling.' },
    });
    expect(declined.data.decideApplication.errors).toEqual([]);
    const mails = await em.execute(
      `select to_address, subject, body from mail_message where template_key = 'APPLICATION_UPDATE' and person_id in (?, ?)
        order by created_at, id`,
      [wants.person.id, quiet.person.id],
    );
    expect(mails.map((m: any) => m.to_address)).toEqual(mails.map(() => 'aanvrager@example.test'));
    expect(mails.length).toBeGreaterThanOrEqual(2); // received, and the decision
    const last: any = mails.at(-1);
    expect(last.body).toContain('Uw inkomen is te hoog voor deze regeling.');
    expect(last.body).toContain(`/account/aanvragen/${id}`);
    expect(last.body).not.toMatch(/{{|}}/);
  });

  it('parallel drafts of one household make one application', async () => {
    const h = await createHousehold(server, []);
    const c = await resident(h);
    const results: any[] = await Promise.all(
      Array.from({ length: 6 }, () => c.gql(DRAFT, { id: arrangementId, answers: GOOD })),
    );
    const oks = results.filter((r) => r.data.saveApplicationDraft.errors.length === 0);
    expect(oks.length).toBeGreaterThanOrEqual(1);
    for (const r of results.filter((x) => x.data.saveApplicationDraft.errors.length))
      expect(r.data.saveApplicationDraft.errors[0].code).toBe('ALREADY_APPLIED');
    const rows = await server.orm.em.fork().find(Application, { clientGroupId: h.group.id });
    expect(rows).toHaveLength(1);
    // … and parallel submits of that draft send it once.
    const sends: any[] = await Promise.all(Array.from({ length: 4 }, () => c.gql(SUBMIT, { id: rows[0]!.id })));
    expect(sends.filter((s) => s.data.submitApplication.errors.length === 0)).toHaveLength(1);
  });

  it('the assessor asks, the resident answers, the assessor approves: granted through the ledger at once', async () => {
    const h = await createHousehold(server, []);
    const c = await resident(h);
    const id = await submitted(h);
    const listed: any = await klantcontact.gql(LIST, { filter: { status: 'SUBMITTED' } });
    expect(listed.data.applications.edges.map((e: any) => e.node.id)).toContain(id);
    const denied: any = await redactie.gql(LIST, {});
    expect(denied.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    const asked: any = await klantcontact.gql(ASK, { id, q: 'Wilt u uw laatste loonstrook sturen?' });
    expect(asked.data.askApplicant.application).toMatchObject({
      status: 'WAITING_FOR_RESIDENT',
      openQuestion: 'Wilt u uw laatste loonstrook sturen?',
    });
    const tooEarly: any = await klantcontact.gql(DECIDE, { input: { applicationId: id, decision: 'APPROVED' } });
    expect(tooEarly.data.decideApplication.errors[0].code).toBe('ALREADY_DECIDED');
    const mine: any = await c.gql(
      `query($id:ID!){ myApplication(id:$id){ status openQuestion timeline { kind internal } } }`,
      { id },
    );
    expect(mine.data.myApplication.openQuestion).toBe('Wilt u uw laatste loonstrook sturen?');
    const answered: any = await c.gql(ANSWER, { id, a: 'Die stuur ik mee.' });
    expect(answered.data.answerApplicationQuestion.application.status).toBe('IN_ASSESSMENT');

    const assessed: any = await klantcontact.gql(ASSESS, {
      input: { applicationId: id, criterionKey: 'inkomen', met: true, note: 'Loonstrook klopt.' },
    });
    expect(assessed.data.assessApplicationCriterion.application.assessments).toEqual([
      { criterionKey: 'inkomen', met: true, note: 'Loonstrook klopt.' },
    ]);
    const unknown: any = await klantcontact.gql(ASSESS, {
      input: { applicationId: id, criterionKey: 'nope', met: true },
    });
    expect(unknown.data.assessApplicationCriterion.errors[0].code).toBe('NOT_FOUND');

    const approved: any = await klantcontact.gql(DECIDE, { input: { applicationId: id, decision: 'APPROVED' } });
    expect(approved.data.decideApplication.errors).toEqual([]);
    const app = approved.data.decideApplication.application;
    expect(app).toMatchObject({ status: 'APPROVED', decidedAmountCents: 30_000 });
    expect(app.assignmentId).toBeTruthy();
    const budgets: any = await c.gql(`{ myAssignments { id balanceCents arrangementId } }`);
    const budget = budgets.data.myAssignments.find((a: any) => a.id === app.assignmentId);
    expect(budget.balanceCents).toBe(30_000);
    const timeline: any = await c.gql(`query($id:ID!){ myApplication(id:$id){ timeline { kind internal } } }`, { id });
    const kinds = timeline.data.myApplication.timeline.map((e: any) => e.kind);
    expect(kinds).toEqual([
      'CREATED',
      'SUBMITTED',
      'ASSESSMENT_STARTED',
      'QUESTION_ASKED',
      'QUESTION_ANSWERED',
      'APPROVED',
    ]);
    // The household holds the arrangement now: no second application.
    const again: any = await c.gql(DRAFT, { id: arrangementId, answers: GOOD });
    expect(again.data.saveApplicationDraft.errors[0].code).toBe('ALREADY_GRANTED');
    await expectLedgerConsistent(server);
  });

  it('parallel approvals approve once and grant once', async () => {
    const h = await createHousehold(server, []);
    const id = await submitted(h);
    const results: any[] = await Promise.all(
      Array.from({ length: 5 }, () => klantcontact.gql(DECIDE, { input: { applicationId: id, decision: 'APPROVED' } })),
    );
    const oks = results.filter((r) => r.data.decideApplication.errors.length === 0);
    expect(oks).toHaveLength(1);
    for (const r of results.filter((x) => x.data.decideApplication.errors.length))
      expect(r.data.decideApplication.errors[0].code).toBe('ALREADY_DECIDED');
    const [{ n }] = await server.orm.em
      .fork()
      .execute(`select count(*)::int as n from assignment where client_group_id = ?`, [h.group.id]);
    expect(n).toBe(1);
    // One decision, one event for partners (issue 29: application.decided, in the decision's transaction).
    const events = await server.orm.em
      .fork()
      .execute(`select type, payload from webhook_event where subject = ?`, [`application:${id}`]);
    expect(events).toEqual([
      {
        type: 'application.decided',
        payload: expect.objectContaining({ applicationId: id, decision: 'APPROVED', assignmentId: expect.any(String) }),
      },
    ]);
  });

  it('partly approves with a lower amount and a reason, and declines with a reason the resident reads', async () => {
    const h1 = await createHousehold(server, []);
    const id1 = await submitted(h1);
    const higher: any = await klantcontact.gql(DECIDE, {
      input: { applicationId: id1, decision: 'PARTLY_APPROVED', amountCents: 30_000, reason: 'Eén kind is te oud.' },
    });
    expect(higher.data.decideApplication.errors[0]).toMatchObject({ field: 'amountCents', code: 'NOT_LOWER' });
    const noReason: any = await klantcontact.gql(DECIDE, {
      input: { applicationId: id1, decision: 'PARTLY_APPROVED', amountCents: 15_000 },
    });
    expect(noReason.data.decideApplication.errors[0]).toMatchObject({ field: 'reason', code: 'REQUIRED' });
    const partly: any = await klantcontact.gql(DECIDE, {
      input: {
        applicationId: id1,
        decision: 'PARTLY_APPROVED',
        amountCents: 15_000,
        reason: 'Eén kind woont niet thuis.',
      },
    });
    expect(partly.data.decideApplication.application).toMatchObject({
      status: 'PARTLY_APPROVED',
      decidedAmountCents: 15_000,
      decisionReason: 'Eén kind woont niet thuis.',
    });

    const h2 = await createHousehold(server, []);
    const c2 = await resident(h2);
    const id2 = await submitted(h2);
    const declined: any = await klantcontact.gql(DECIDE, {
      input: { applicationId: id2, decision: 'DECLINED', reason: 'U woont niet in de gemeente.' },
    });
    expect(declined.data.decideApplication.application).toMatchObject({ status: 'DECLINED', assignmentId: null });
    const seen: any = await c2.gql(`query($id:ID!){ myApplication(id:$id){ status decisionReason } }`, { id: id2 });
    expect(seen.data.myApplication).toEqual({ status: 'DECLINED', decisionReason: 'U woont niet in de gemeente.' });
    const after: any = await klantcontact.gql(DECIDE, { input: { applicationId: id2, decision: 'APPROVED' } });
    expect(after.data.decideApplication.errors[0].code).toBe('ALREADY_DECIDED');
  });

  it('four eyes: above the amount a second person with the deciding permission confirms', async () => {
    const admin = contextFor(server.orm, server.services, staffViewer(), { clock });
    const set = await server.services.settings.update(admin, 'applications', { fourEyesAboveCents: 20_000 });
    expect(set.ok).toBe(true);
    try {
      const h = await createHousehold(server, []);
      const id = await submitted(h); // 2 children under 18: € 300,00
      const proposed: any = await klantcontact.gql(DECIDE, { input: { applicationId: id, decision: 'APPROVED' } });
      expect(proposed.data.decideApplication.application).toMatchObject({
        status: 'IN_ASSESSMENT',
        assignmentId: null,
        proposal: { decision: 'APPROVED', amountCents: 30_000, proposedByName: 'Karim Klantcontact' },
      });
      const listed: any = await beheerder.gql(LIST, { filter: { status: 'IN_ASSESSMENT' } });
      expect(listed.data.applications.edges.find((e: any) => e.node.id === id).node.awaitingConfirmation).toBe(true);
      // The assessor lacks the deciding permission.
      const own: any = await klantcontact.gql(CONFIRM, { id });
      expect(own.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      const confirmed: any = await beheerder.gql(CONFIRM, { id });
      expect(confirmed.data.confirmApplicationDecision.application).toMatchObject({
        status: 'APPROVED',
        decidedAmountCents: 30_000,
      });

      // Whoever proposes never confirms their own proposal, even with the deciding permission.
      const h2 = await createHousehold(server, []);
      const id2 = await submitted(h2);
      await beheerder.gql(DECIDE, { input: { applicationId: id2, decision: 'APPROVED' } });
      const same: any = await beheerder.gql(CONFIRM, { id: id2 });
      expect(same.data.confirmApplicationDecision.errors[0].code).toBe('SAME_PERSON');
      // Below the amount no second person is needed.
      const h3 = await createHousehold(server, []);
      const id3 = await submitted(h3, { ...GOOD, kinderen: ['2015-06-01'] });
      const direct: any = await klantcontact.gql(DECIDE, { input: { applicationId: id3, decision: 'APPROVED' } });
      expect(direct.data.decideApplication.application.status).toBe('APPROVED');
    } finally {
      await server.services.settings.update(admin, 'applications', { fourEyesAboveCents: null });
    }
  });

  it('nobody assesses an application of their own household', async () => {
    const h = await createHousehold(server, []);
    const id = await submitted(h);
    const em = server.orm.em.fork();
    const person = await em.findOneOrFail(Person, h.person.id);
    person.email = 'Klantcontact@demo.gemeentewinkel.nl';
    await em.flush();
    const r: any = await klantcontact.gql(DECIDE, { input: { applicationId: id, decision: 'APPROVED' } });
    expect(r.data.decideApplication.errors[0]).toMatchObject({
      code: 'OWN_APPLICATION',
      message: 'U kunt geen aanvraag van uw eigen huishouden beoordelen.',
    });
    const ask: any = await klantcontact.gql(ASK, { id, q: 'Mag ik dit zelf doen?' });
    expect(ask.data.askApplicant.errors[0].code).toBe('OWN_APPLICATION');
  });

  it('refuses to submit after the period closed', async () => {
    const h = await createHousehold(server, []);
    const c = await resident(h);
    const d: any = await c.gql(DRAFT, { id: arrangementId, answers: GOOD });
    const saved = clock.now();
    clock.set(new Date('2027-07-01T09:00:00Z'));
    try {
      const later = await resident(h); // the session of four months ago has expired
      const r: any = await later.gql(SUBMIT, { id: d.data.saveApplicationDraft.application.id });
      expect(r.data.submitApplication.errors[0]).toMatchObject({ code: 'CLOSED' });
      const again: any = await later.gql(DRAFT, { id: arrangementId, answers: GOOD });
      expect(again.data.saveApplicationDraft.errors[0].code).toBe('CLOSED');
    } finally {
      clock.set(saved);
    }
  });

  it('the demo seeds an open arrangement with an application in every status', async () => {
    await seedDemoApplications(server.orm.em.fork(), server.services, {
      now: clock.now(),
      bsnKeys: server.services.config.bsn,
    });
    const rows = await server.orm.em.fork().execute<{ status: string; n: number }[]>(
      `select a.status, count(*)::int as n from application a join arrangement ar on ar.id = a.arrangement_id
          where ar.name = 'Jeugdtegoed 2027' group by a.status`,
    );
    expect(rows.map((r) => r.status).sort()).toEqual([...DEMO_APPLICATION_STATUSES].sort());
    const waiting: any = await klantcontact.gql(LIST, { filter: { status: 'WAITING_FOR_RESIDENT' } });
    expect(waiting.data.applications.totalCount).toBeGreaterThanOrEqual(1);
    await expectLedgerConsistent(server);
  });

  it('counts for the dashboard and exports the decisions of a period as CSV, without names or BSN', async () => {
    const numbers: any = await klantcontact.gql(`{ applicationNumbers { waiting medianDaysToDecision } }`);
    expect(numbers.data.applicationNumbers.waiting).toBeGreaterThan(0);
    expect(numbers.data.applicationNumbers.medianDaysToDecision).toBeGreaterThanOrEqual(0);
    const res = await klantcontact.fetch('/api/aanvragen/besluiten.csv?van=2027-01-01&tot=2027-12-31');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/attachment/);
    const csv = await res.text();
    expect(csv).toContain('Aanvraag;Regeling;Besluit;Ingediend;Besloten;Verwacht bedrag;Toegekend bedrag;Reden');
    expect(csv).toMatch(/AV-\d{6};Kindregeling [^;]+;Toegekend;2027-03-01;2027-03-01;300,00;300,00;/);
    expect(csv).toContain('Afgewezen');
    expect(csv).not.toMatch(/Testhuishouden|Persoon/);
    expect((await klantcontact.fetch('/api/aanvragen/besluiten.csv?van=2027-13-01&tot=x')).status).toBe(400);
    expect((await redactie.fetch('/api/aanvragen/besluiten.csv?van=2027-01-01&tot=2027-12-31')).status).toBe(403);
  });
});
