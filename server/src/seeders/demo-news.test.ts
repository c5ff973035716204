import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/server.js';
import { ManualClock } from '../kernel/clock.js';

describe('demo news', () => {
  let server: TestServer;
  const clock = new ManualClock(new Date('2030-05-20T10:00:00Z'));

  beforeAll(async () => {
    server = await startTestServer({ seed: true, clock });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('has published, scheduled, archived and draft articles, platform-wide and per municipality, with pictures', async () => {
    const rows = await server.orm.em.fork().execute<
      {
        slug: string;
        status: string;
        publish_at: Date | null;
        municipality_id: string | null;
        image_key: string | null;
      }[]
    >(`select slug, status, publish_at, municipality_id, image_key from news_article order by slug`);
    const now = clock.now().getTime();
    expect(
      rows.filter((r) => r.status === 'PUBLISHED' && new Date(r.publish_at!).getTime() <= now).length,
    ).toBeGreaterThanOrEqual(4);
    expect(rows.some((r) => r.status === 'PUBLISHED' && new Date(r.publish_at!).getTime() > now)).toBe(true);
    expect(rows.some((r) => r.status === 'ARCHIVED')).toBe(true);
    expect(rows.some((r) => r.status === 'DRAFT')).toBe(true);
    expect(rows.some((r) => r.municipality_id === null)).toBe(true);
    expect(rows.some((r) => r.municipality_id !== null)).toBe(true);

    // Visitors see the published ones whose moment has come, newest first, each picture served as an upload.
    const res: any = await server.client().gql(`{ latestNews(count: 10) { slug imageUrl publishAt } }`);
    const latest = res.data.latestNews;
    expect(latest.map((a: any) => a.slug)).not.toContain('sportweek-in-de-herfstvakantie');
    expect(latest.map((a: any) => a.slug)).not.toContain('storing-opgelost');
    const times = latest.map((a: any) => new Date(a.publishAt).getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const picture = await server.client().fetch(latest[0].imageUrl);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/webp');
  });
});
