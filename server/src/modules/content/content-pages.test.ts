import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../../test/server.js';
import { DEMO_PASSWORD, demoProviderEmail } from '../../seeders/demo-accounts.js';
import { ManualClock } from '../../kernel/clock.js';

const PAGE_FIELDS = `page municipalityId
  published { id version title body bodyHtml publishedAt authorName }
  draft { id version title body restoredFrom authorName createdAt }
  versions { id version title publishedAt restoredFrom authorName createdAt }`;
const ADMIN = `query($p: ContentPageKind!, $m: ID){ adminContentPage(page:$p, municipalityId:$m){ ${PAGE_FIELDS} } }`;
const PUBLIC = `query($p: ContentPageKind!, $m: ID){ contentPage(page:$p, municipalityId:$m){ version title bodyHtml publishedAt accessibility { status reviewedOn problems { description fix } contactEmail } } }`;
const SAVE = `mutation($p: ContentPageKind!, $m: ID, $i: ContentPageInput!){ saveContentPage(page:$p, municipalityId:$m, input:$i){ errors { field code message } page { ${PAGE_FIELDS} } } }`;
const PUBLISH = `mutation($v: ID!){ publishContentPage(versionId:$v){ errors { field code message } page { ${PAGE_FIELDS} } } }`;
const RESTORE = `mutation($v: ID!){ restoreContentPageVersion(versionId:$v){ errors { field code message } page { ${PAGE_FIELDS} } } }`;
const PENDING = `{ pendingTerms { id version title bodyHtml municipalityName } }`;
const ACCEPT = `mutation($ids:[ID!]!){ acceptPendingTerms(termsVersionIds:$ids){ errors { code message } pendingTerms { id } } }`;

describe('content pages: versions, publishing, restore, permissions, sanitising; providers accept new terms', () => {
  const clock = new ManualClock(new Date('2030-03-12T09:00:00Z'));
  let server: TestServer;
  let editor: TestClient; // Redactie: CONTENT_EDIT
  let finance: TestClient; // Financiën: no CONTENT_EDIT
  let visitor: TestClient;

  beforeAll(async () => {
    server = await startTestServer({ seed: true, clock });
    editor = server.client();
    await editor.loginStaff('redactie@demo.gemeentewinkel.nl', DEMO_PASSWORD);
    finance = server.client();
    await finance.loginStaff('financien@demo.gemeentewinkel.nl', DEMO_PASSWORD);
    visitor = server.client();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('the demo publishes every page with text', async () => {
    for (const p of ['HOW_IT_WORKS', 'PRIVACY', 'ACCESSIBILITY', 'TERMS_RESIDENTS', 'TERMS_PROVIDERS']) {
      const r: any = await visitor.gql(PUBLIC, { p });
      expect(r.data.contentPage.bodyHtml.length, p).toBeGreaterThan(200);
    }
    const a: any = await visitor.gql(PUBLIC, { p: 'ACCESSIBILITY' });
    expect(a.data.contentPage.accessibility).toMatchObject({ status: 'PARTIALLY_COMPLIANT' });
    expect(a.data.contentPage.accessibility.problems.length).toBeGreaterThan(0);
  });

  it('a draft is not public until published; publishing shows it; the history says who and when', async () => {
    const before: any = await visitor.gql(PUBLIC, { p: 'PRIVACY' });
    const saved: any = await editor.gql(SAVE, {
      p: 'PRIVACY',
      i: { title: 'Privacyverklaring', body: '# Nieuw\n\nDe **nieuwe** tekst over uw gegevens.' },
    });
    expect(saved.data.saveContentPage.errors).toEqual([]);
    const page = saved.data.saveContentPage.page;
    expect(page.draft).toMatchObject({ version: 3, authorName: 'Roos Redactie' });
    expect(page.published.version).toBe(2);

    const still: any = await visitor.gql(PUBLIC, { p: 'PRIVACY' });
    expect(still.data.contentPage.bodyHtml).toBe(before.data.contentPage.bodyHtml);

    const published: any = await editor.gql(PUBLISH, { v: page.draft.id });
    expect(published.data.publishContentPage.errors).toEqual([]);
    expect(published.data.publishContentPage.page.draft).toBeNull();
    expect(published.data.publishContentPage.page.published.publishedAt.slice(0, 10)).toBe('2030-03-12');
    const after: any = await visitor.gql(PUBLIC, { p: 'PRIVACY' });
    expect(after.data.contentPage.bodyHtml).toBe(
      '<h2>Nieuw</h2>\n<p>De <strong>nieuwe</strong> tekst over uw gegevens.</p>\n',
    );

    const again: any = await editor.gql(PUBLISH, { v: page.draft.id });
    expect(again.data.publishContentPage.errors[0].code).toBe('ALREADY_PUBLISHED');

    const audit = await server.orm.em
      .fork()
      .execute<{ action: string }[]>(`select action from audit_log where subject_id = ? order by id`, [page.draft.id]);
    expect(audit.map((a) => a.action)).toEqual(['CONTENT_PAGE_SAVED', 'CONTENT_PAGE_PUBLISHED']);
  });

  it('restores an old version as a new draft, and refuses to publish a draft that is no longer the newest', async () => {
    const r: any = await editor.gql(ADMIN, { p: 'PRIVACY' });
    const first = r.data.adminContentPage.versions.find((v: any) => v.version === 1);
    const restored: any = await editor.gql(RESTORE, { v: first.id });
    expect(restored.data.restoreContentPageVersion.errors).toEqual([]);
    const draft = restored.data.restoreContentPageVersion.page.draft;
    expect(draft).toMatchObject({ version: 4, restoredFrom: 1, authorName: 'Roos Redactie' });
    expect(draft.body).toContain('Welke gegevens');

    const newer: any = await editor.gql(SAVE, {
      p: 'PRIVACY',
      i: { title: 'Privacyverklaring', body: 'Nog nieuwer.' },
    });
    const stale: any = await editor.gql(PUBLISH, { v: draft.id });
    expect(stale.data.publishContentPage.errors[0].code).toBe('STALE');
    expect(newer.data.saveContentPage.page.versions.map((v: any) => v.version)).toEqual([5, 4, 3, 2, 1]);
  });

  it('two saves at once get consecutive versions', async () => {
    const results: any[] = await Promise.all(
      [1, 2, 3].map((n) => editor.gql(SAVE, { p: 'HOW_IT_WORKS', i: { title: 'Zo werkt het', body: `Tekst ${n}` } })),
    );
    expect(results.every((r) => r.data.saveContentPage.errors.length === 0)).toBe(true);
    const r: any = await editor.gql(ADMIN, { p: 'HOW_IT_WORKS' });
    expect(r.data.adminContentPage.versions.map((v: any) => v.version)).toEqual([4, 3, 2, 1]);
  });

  it('refuses script and javascript: links in Dutch, storing nothing; the renderer escapes what slips by', async () => {
    const count = async () =>
      (
        await server.orm.em
          .fork()
          .execute<{ n: number }[]>(`select count(*)::int as n from content_page_version where page = 'privacy'`)
      )[0]!.n;
    const n = await count();
    const bad: [string, string][] = [
      ['Hallo <script>alert(1)</script>', 'UNSAFE_MARKUP'],
      ['Een <img src=x onerror="alert(1)">', 'UNSAFE_MARKUP'],
      ['Klik [hier](javascript:alert(1))', 'UNSAFE_LINK'],
      ['Klik [hier]( JaVa\tScRiPt:alert(1))', 'UNSAFE_LINK'],
      ['', 'REQUIRED'],
    ];
    for (const [body, code] of bad) {
      const r: any = await editor.gql(SAVE, { p: 'PRIVACY', i: { title: 'Privacy', body } });
      expect(r.data.saveContentPage.page, body).toBeNull();
      expect(r.data.saveContentPage.errors[0]).toMatchObject({ field: 'body', code });
      expect(r.data.saveContentPage.errors[0].message).toMatch(/[a-z]/);
    }
    expect(await count()).toBe(n);
    const preview: any = await editor.gql(`query($s:String!){ previewContentPage(source:$s) }`, {
      s: '[a](data:text/html,x) <b>vet</b>',
    });
    expect(preview.data.previewContentPage).not.toContain('href="data:');
    expect(preview.data.previewContentPage).toContain('&lt;b&gt;');
  });

  it('checks the accessibility statement’s fields', async () => {
    const r: any = await editor.gql(SAVE, {
      p: 'ACCESSIBILITY',
      i: {
        title: 'Toegankelijkheidsverklaring',
        body: 'Wij willen dat iedereen deze website kan gebruiken.',
        accessibility: {
          status: 'HALF',
          reviewedOn: '2030-02-30',
          reviewMethod: 'Handmatig onderzoek',
          contactEmail: 'geen-adres',
          problems: [{ description: 'Kleurcontrast van knoppen', fix: '' }],
        },
      },
    });
    expect(r.data.saveContentPage.errors.map((e: any) => e.field)).toEqual([
      'accessibility.status',
      'accessibility.reviewedOn',
      'accessibility.contactEmail',
      'accessibility.problems.0.fix',
    ]);
    const missing: any = await editor.gql(SAVE, {
      p: 'ACCESSIBILITY',
      i: { title: 'Toegankelijkheidsverklaring', body: 'Tekst.' },
    });
    expect(missing.data.saveContentPage.errors[0].field).toBe('accessibility');
  });

  it('needs CONTENT_EDIT to read drafts, save, publish or restore', async () => {
    const r: any = await finance.gql(ADMIN, { p: 'PRIVACY' });
    expect(r.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const s: any = await finance.gql(SAVE, { p: 'PRIVACY', i: { title: 'Privacy', body: 'Tekst' } });
    expect(s.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const v: any = await visitor.gql(SAVE, { p: 'PRIVACY', i: { title: 'Privacy', body: 'Tekst' } });
    expect(v.data?.saveContentPage ?? null).toBeNull();
    expect(v.errors?.length).toBeGreaterThan(0);
  });

  it('new providers’ terms: the provider accepts them at the next log-in, dated by the application clock', async () => {
    const provider = server.client();
    await provider.loginProvider(demoProviderEmail(1), DEMO_PASSWORD);
    const none: any = await provider.gql(PENDING);
    expect(none.errors).toBeUndefined();
    expect(none.data.pendingTerms).toEqual([]);
    // The demo's fourth provider has not accepted version 2 (published ten days before) yet.
    const fourth = server.client();
    await fourth.loginProvider(demoProviderEmail(4), DEMO_PASSWORD);
    expect((await fourth.gql<any>(PENDING)).data!.pendingTerms.map((t: any) => t.version)).toEqual([2]);

    const saved: any = await editor.gql(SAVE, {
      p: 'TERMS_PROVIDERS',
      i: { title: 'Voorwaarden voor aanbieders', body: '# Nieuw\n\nU levert binnen **drie** werkdagen.' },
    });
    // Saving a draft changes nothing for providers.
    expect((await provider.gql<any>(PENDING)).data!.pendingTerms).toEqual([]);
    clock.set(new Date('2030-03-20T10:00:00Z'));
    // A week on: the sessions have expired.
    await editor.loginStaff('redactie@demo.gemeentewinkel.nl', DEMO_PASSWORD);
    const published: any = await editor.gql(PUBLISH, { v: saved.data.saveContentPage.page.draft.id });
    expect(published.errors).toBeUndefined();
    expect(published.data.publishContentPage.errors).toEqual([]);
    const current: any = await visitor.gql(`{ currentTerms { id version bodyHtml } }`);
    expect(current.data.currentTerms.version).toBe(3);
    expect(current.data.currentTerms.bodyHtml).toContain('<strong>drie</strong>');

    const again = server.client();
    await again.loginProvider(demoProviderEmail(1), DEMO_PASSWORD);
    const pending: any = await again.gql(PENDING);
    expect(pending.data.pendingTerms.map((t: any) => t.version)).toEqual([3]);

    const wrong: any = await again.gql(ACCEPT, { ids: [] });
    expect(wrong.data.acceptPendingTerms.errors[0].code).toBe('TERMS_CHANGED');

    clock.set(new Date('2030-03-20T10:20:00Z'));
    const accepted: any = await again.gql(ACCEPT, { ids: [current.data.currentTerms.id] });
    expect(accepted.data.acceptPendingTerms).toEqual({ errors: [], pendingTerms: [] });
    const rows = await server.orm.em
      .fork()
      .execute<{ accepted_at: Date; provider_user_id: string | null }[]>(
        `select accepted_at, provider_user_id from terms_acceptance where terms_version_id = ?`,
        [current.data.currentTerms.id],
      );
    expect(rows).toHaveLength(1);
    expect(new Date(rows[0]!.accepted_at).toISOString().slice(0, 16)).toBe('2030-03-20T10:20');
    expect(rows[0]!.provider_user_id).not.toBeNull();
    // Another provider still has to.
    const other = server.client();
    await other.loginProvider(demoProviderEmail(2), DEMO_PASSWORD);
    expect((await other.gql<any>(PENDING)).data!.pendingTerms).toHaveLength(1);
    // Staff and visitors have no pending terms to ask about.
    expect((await visitor.gql<any>(PENDING)).errors?.length).toBeGreaterThan(0);
  });

  it('until the new terms are accepted the server refuses every other provider operation (TERMS_NOT_ACCEPTED)', async () => {
    // After the previous test the second demo provider still has version 3 to accept.
    const provider = server.client();
    await provider.loginProvider(demoProviderEmail(2), DEMO_PASSWORD);
    const refused = [
      `{ myProvider { name } }`,
      `{ myProducts { edges { node { id } } } }`,
      `{ myMunicipalities { municipality { id } } }`,
      `mutation { archiveProduct(id: "1") { errors { code } } }`,
    ];
    for (const q of refused) {
      const r: any = await provider.gql(q);
      expect(r.errors?.[0]?.extensions?.code, q).toBe('TERMS_NOT_ACCEPTED');
      expect(r.errors[0].message, q).toMatch(/nieuwe voorwaarden/);
    }
    // The uploads (outside GraphQL) follow the same rule.
    const body = new FormData();
    body.set('file', new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }), 'logo.png');
    const upload = await provider.fetch('/api/provider/logo', {
      method: 'POST',
      headers: { 'x-gemeentewinkel-upload': '1' },
      body,
    });
    expect(upload.status).toBe(403);
    expect(((await upload.json()) as any).errors[0].code).toBe('TERMS_NOT_ACCEPTED');
    // What the provider needs to accept them stays open: who am I, the pending terms (and their text), log-out.
    const viewer: any = await provider.gql(`{ viewer { kind provider { name } } }`);
    expect(viewer.errors).toBeUndefined();
    expect(viewer.data.viewer.kind).toBe('PROVIDER');
    const pending: any = await provider.gql(PENDING);
    expect(pending.errors).toBeUndefined();
    expect(pending.data.pendingTerms[0].bodyHtml.length).toBeGreaterThan(10);
    const accepted: any = await provider.gql(ACCEPT, { ids: pending.data.pendingTerms.map((t: any) => t.id) });
    expect(accepted.data.acceptPendingTerms.errors).toEqual([]);
    // Accepted: the provider area works again.
    const after: any = await provider.gql(`{ myProvider { name } }`);
    expect(after.errors).toBeUndefined();
    expect(after.data.myProvider.name.length).toBeGreaterThan(0);
    // A provider with nothing pending was never held up.
    const first = server.client();
    await first.loginProvider(demoProviderEmail(1), DEMO_PASSWORD);
    expect((await first.gql<any>(`{ myProvider { name } }`)).errors).toBeUndefined();
  });

  it('publishedPages lists the public pages for the sitemap', async () => {
    const ctx = { em: server.orm.em.fork() } as never;
    const pages = await server.services.contentPages.publishedPages(ctx);
    expect(pages.map((p) => p.slug).sort()).toEqual([
      '/hoe-werkt-het',
      '/privacy',
      '/toegankelijkheid',
      '/voorwaarden',
    ]);
    expect(pages.every((p) => p.title && p.updatedAt instanceof Date)).toBe(true);
  });
});
