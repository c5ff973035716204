import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../../test/server.js';
import { Permission } from '../../kernel/permissions.js';

const CREATE = `mutation($input: LinkInput!){ createLink(input:$input){ errors { field code message } link { id label url } } }`;
const MOVE = `mutation($id:ID!,$d:Int!){ moveLink(id:$id,direction:$d){ errors { code } link { id } } }`;
const UPDATE = `mutation($id:ID!,$input: LinkInput!){ updateLink(id:$id,input:$input){ errors { field code message } link { id label } } }`;
const DELETE = `mutation($id:ID!){ deleteLink(id:$id){ deletedId errors { code } } }`;
const FOOTER = `{ links(placement: FOOTER) { id label } }`;

describe('links: create, edit, order, delete', () => {
  let server: TestServer;
  let editor: TestClient;
  let other: TestClient;

  beforeAll(async () => {
    server = await startTestServer();
    editor = server.apiClient({ permissions: [Permission.CONTENT_EDIT] });
    other = server.apiClient({ permissions: [Permission.ORDER_READ] });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('adds links last, moves them up and down, edits and deletes them', async () => {
    const ids: string[] = [];
    for (const label of ['Gemeente', 'Bibliotheek', 'Sportclub']) {
      const r: any = await editor.gql(CREATE, { input: { label, url: 'https://example.nl/' + label.toLowerCase() } });
      expect(r.data.createLink.errors).toEqual([]);
      ids.push(r.data.createLink.link.id);
    }
    const labels = async () => ((await server.client().gql(FOOTER)) as any).data.links.map((l: any) => l.label);
    expect(await labels()).toEqual(['Gemeente', 'Bibliotheek', 'Sportclub']);
    await editor.gql(MOVE, { id: ids[2], d: -1 });
    expect(await labels()).toEqual(['Gemeente', 'Sportclub', 'Bibliotheek']);
    await editor.gql(MOVE, { id: ids[0], d: -1 }); // already first: nothing changes
    await editor.gql(MOVE, { id: ids[0], d: 1 });
    expect(await labels()).toEqual(['Sportclub', 'Gemeente', 'Bibliotheek']);

    const upd: any = await editor.gql(UPDATE, { id: ids[1], input: { label: 'Openbare bibliotheek', url: '/nieuws' } });
    expect(upd.data.updateLink.errors).toEqual([]);
    expect(await labels()).toEqual(['Sportclub', 'Gemeente', 'Openbare bibliotheek']);
    const del: any = await editor.gql(DELETE, { id: ids[0] });
    expect(del.data.deleteLink.deletedId).toBe(ids[0]);
    expect(await labels()).toEqual(['Sportclub', 'Openbare bibliotheek']);
    const audit = await server.orm.em
      .fork()
      .execute<{ action: string }[]>(`select action from audit_log where subject_type = 'link' order by at, action`);
    expect(audit.map((r) => r.action)).toEqual(
      expect.arrayContaining(['LINK_CREATED', 'LINK_MOVED', 'LINK_UPDATED', 'LINK_DELETED']),
    );
  });

  it('refuses unsafe or malformed addresses in Dutch and needs CONTENT_EDIT', async () => {
    for (const url of ['javascript:alert(1)', '//evil.example', 'ftp://x.nl', '']) {
      const r: any = await editor.gql(CREATE, { input: { label: 'Slecht', url } });
      expect(r.data.createLink.link).toBeNull();
      expect(r.data.createLink.errors[0]).toMatchObject({ field: 'url' });
      expect(r.data.createLink.errors[0].message).toMatch(/adres/);
    }
    const denied: any = await other.gql(CREATE, { input: { label: 'Mag niet', url: 'https://example.nl' } });
    expect(denied.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
