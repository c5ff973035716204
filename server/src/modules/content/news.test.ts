import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { startTestServer, type TestClient, type TestServer } from '../../test/server.js';
import { ManualClock } from '../../kernel/clock.js';
import { Permission } from '../../kernel/permissions.js';
import { UPLOAD_HEADER } from '../catalogue/product-image.routes.js';
import { escapeXml } from './content.routes.js';

const FIELDS = `id title slug summary status publishAt municipalityId path scheduled visible imageUrl bodyHtml`;
const CREATE = `mutation($input: NewsArticleInput!){ createNewsArticle(input:$input){ errors { field code message } article { ${FIELDS} } } }`;
const UPDATE = `mutation($id:ID!,$input: NewsArticleInput!){ updateNewsArticle(id:$id,input:$input){ errors { field code message } article { ${FIELDS} } } }`;
const PUBLIC_LIST = `query($first:Int,$after:String){ news(first:$first,after:$after){ totalCount pageInfo { hasNextPage endCursor } edges { node { id title path } } } }`;
const LATEST = `{ latestNews { id title } }`;
const ONE = `query($id:ID!){ newsArticle(id:$id){ id slug path title } }`;

const START = new Date('2030-03-10T09:00:00Z');
const HOUR = 3600_000;

const input = (over: Record<string, unknown> = {}) => ({
  title: 'Nieuwe regeling voor sportkleding',
  summary: 'Vanaf april kunt u sportkleding kiezen.',
  body: 'Lees hier **alles** over de nieuwe regeling. [Kijk](javascript:alert(1)) <script>alert(1)</script>',
  status: 'PUBLISHED',
  ...over,
});

describe('news: scheduling, canonical slugs, permissions, feed and sitemap', () => {
  let server: TestServer;
  let editor: TestClient; // CONTENT_EDIT, every municipality
  let scopedEditor: TestClient; // CONTENT_EDIT, one municipality
  let other: TestClient; // no CONTENT_EDIT
  let visitor: TestClient;
  const clock = new ManualClock(START);
  let gemA: string;
  let gemB: string;

  beforeAll(async () => {
    server = await startTestServer({ clock });
    const em = server.orm.em.fork();
    [{ id: gemA }, { id: gemB }] = (await em.execute<{ id: string }[]>(
      `insert into municipality (name, slug) values ('Gemeente Aadorp', 'aadorp'), ('Gemeente Bedum', 'bedum') returning id`,
    )) as [{ id: string }, { id: string }];
    editor = server.apiClient({ permissions: [Permission.CONTENT_EDIT] });
    scopedEditor = server.apiClient({ permissions: [Permission.CONTENT_EDIT], municipalityIds: [gemA] });
    other = server.apiClient({ permissions: [Permission.MESSAGE_SEND, Permission.ORDER_READ] });
    visitor = server.client();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('shows a scheduled article only once its moment has come on the application clock', async () => {
    clock.set(START);
    const later = new Date(START.getTime() + 2 * HOUR);
    const res: any = await editor.gql(CREATE, { input: input({ title: 'Gepland bericht', publishAt: later }) });
    expect(res.data.createNewsArticle.errors).toEqual([]);
    const article = res.data.createNewsArticle.article;
    expect(article).toMatchObject({ status: 'PUBLISHED', scheduled: true, visible: false, slug: 'gepland-bericht' });
    expect(new Date(article.publishAt).getTime()).toBe(later.getTime());

    const before: any = await visitor.gql(PUBLIC_LIST, { first: 50 });
    expect(before.data.news.edges.map((e: any) => e.node.id)).not.toContain(article.id);
    expect(((await visitor.gql(ONE, { id: article.id })) as any).data.newsArticle).toBeNull();

    clock.set(new Date(later.getTime() + 1000));
    const after: any = await visitor.gql(PUBLIC_LIST, { first: 50 });
    expect(after.data.news.edges[0].node.id).toBe(article.id);
    expect(((await visitor.gql(LATEST)) as any).data.latestNews[0].id).toBe(article.id);
    expect(((await visitor.gql(ONE, { id: article.id })) as any).data.newsArticle.title).toBe('Gepland bericht');
  });

  it('refuses a new publish moment in the past in Dutch, and saves nothing', async () => {
    clock.set(START);
    const res: any = await editor.gql(CREATE, {
      input: input({ title: 'Te laat', publishAt: new Date(START.getTime() - 24 * HOUR) }),
    });
    expect(res.data.createNewsArticle.article).toBeNull();
    expect(res.data.createNewsArticle.errors).toEqual([
      expect.objectContaining({
        field: 'publishAt',
        code: 'PUBLISH_AT_PAST',
        message: expect.stringMatching(/verleden/),
      }),
    ]);
    const [{ n }] = (await server.orm.em
      .fork()
      .execute<{ n: string }[]>(`select count(*)::text as n from news_article where title = 'Te laat'`)) as [
      { n: string },
    ];
    expect(n).toBe('0');
  });

  it('keeps an older publish moment when the article is edited later, and drafts and archived articles stay hidden', async () => {
    clock.set(START);
    const created: any = await editor.gql(CREATE, { input: input({ title: 'Oud nieuws' }) });
    const a = created.data.createNewsArticle.article;
    expect(a.visible).toBe(true);
    clock.set(new Date(START.getTime() + 48 * HOUR));
    const edited: any = await editor.gql(UPDATE, {
      id: a.id,
      input: input({ title: 'Oud nieuws', summary: 'Aangepast.', publishAt: a.publishAt }),
    });
    expect(edited.data.updateNewsArticle.errors).toEqual([]);
    const archived: any = await editor.gql(UPDATE, {
      id: a.id,
      input: input({ title: 'Oud nieuws', status: 'ARCHIVED', publishAt: a.publishAt }),
    });
    expect(archived.data.updateNewsArticle.article).toMatchObject({ status: 'ARCHIVED', visible: false });
    expect(((await visitor.gql(ONE, { id: a.id })) as any).data.newsArticle).toBeNull();
    const draft: any = await editor.gql(CREATE, { input: input({ title: 'Concept', status: 'DRAFT' }) });
    expect(draft.data.createNewsArticle.article.visible).toBe(false);
    const list: any = await visitor.gql(PUBLIC_LIST, { first: 100 });
    const ids = list.data.news.edges.map((e: any) => e.node.id);
    expect(ids).not.toContain(a.id);
    expect(ids).not.toContain(draft.data.createNewsArticle.article.id);
  });

  it('renders the body safely: no script, no javascript: link', async () => {
    clock.set(START);
    const res: any = await editor.gql(CREATE, { input: input({ title: 'Veilige tekst' }) });
    const html: string = res.data.createNewsArticle.article.bodyHtml;
    expect(html).toContain('<strong>alles</strong>');
    expect(html).not.toMatch(/<script|href="javascript/i);
  });

  it('a changed title gives a new slug; the id still finds it and the path is the canonical one', async () => {
    clock.set(START);
    const created: any = await editor.gql(CREATE, { input: input({ title: 'Eerste titel' }) });
    const a = created.data.createNewsArticle.article;
    expect(a.path).toBe(`/nieuws/eerste-titel/${a.id}`);
    const renamed: any = await editor.gql(UPDATE, { id: a.id, input: input({ title: 'Tweede titel' }) });
    expect(renamed.data.updateNewsArticle.article.slug).toBe('tweede-titel');
    const found: any = await visitor.gql(ONE, { id: a.id });
    expect(found.data.newsArticle).toMatchObject({ slug: 'tweede-titel', path: `/nieuws/tweede-titel/${a.id}` });
  });

  it('refuses a slug that is taken, in Dutch, on the field', async () => {
    clock.set(START);
    await editor.gql(CREATE, { input: input({ title: 'Bezet', slug: 'bezette-slug' }) });
    const res: any = await editor.gql(CREATE, { input: input({ title: 'Nog een', slug: 'bezette-slug' }) });
    expect(res.data.createNewsArticle.errors).toEqual([
      expect.objectContaining({ field: 'slug', code: 'TAKEN', message: expect.stringMatching(/al in gebruik/) }),
    ]);
    const bad: any = await editor.gql(CREATE, { input: input({ title: 'Nog een', slug: 'Geen Slug!' }) });
    expect(bad.data.createNewsArticle.errors[0]).toMatchObject({ field: 'slug', code: 'INVALID' });
  });

  it('two editors claiming the same slug at once: one gets it, the other a Dutch message', async () => {
    clock.set(START);
    const results: any[] = await Promise.all(
      [1, 2, 3].map((n) => editor.gql(CREATE, { input: input({ title: `Tegelijk ${n}`, slug: 'tegelijk' }) })),
    );
    const payloads = results.map((r) => r.data.createNewsArticle);
    expect(payloads.filter((p) => p.article).length).toBe(1);
    for (const p of payloads.filter((p) => !p.article))
      expect(p.errors).toEqual([expect.objectContaining({ field: 'slug', code: 'TAKEN' })]);
  });

  it('previews an article text for every news editor, rendered as the article page renders it; others are refused', async () => {
    const PREVIEW = `query($s:String!){ previewNewsArticle(source:$s) }`;
    const source = input().body;
    const created: any = await editor.gql(CREATE, { input: input({ title: 'Voorbeeldtekst' }) });
    for (const who of [editor, scopedEditor]) {
      const r: any = await who.gql(PREVIEW, { s: source });
      expect(r.errors).toBeUndefined();
      expect(r.data.previewNewsArticle).toBe(created.data.createNewsArticle.article.bodyHtml);
      expect(r.data.previewNewsArticle).toContain('<strong>alles</strong>');
      expect(r.data.previewNewsArticle).not.toContain('<script');
    }
    const denied: any = await other.gql(PREVIEW, { s: source });
    expect(denied.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const anon: any = await visitor.gql(PREVIEW, { s: source });
    expect(anon.errors?.[0]?.extensions?.code).toMatch(/UNAUTHENTICATED|FORBIDDEN/);
  });

  it('needs CONTENT_EDIT, and a scoped editor works only within their municipalities', async () => {
    clock.set(START);
    const denied: any = await other.gql(CREATE, { input: input({ title: 'Mag niet' }) });
    expect(denied.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const anon: any = await visitor.gql(`{ adminNews { totalCount } }`);
    expect(anon.errors?.[0]?.extensions?.code).toMatch(/UNAUTHENTICATED|FORBIDDEN/);

    const wide: any = await scopedEditor.gql(CREATE, { input: input({ title: 'Voor iedereen' }) });
    expect(wide.data.createNewsArticle.errors[0]).toMatchObject({ field: 'municipalityId', code: 'OUT_OF_SCOPE' });
    const otherGem: any = await scopedEditor.gql(CREATE, {
      input: input({ title: 'Voor Bedum', municipalityId: gemB }),
    });
    expect(otherGem.data.createNewsArticle.errors[0]).toMatchObject({ field: 'municipalityId', code: 'OUT_OF_SCOPE' });
    const own: any = await scopedEditor.gql(CREATE, { input: input({ title: 'Voor Aadorp', municipalityId: gemA }) });
    expect(own.data.createNewsArticle.errors).toEqual([]);

    // A platform-wide article is not the scoped editor's to change.
    const platform: any = await editor.gql(CREATE, { input: input({ title: 'Platformbericht' }) });
    const pid = platform.data.createNewsArticle.article.id;
    const change: any = await scopedEditor.gql(UPDATE, {
      id: pid,
      input: input({ title: 'Gekaapt', municipalityId: gemA }),
    });
    expect(change.data.updateNewsArticle.errors[0].code).toBe('NOT_FOUND');
    const list: any = await scopedEditor.gql(`{ adminNews(first: 100) { edges { node { id municipalityId } } } }`);
    expect(list.data.adminNews.edges.every((e: any) => e.node.municipalityId === gemA)).toBe(true);

    const audit = await server.orm.em
      .fork()
      .execute<{ action: string }[]>(`select action from audit_log where subject_id = ? order by at`, [
        own.data.createNewsArticle.article.id,
      ]);
    expect(audit.map((r) => r.action)).toEqual(['NEWS_ARTICLE_CREATED']);
  });

  it('takes an image through the upload pipeline and refuses a file that is not an image', async () => {
    clock.set(START);
    const created: any = await editor.gql(CREATE, { input: input({ title: 'Met afbeelding' }) });
    const id = created.data.createNewsArticle.article.id;
    const upload = (data: Buffer, name: string) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(data)]), name);
      form.append('alt', 'Kinderen op een sportveld');
      return editor.fetch(`/api/news/${id}/image`, { method: 'POST', body: form, headers: { [UPLOAD_HEADER]: '1' } });
    };
    const notImage = await upload(Buffer.from('dit is geen afbeelding'), 'foto.jpg');
    expect(notImage.status).toBe(415);
    expect(((await notImage.json()) as any).errors[0].message).toMatch(/geen afbeelding/);
    const still: any = await editor.gql(`query($id:ID!){ adminNewsArticle(id:$id){ imageUrl } }`, { id });
    expect(still.data.adminNewsArticle.imageUrl).toBeNull();

    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3366aa' } })
      .png()
      .toBuffer();
    const good = await upload(png, 'foto.png');
    expect(good.status).toBe(201);
    const body = (await good.json()) as any;
    expect(body.image).toMatchObject({ width: 1200, height: 675, alt: 'Kinderen op een sportveld' });
    const file = await visitor.fetch(body.image.url);
    expect(file.headers.get('content-type')).toBe('image/webp');

    const refused = await other.fetch(`/api/news/${id}/image`, {
      method: 'POST',
      body: (() => {
        const f = new FormData();
        f.append('file', new Blob([new Uint8Array(png)]), 'x.png');
        return f;
      })(),
      headers: { [UPLOAD_HEADER]: '1' },
    });
    expect(refused.status).toBe(403);
  });

  it('serves a well-formed Atom feed of the visible articles, escaped', async () => {
    clock.set(START);
    const tricky: any = await editor.gql(CREATE, {
      input: input({ title: 'Kinderen & ouders <samen>', summary: 'Sport "voor" iedereen' }),
    });
    const hidden: any = await editor.gql(CREATE, {
      input: input({ title: 'Nog niet zichtbaar', publishAt: new Date(START.getTime() + 10 * HOUR) }),
    });
    const res = await visitor.fetch('/api/nieuws.atom');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/atom\+xml/);
    const xml = await res.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom"')).toBe(
      true,
    );
    expect(xml).toContain('<title type="text">Kinderen &amp; ouders &lt;samen&gt;</title>');
    expect(xml).toContain('Sport &quot;voor&quot; iedereen');
    expect(xml).toContain(`urn:uuid:${tricky.data.createNewsArticle.article.id}`);
    expect(xml).not.toContain(hidden.data.createNewsArticle.article.id);
    expect(xml).not.toMatch(/<script/);
    // Well-formed: every entry opens and closes, and no raw & or < is left in text.
    expect(xml.match(/<entry>/g)?.length).toBe(xml.match(/<\/entry>/g)?.length);
    const text = xml.replace(/<[^>]+>/g, '');
    expect(text).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
    expect(escapeXml('a\u0001b\uFFFEc & <d>')).toBe('abc &amp; &lt;d&gt;');
  });

  it('lists pages, visible news and products in /sitemap.xml and the sitemap query', async () => {
    clock.set(START);
    const visible: any = await editor.gql(CREATE, { input: input({ title: 'In de sitemap' }) });
    const scheduled: any = await editor.gql(CREATE, {
      input: input({ title: 'Nog niet in de sitemap', publishAt: new Date(START.getTime() + 5 * HOUR) }),
    });
    const v = visible.data.createNewsArticle.article;
    const xml = await (await visitor.fetch('/sitemap.xml')).text();
    expect(xml).toContain(`/nieuws/in-de-sitemap/${v.id}</loc>`);
    expect(xml).toContain('/privacy</loc>');
    expect(xml).not.toContain(scheduled.data.createNewsArticle.article.id);
    const q: any = await visitor.gql(`{ sitemap { pages { title path } news { title path } products { path } } }`);
    expect(q.data.sitemap.pages.map((p: any) => p.path)).toEqual(
      expect.arrayContaining(['/nieuws', '/toegankelijkheid']),
    );
    expect(q.data.sitemap.news).toContainEqual({ title: 'In de sitemap', path: v.path });
  });

  it('pages the public list without skipping or repeating', async () => {
    // Well after every article above was written (their moments are START plus a few milliseconds): a stable list.
    clock.set(new Date(START.getTime() + HOUR));
    const seen: string[] = [];
    let after: string | null = null;
    for (;;) {
      const page: any = await visitor.gql(PUBLIC_LIST, { first: 2, after });
      seen.push(...page.data.news.edges.map((e: any) => e.node.id));
      if (!page.data.news.pageInfo.hasNextPage) break;
      after = page.data.news.pageInfo.endCursor;
    }
    const total: any = await visitor.gql(PUBLIC_LIST, { first: 100 });
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(total.data.news.edges.map((e: any) => e.node.id));
    expect(seen.length).toBe(total.data.news.totalCount);
  });
});
