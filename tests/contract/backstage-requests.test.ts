import { createTestApp, pngImage, type TestApp, type TestClient } from '@app/api/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { captureConsole } from '../support/console.ts';
import { startMailServer } from '../support/smtp.ts';

/**
 * Users ask to become an artist or to claim one, with a proof of identity; an admin approves or
 * denies in the back office and the user hears of it by mail. Who may do what, and what bad input
 * gets.
 */
let t: TestApp;
let mail: Awaited<ReturnType<typeof startMailServer>>;
let user: TestClient;
let other: TestClient;
let withoutPermission: TestClient;
let artist: TestClient;
let admin: TestClient;
let guest: TestClient;
let freeArtistId: number;
let verifiedArtistId: number;
let ownedArtistId: number;

async function upload(client: TestClient, name: string, bytes: Uint8Array<ArrayBuffer>, metadata: Record<string, unknown> = { uploadType: 'backstageRequest' }) {
  const form = new FormData();
  form.append('file', new File([bytes], name));
  form.append('metadata', JSON.stringify(metadata));
  const headers: Record<string, string> = { Accept: 'application/json', 'X-XSRF-TOKEN': decodeURIComponent(client.cookies.get('XSRF-TOKEN') ?? '') };
  if (client.cookies.size) headers.Cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return t.app.request('/api/v1/file-entries', { method: 'POST', body: form, headers });
}

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const proof = { proof_url: 'https://social.example.com/@me' };

beforeAll(async () => {
  mail = await startMailServer();
  t = await createTestApp({ ...mail.env, APP_URL: 'https://music.example.com' });
  [user, other, withoutPermission, artist, admin] = await Promise.all([
    t.loggedIn('user@example.com'),
    t.loggedIn('other@example.com'),
    t.loggedIn('nobody@example.com', []),
    t.loggedIn('artist@example.com'),
    t.loggedIn('admin@example.com', ['admin']),
  ]);
  guest = t.client();
  // Every write needs an XSRF cookie first, as a browser has one from the page.
  await guest.get('/api/v1/genres');
  const insert = (name: string, verified: number) => t.db.insertInto('artists').values({ name, verified }).returning('id').executeTakeFirstOrThrow();
  freeArtistId = (await insert('Unclaimed Echo', 0)).id;
  verifiedArtistId = (await insert('Already Verified', 1)).id;
  ownedArtistId = (await insert('Owned Band', 0)).id;
  const artistUser = await t.db.selectFrom('users').select('id').where('email', '=', 'artist@example.com').executeTakeFirstOrThrow();
  await t.db.insertInto('artist_user').values({ artist_id: ownedArtistId, user_id: artistUser.id }).execute();
  captureConsole();
});
afterAll(async () => {
  vi.restoreAllMocks();
  await t.close();
  await mail.close();
});

describe('who may ask, and see what', () => {
  it('guests must log in, users without the permission are refused; users, artists and admins may ask', async () => {
    expect((await guest.post('/api/v1/backstage-requests', { artist_name: 'Guest Band', ...proof })).status).toBe(401);
    expect((await withoutPermission.post('/api/v1/backstage-requests', { artist_name: 'No Permission', ...proof })).status).toBe(403);
    for (const [client, name] of [
      [user, 'Matrix User Band'],
      [artist, 'Matrix Second Project'],
      [admin, 'Matrix Admin Band'],
    ] as const) {
      const response = await client.post('/api/v1/backstage-requests', { artist_name: name, ...proof });
      expect(response.status, name).toBe(201);
    }
    expect((await guest.get('/api/v1/backstage-requests')).status).toBe(401);
  });

  it('a request is seen by its author only; another user cannot see it, list it, or review it', async () => {
    const created = await user.post('/api/v1/backstage-requests', { artist_name: 'Private Band', role: 'manager', ...proof, links: [{ url: 'https://band.example.com', title: 'Site' }] });
    const { request } = await created.json();
    expect(request).toMatchObject({ status: 'pending', artist_name: 'Private Band', role: 'manager', proof_url: proof.proof_url, links: [{ url: 'https://band.example.com', title: 'Site' }] });

    const mine = await user.get(`/api/v1/backstage-requests/${request.id}`);
    expect(mine.status).toBe(200);
    expect((await mine.json()).request.id).toBe(request.id);
    expect((await other.get(`/api/v1/backstage-requests/${request.id}`)).status).toBe(404);
    expect((await guest.get(`/api/v1/backstage-requests/${request.id}`)).status).toBe(401);
    const othersList = await (await other.get('/api/v1/backstage-requests')).json();
    expect(othersList.requests.map((r: { id: number }) => r.id)).not.toContain(request.id);

    expect((await other.post(`/api/admin/backstage-requests/${request.id}/approve`)).status).toBe(403);
    expect((await other.post(`/api/admin/backstage-requests/${request.id}/deny`)).status).toBe(403);
    expect((await guest.post(`/api/admin/backstage-requests/${request.id}/approve`)).status).toBe(401);
    expect((await user.get(`/api/v1/backstage-requests/${request.id}`).then((r) => r.json())).request.status).toBe('pending');
  });
});

describe('bad input', () => {
  it('claiming an unknown artist, a verified one or one someone else manages is refused by field', async () => {
    const unknown = await user.post('/api/v1/backstage-requests', { artist_id: 999999, ...proof });
    expect(unknown.status).toBe(422);
    expect((await unknown.json()).errors.artist_id).toBe('This artist does not exist.');
    for (const [id, message] of [
      [verifiedArtistId, 'This artist is already verified.'],
      [ownedArtistId, 'Another account already manages this artist.'],
    ] as const) {
      const refused = await user.post('/api/v1/backstage-requests', { artist_id: id, ...proof });
      expect(refused.status).toBe(422);
      expect((await refused.json()).errors.artist_id).toBe(message);
    }
    const own = await artist.post('/api/v1/backstage-requests', { artist_id: ownedArtistId, ...proof });
    expect((await own.json()).errors.artist_id).toBe('You already manage this artist.');
  });

  it('a second pending request for the same artist is refused', async () => {
    expect((await user.post('/api/v1/backstage-requests', { artist_id: freeArtistId, ...proof })).status).toBe(201);
    const again = await user.post('/api/v1/backstage-requests', { artist_id: freeArtistId, proof_url: 'https://other.example.com/me' });
    expect(again.status).toBe(422);
    expect((await again.json()).errors.artist_id).toBe('You already asked for this artist. An admin will answer soon.');
    // Another user may still ask for it: the admin decides between them.
    expect((await other.post('/api/v1/backstage-requests', { artist_id: freeArtistId, ...proof })).status).toBe(201);
  });

  it('a request needs a proof, and links, image and profile must be web addresses', async () => {
    const noProof = await user.post('/api/v1/backstage-requests', { artist_name: 'No Proof' });
    expect(noProof.status).toBe(422);
    expect((await noProof.json()).errors.proof).toBe('Add a proof of identity: a file or a link to a social profile.');
    const script = await user.post('/api/v1/backstage-requests', {
      artist_name: 'Scripted',
      proof_url: 'javascript:alert(1)',
      image: 'javascript:alert(1)',
      links: [{ url: 'javascript:alert(1)', title: 'x' }],
    });
    expect(script.status).toBe(422);
    const { errors } = await script.json();
    expect(errors.proof_url).toBe('Enter the address of your social profile, starting with https://.');
    expect(errors['links.0.url']).toBe('Enter a link starting with https://.');
    expect(errors.image).toBeTruthy();
    expect((await user.post('/api/v1/backstage-requests', { artist_name: 'Too many', ...proof, links: Array.from({ length: 11 }, (_, i) => ({ url: `https://l${i}.example.com` })) })).status).toBe(422);
    const names = await t.db.selectFrom('backstage_requests').select('artist_name').execute();
    expect(names.map((r) => r.artist_name)).not.toContain('Scripted');
  });

  it('a proof file is an image or a PDF of the requester, uploaded for the request', async () => {
    const png = await upload(user, 'passport.png', pngImage());
    expect(png.status).toBe(201);
    const pdf = await upload(user, 'contract.pdf', PDF);
    expect(pdf.status).toBe(201);
    const pdfEntry = (await pdf.json()).fileEntry;
    const html = await upload(user, 'proof.html', new TextEncoder().encode('<html><script>alert(1)</script></html>'));
    expect(html.status).toBe(422);
    expect(await html.json()).toMatchObject({ message: 'This file type is not allowed', errors: { file: 'This file type is not allowed' } });
    const text = await upload(user, 'notes.txt', new TextEncoder().encode('I am the artist, honest.'));
    expect(text.status).toBe(422);
    expect((await text.json()).message).toBe('This file type is not allowed');
    // A renamed file is read for what it is.
    expect((await upload(user, 'fake.png', new TextEncoder().encode('MZ\x90\x00 not an image'))).status).toBe(422);

    // The backstage door opens for these files only, and not for guests or users without the permission.
    expect((await upload(user, 'song.png', pngImage(), {})).status).toBe(403);
    expect((await upload(withoutPermission, 'passport.png', pngImage())).status).toBe(403);
    expect((await upload(guest, 'passport.png', pngImage())).status).toBe(401);

    const stolen = await other.post('/api/v1/backstage-requests', { artist_name: 'Stolen Proof', proof_file_id: pdfEntry.id });
    expect(stolen.status).toBe(422);
    expect((await stolen.json()).errors.proof_file_id).toBe('Upload your proof of identity again.');
    const withFile = await user.post('/api/v1/backstage-requests', { artist_name: 'Proof By File', proof_file_id: pdfEntry.id });
    expect(withFile.status).toBe(201);
    expect((await withFile.json()).request.proof_file_id).toBe(pdfEntry.id);
  });
});

describe('the admin decides, the user is told by mail', () => {
  it('approving a new artist creates it verified with the image and links asked for, and mails the user', async () => {
    const image = (await (await upload(user, 'face.png', pngImage(), { uploadType: 'backstageRequest', disk: 'public' })).json()).fileEntry.url;
    const { request } = await (
      await user.post('/api/v1/backstage-requests', { artist_name: 'Approved Newcomer', image, links: [{ url: 'https://newcomer.example.com', title: 'Home' }], ...proof })
    ).json();
    expect((await (await user.get('/api/v1/users/me')).json()).user.artist_ids).toEqual([]);

    const before = mail.inbox.length;
    const approved = await admin.post(`/api/admin/backstage-requests/${request.id}/approve`);
    expect(approved.status).toBe(200);
    const artistId = (await approved.json()).artist_id;
    const message = await mail.waitFor('user@example.com', before);
    expect(message.subject).toBe('You are now Approved Newcomer on Cadence');
    expect(message.text).toContain('Your request for the artist profile "Approved Newcomer" on Cadence was approved.');
    expect(message.text).toContain(`https://music.example.com/artist/${artistId}`);

    const shown = await (await guest.get(`/api/v1/artists/${artistId}`)).json();
    expect(shown.artist).toMatchObject({ name: 'Approved Newcomer', verified: true, image });
    expect((await (await user.get('/api/v1/users/me')).json()).user.artist_ids).toEqual([artistId]);
    expect((await (await user.get(`/api/v1/backstage-requests/${request.id}`)).json()).request.status).toBe('approved');
  });

  it('approving a claim verifies the existing artist; another claim of it is then refused', async () => {
    const claimed = (await t.db.insertInto('artists').values({ name: 'Claimed Later' }).returning('id').executeTakeFirstOrThrow()).id;
    const { request } = await (await other.post('/api/v1/backstage-requests', { artist_id: claimed, ...proof })).json();
    const before = mail.inbox.length;
    expect((await admin.post(`/api/admin/backstage-requests/${request.id}/approve`)).status).toBe(200);
    expect((await mail.waitFor('other@example.com', before)).subject).toBe('You are now Claimed Later on Cadence');
    expect((await (await guest.get(`/api/v1/artists/${claimed}`)).json()).artist.verified).toBe(true);
    const second = await user.post('/api/v1/backstage-requests', { artist_id: claimed, ...proof });
    expect((await second.json()).errors.artist_id).toBe('Another account already manages this artist.');
  });

  it('denying mails the user and links to their requests; nothing is linked or verified', async () => {
    const { request } = await (await user.post('/api/v1/backstage-requests', { artist_name: 'Denied Band', ...proof })).json();
    const before = mail.inbox.length;
    const denied = await admin.post(`/api/admin/backstage-requests/${request.id}/deny`);
    expect(denied.status).toBe(200);
    const message = await mail.waitFor('user@example.com', before);
    expect(message.subject).toBe('Your request for Denied Band was denied');
    expect(message.text).toContain('https://music.example.com/backstage/requests');
    expect((await (await user.get(`/api/v1/backstage-requests/${request.id}`)).json()).request.status).toBe('denied');
    expect(await t.db.selectFrom('artists').select('id').where('name', '=', 'Denied Band').execute()).toEqual([]);
    // The user may try again with another proof.
    expect((await user.post('/api/v1/backstage-requests', { artist_name: 'Denied Band', proof_url: 'https://social.example.com/@denied' })).status).toBe(201);
  });
});
