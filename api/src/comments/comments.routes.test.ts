import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../testing.ts';

let t: TestApp;
let author: TestClient;
let other: TestClient;
let moderator: TestClient;
beforeAll(async () => {
  t = await createTestApp({}, { demoCatalog: true });
  author = await t.loggedIn('author@example.com');
  other = await t.loggedIn('other@example.com');
  moderator = await t.loggedIn('mod@example.com', ['admin']);
});
afterAll(() => t.close());

const comments = async (trackId: number) => (await (await t.client().get(`/api/v1/tracks/${trackId}/comments`)).json()).pagination;

describe('comments', () => {
  it('a listener comments at a moment of the track and others reply in one thread', async () => {
    const posted = await author.post('/api/v1/tracks/3/comments', { content: '  Love the drop here  ', position: 12 });
    expect(posted.status).toBe(201);
    const comment = (await posted.json()).comment;
    expect(comment).toMatchObject({ content: 'Love the drop here', position: 12, user: { name: 'author' }, can_delete: true });
    const reply = (await (await other.post('/api/v1/tracks/3/comments', { content: 'Same!', parent_id: comment.id })).json()).comment;
    // A reply to a reply joins the same thread.
    await author.post('/api/v1/tracks/3/comments', { content: 'Right?', parent_id: reply.id });

    const thread = await comments(3);
    expect(thread.total).toBe(3);
    expect(thread.data).toHaveLength(1);
    expect(thread.data[0].replies.map((r: { content: string }) => r.content)).toEqual(['Same!', 'Right?']);
    expect(thread.data[0].can_delete).toBe(false);
  });

  it('only the author or a moderator deletes, and replies go with their comment', async () => {
    const comment = (await (await author.post('/api/v1/tracks/4/comments', { content: 'First' })).json()).comment;
    await other.post('/api/v1/tracks/4/comments', { content: 'Reply', parent_id: comment.id });
    expect((await other.delete(`/api/v1/comments/${comment.id}`)).status).toBe(403);
    expect((await t.client().delete(`/api/v1/comments/${comment.id}`)).status).toBe(401);
    expect((await author.delete(`/api/v1/comments/${comment.id}`)).status).toBe(200);
    expect((await comments(4)).total).toBe(0);

    const rude = (await (await other.post('/api/v1/tracks/4/comments', { content: 'Rude' })).json()).comment;
    expect((await moderator.delete(`/api/v1/comments/${rude.id}`)).status).toBe(200);
    expect((await author.delete(`/api/v1/comments/${rude.id}`)).status).toBe(404);
  });

  it('keeps markup as text and refuses bad input', async () => {
    const script = '<script>alert(1)</script>';
    const stored = (await (await author.post('/api/v1/tracks/5/comments', { content: script })).json()).comment;
    expect(stored.content).toBe(script);
    expect((await author.post('/api/v1/tracks/5/comments', { content: '   ' })).status).toBe(422);
    expect((await author.post('/api/v1/tracks/5/comments', { content: 'x'.repeat(1001) })).status).toBe(422);
    expect((await author.post('/api/v1/tracks/5/comments', { content: 'late', position: 99999 })).status).toBe(422);
    expect((await author.post('/api/v1/tracks/5/comments', { content: 'orphan', parent_id: 999999 })).status).toBe(422);
    expect((await author.post('/api/v1/tracks/999999/comments', { content: 'nowhere' })).status).toBe(404);
    expect((await t.client().post('/api/v1/tracks/5/comments', { content: 'guest' })).status).toBe(401);
  });
});
