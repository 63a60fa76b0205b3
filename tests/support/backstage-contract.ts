import type { TestApp, TestClient } from '@app/api/testing';
import { expect } from 'vitest';

/** The body of a 201 answer, failing with the server's words otherwise. */
export async function created(response: Response): Promise<{ id: number }> {
  expect(response.status, await response.clone().text()).toBe(201);
  return response.json();
}

/** A listener asks to claim an artist and an admin approves: the product's one way to become an artist. */
export async function becomeArtist(t: TestApp, admin: TestClient, email: string, artistId: number): Promise<TestClient> {
  const client = await t.loggedIn(email, ['users']);
  const { request } = await (await client.post('/api/v1/backstage-requests', { artist_id: artistId, role: 'artist', proof_url: 'https://social.example/me' })).json();
  expect((await admin.post(`/api/admin/backstage-requests/${request.id}/approve`)).status).toBe(200);
  return client;
}
