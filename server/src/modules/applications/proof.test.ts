import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer, type TestClient, type TestServer } from '../../test/server.js';
import { createHousehold } from '../../test/households.js';
import { contextFor, staffViewer } from '../../test/context.js';
import { DEMO_PASSWORD } from '../../seeders/demo-accounts.js';
import { ManualClock } from '../../kernel/clock.js';
import { Permission } from '../../kernel/permissions.js';
import { Municipality } from '../municipalities/municipality.entity.js';
import { Arrangement } from '../arrangements/arrangement.entity.js';
import { ApplicationProof } from './application.entity.js';
import { pdfHasActiveContent } from './proof.js';

const E = 'errors { field code message }';
const SAVE_FORM = `mutation($id:ID!,$input:ApplicationFormInput!){ saveApplicationForm(arrangementId:$id,input:$input){ ${E} } }`;
const DRAFT = `mutation($id:ID!,$answers:JSONObject!){ saveApplicationDraft(arrangementId:$id,answers:$answers){ ${E} application { id } } }`;
const SUBMIT = `mutation($id:ID!){ submitApplication(id:$id){ ${E} application { id status proofs { id criterionKey contentType purged } } } }`;
const DECIDE = `mutation($input:DecideApplicationInput!){ decideApplication(input:$input){ ${E} application { status } } }`;
const ASK = `mutation($id:ID!,$q:String!){ askApplicant(id:$id,question:$q){ ${E} } }`;
const STAFF_APP = `query($id:ID!){ application(id:$id){ proofs { id criterionKey contentType purged } timeline { kind } } }`;

const CRITERIA = [
  {
    key: 'inkomen',
    type: 'NUMBER',
    question: 'Wat is uw netto inkomen per maand?',
    rule: { kind: 'RANGE', max: 2000 },
    proof: 'REQUIRED',
    proofHint: 'Uw laatste loonstrook',
  },
];

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);
const PDF_WITH_JS = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj\n%%EOF\n',
  'latin1',
);
const PDF_WITH_ESCAPED_FILE = Buffer.from(
  '%PDF-1.7\n1 0 obj << /Names << /Embedded#46iles 2 0 R >> >> endobj\n%%EOF',
  'latin1',
);

function form(file: Buffer | null, criterionKey = 'inkomen', name = 'loonstrook.png', type = 'image/png') {
  const body = new FormData();
  body.set('criterionKey', criterionKey);
  if (file) body.set('file', new Blob([new Uint8Array(file)], { type }), name);
  return body;
}

describe('proof files of applications: upload, checks, encryption at rest, assessors only, retention', () => {
  const clock = new ManualClock(new Date('2027-03-01T09:00:00Z'));
  let server: TestServer;
  let dataDir: string;
  let klantcontact: TestClient;
  let redactie: TestClient;
  let arrangementId: string;
  let photo: Buffer;

  async function upload(client: TestClient, applicationId: string, body: FormData, header = true) {
    const res = await client.fetch(`/api/aanvragen/${applicationId}/bewijs`, {
      method: 'POST',
      headers: header ? { 'x-gemeentewinkel-upload': '1' } : {},
      body,
    });
    return { status: res.status, body: (await res.json()) as any };
  }

  async function draft() {
    const h = await createHousehold(server, []);
    const c = server.client();
    await c.loginWithDigid(h.bsn);
    const d: any = await c.gql(DRAFT, { id: arrangementId, answers: { inkomen: '1500' } });
    return { c, id: d.data.saveApplicationDraft.application.id as string };
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'gw-proof-'));
    server = await startTestServer({ seed: true, clock, env: { DATA_DIR: dataDir } });
    klantcontact = server.client();
    await klantcontact.loginStaff('klantcontact@demo.gemeentewinkel.nl', DEMO_PASSWORD);
    redactie = server.client();
    await redactie.loginStaff('redactie@demo.gemeentewinkel.nl', DEMO_PASSWORD);
    const beheerder = server.client();
    await beheerder.loginStaff('beheerder@demo.gemeentewinkel.nl', DEMO_PASSWORD);
    const em = server.orm.em.fork();
    const zuiderveen = await em.findOneOrFail(Municipality, { slug: 'zuiderveen' });
    const a = em.create(Arrangement, {
      municipality: zuiderveen.id,
      name: `Bewijsregeling ${randomUUID().slice(0, 6)}`,
      slug: `bewijs-${randomUUID().slice(0, 6)}`,
      validFrom: '2027-01-01',
      validUntil: '2027-12-31',
      defaultAmountCents: 10_000,
    });
    await em.flush();
    arrangementId = a.id;
    const r: any = await beheerder.gql(SAVE_FORM, {
      id: arrangementId,
      input: {
        open: true,
        opensOn: '2027-01-01',
        closesOn: '2027-12-31',
        criteria: CRITERIA,
        amount: { kind: 'FIXED', cents: 10_000 },
      },
    });
    expect(r.data.saveApplicationForm.errors).toEqual([]);
    photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: 'blue' } })
      .withMetadata({ exif: { IFD0: { Copyright: 'GPS 52.1,5.1' } } })
      .png()
      .toBuffer();
  }, 240_000);
  afterAll(async () => {
    await server?.close();
    // The uploads folder of this file's server (proof files): nothing left in the machine's temporary folder.
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('recognises active content in a PDF, also behind #-escapes', () => {
    expect(pdfHasActiveContent(PDF)).toBe(false);
    expect(pdfHasActiveContent(PDF_WITH_JS)).toBe(true);
    expect(pdfHasActiveContent(PDF_WITH_ESCAPED_FILE)).toBe(true);
  });

  it('requires the proof a question asks for, takes a photo and a PDF, refuses bad files in Dutch', async () => {
    const { c, id } = await draft();
    const early: any = await c.gql(SUBMIT, { id });
    expect(early.data.submitApplication.errors).toEqual([
      expect.objectContaining({
        field: 'proof.inkomen',
        code: 'PROOF_REQUIRED',
        message: expect.stringContaining('loonstrook'),
      }),
    ]);
    const refused: [FormData, number, string][] = [
      [form(Buffer.from('gewoon tekst'), 'inkomen', 'a.txt', 'text/plain'), 415, 'UNSUPPORTED'],
      [form(PDF_WITH_JS, 'inkomen', 'a.pdf', 'application/pdf'), 415, 'UNSAFE_PDF'],
      [form(PDF_WITH_ESCAPED_FILE, 'inkomen', 'a.pdf', 'application/pdf'), 415, 'UNSAFE_PDF'],
      [form(null), 400, 'REQUIRED'],
      [form(photo, 'onbekend'), 400, 'NOT_FOUND'],
    ];
    for (const [body, status, code] of refused) {
      const r = await upload(c, id, body);
      expect(r.status, code).toBe(status);
      expect(r.body.errors[0].code).toBe(code);
      expect(r.body.errors[0].message).toMatch(/[a-z]/);
    }
    expect((await upload(c, id, form(photo), false)).status).toBe(400); // no upload header: a cross-site form
    const stranger = await draft();
    expect((await upload(stranger.c, id, form(photo))).status).toBe(404); // another household's application
    const img = await upload(c, id, form(photo));
    expect(img.status).toBe(201);
    const pdf = await upload(c, id, form(PDF, 'inkomen', 'loonstrook.pdf', 'application/pdf'));
    expect(pdf.status).toBe(201);
    expect(pdf.body.application.proofs.map((p: any) => p.contentType)).toEqual(['image/webp', 'application/pdf']);
    // Encrypted at rest: neither the PDF nor the photo's bytes are in the stored files.
    const folder = join(dataDir, 'uploads', 'proof');
    const files = readdirSync(folder).filter((f) => !f.startsWith('.'));
    expect(files).toHaveLength(2);
    for (const f of files) {
      const bytes = readFileSync(join(folder, f));
      expect(bytes.includes(Buffer.from('%PDF'))).toBe(false);
      expect(bytes.includes(Buffer.from('RIFF'))).toBe(false);
    }
    // Never through the public uploads route.
    expect((await server.client().fetch(`/uploads/proof/${files[0]}`)).status).toBe(404);
    const sent: any = await c.gql(SUBMIT, { id });
    expect(sent.data.submitApplication.application.status).toBe('SUBMITTED');
    // After submitting, no more files (until the assessor asks a question).
    expect((await upload(c, id, form(photo))).body.errors[0].code).toBe('CLOSED');
    await klantcontact.gql(ASK, { id, q: 'Wilt u nog een loonstrook sturen?' });
    expect((await upload(c, id, form(photo))).status).toBe(201);
  });

  it('lets only assessors of the municipality read proof: a photo inline, a PDF as a download, re-encoded', async () => {
    const { c, id } = await draft();
    await upload(c, id, form(photo));
    await upload(c, id, form(PDF, 'inkomen', 'loonstrook.pdf', 'application/pdf'));
    await c.gql(SUBMIT, { id });
    const app: any = await klantcontact.gql(STAFF_APP, { id });
    const [img, pdf] = app.data.application.proofs;
    const image = await klantcontact.fetch(`/api/aanvragen/${id}/bewijs/${img.id}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect(image.headers.get('content-disposition')).toMatch(/^inline/);
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 40, height: 30 });
    expect(meta.exif).toBeUndefined(); // the photo's metadata is gone
    const file = await klantcontact.fetch(`/api/aanvragen/${id}/bewijs/${pdf.id}`);
    expect(file.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(Buffer.from(await file.arrayBuffer()).equals(PDF)).toBe(true); // stored as it is
    expect((await redactie.fetch(`/api/aanvragen/${id}/bewijs/${pdf.id}`)).status).toBe(403);
    expect((await c.fetch(`/api/aanvragen/${id}/bewijs/${pdf.id}`)).status).toBe(403);
    const other = (await server.orm.em.fork().find(Municipality, { slug: { $ne: 'zuiderveen' } }))[0]!;
    const outsider = contextFor(
      server.orm,
      server.services,
      staffViewer({ municipalityIds: [other.id], permissions: [Permission.APPLICATION_ASSESS] }),
      { clock },
    );
    expect(await server.services.applications.readProof(outsider, id, pdf.id)).toBeNull();
    const [{ n }] = await server.orm.em
      .fork()
      .execute(`select count(*)::int as n from audit_log where action = 'application.proof_read' and subject_id = ?`, [
        id,
      ]);
    expect(n).toBe(2);
  });

  it('gives the resident their applications and proof in their data download, and their own proof only', async () => {
    const { c, id } = await draft();
    await upload(c, id, form(PDF, 'inkomen', 'loonstrook.pdf', 'application/pdf'));
    await c.gql(SUBMIT, { id });
    const download = await c.fetch('/api/mijn-gegevens.json');
    expect(download.status).toBe(200);
    const data = (await download.json()) as any;
    const mine = data.applications.find((a: any) => a.status === 'SUBMITTED');
    expect(mine).toMatchObject({ answers: { inkomen: '1500' }, expectedAmountCents: 10_000 });
    expect(mine.timeline.map((e: any) => e.kind)).toEqual(['CREATED', 'PROOF_ADDED', 'SUBMITTED']);
    expect(mine.proof).toEqual([
      expect.objectContaining({ question: 'inkomen', contentType: 'application/pdf', deletedAt: null }),
    ]);
    const link: string = mine.proof[0].download;
    expect(link).toMatch(/^\/api\/mijn-aanvragen\//);
    const own = await c.fetch(link);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(Buffer.from(await own.arrayBuffer()).equals(PDF)).toBe(true);
    // Another household's resident, and staff, do not read it through the resident's address.
    const stranger = (await draft()).c;
    expect((await stranger.fetch(link)).status).toBe(404);
    expect((await klantcontact.fetch(link)).status).toBe(403);
    expect((await server.client().fetch(link)).status).toBe(401);
  });

  it('the purge job deletes proof files the retention period after the decision; the decision stays', async () => {
    const { c, id } = await draft();
    await upload(c, id, form(photo));
    await c.gql(SUBMIT, { id });
    const decided: any = await klantcontact.gql(DECIDE, {
      input: { applicationId: id, decision: 'DECLINED', reason: 'Inkomen te hoog volgens de loonstrook.' },
    });
    expect(decided.data.decideApplication.application.status).toBe('DECLINED');
    const [proof] = await server.orm.em.fork().find(ApplicationProof, { applicationId: id });
    const path = join(dataDir, 'uploads', proof!.fileKey!);
    expect(existsSync(path)).toBe(true);
    const system = contextFor(
      server.orm,
      server.services,
      { kind: 'SYSTEM', job: 'privacy.purgeRetention' },
      { clock },
    );
    const days = (await server.services.settings.get('applications')).proofRetentionDays;
    const saved = clock.now();
    try {
      clock.set(new Date(saved.getTime() + (days - 1) * 86_400_000));
      await server.services.applications.purgeProofs(system);
      expect(existsSync(path)).toBe(true); // not yet
      clock.set(new Date(saved.getTime() + (days + 1) * 86_400_000));
      expect(await server.services.applications.purgeProofs(system)).toBeGreaterThanOrEqual(1);
      expect(existsSync(path)).toBe(false);
      const after = await server.orm.em.fork().findOneOrFail(ApplicationProof, proof!.id);
      expect(after).toMatchObject({ fileKey: null });
      expect(after.purgedAt).toBeInstanceOf(Date);
      const staff = server.client(); // the earlier session has expired on this clock
      await staff.loginStaff('klantcontact@demo.gemeentewinkel.nl', DEMO_PASSWORD);
      const app: any = await staff.gql(
        `query($id:ID!){ application(id:$id){ status decisionReason answers proofs { purged } } }`,
        { id },
      );
      expect(app.data.application).toMatchObject({
        status: 'DECLINED',
        decisionReason: 'Inkomen te hoog volgens de loonstrook.',
        answers: { inkomen: '1500' },
        proofs: [{ purged: true }],
      });
    } finally {
      clock.set(saved);
    }
  });
});
