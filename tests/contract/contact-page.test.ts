import * as settingsRepository from '@app/db/settings/settings';
import { createTestApp, type TestApp } from '@app/api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHumanCheckService } from '../support/recaptcha.ts';
import { startMailServer } from '../support/smtp.ts';

/** `POST contact-page` (music spec §2.10, §5): a visitor's message reaches the site's mailbox. */

let t: TestApp;
let mail: Awaited<ReturnType<typeof startMailServer>>;
let humanCheck: Awaited<ReturnType<typeof startHumanCheckService>>;

beforeAll(async () => {
  mail = await startMailServer();
  humanCheck = await startHumanCheckService('server-secret', ['human-token']);
  t = await createTestApp({ ...mail.env, RECAPTCHA_VERIFY_URL: humanCheck.url });
});
afterAll(async () => {
  await t.close();
  await mail.close();
  await humanCheck.close();
});

const message = { name: 'Ada <Lovelace>', email: 'ada@example.org', message: 'Hello!\n\nCould you add <b>more</b> jazz?' };
const loggedContactMails = () => t.db.selectFrom('outgoing_emails').select(['to_address', 'subject', 'body']).where('subject', 'like', 'New message from%').execute();

describe('the contact page', () => {
  it('mails the message to the site address with Reply-To the visitor, escaped in HTML, and keeps it in the outgoing-email log', async () => {
    const before = mail.inbox.length;
    const response = await t.client({ remoteAddress: '198.51.100.1' }).post('/api/v1/contact-page', message);
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toEqual({ message: 'Your message has been submitted.' });

    const received = await mail.waitFor('music@example.com', before);
    expect(received.subject).toBe('New message from Ada <Lovelace> via Cadence');
    expect(received.replyTo?.[0]?.address).toBe('ada@example.org');
    expect(received.text).toContain('Could you add <b>more</b> jazz?');
    expect(received.html).toContain('Could you add &lt;b&gt;more&lt;/b&gt; jazz?');
    expect(received.html).not.toContain('<b>more</b>');
    expect(await loggedContactMails()).toEqual([expect.objectContaining({ to_address: 'music@example.com', subject: 'New message from Ada <Lovelace> via Cadence' })]);
  });

  it('goes to the contact address when the back office sets one', async () => {
    await settingsRepository.saveSettings(t.db, { 'mail.contact_address': 'inbox@example.com' });
    try {
      const before = mail.inbox.length;
      expect((await t.client({ remoteAddress: '198.51.100.2' }).post('/api/v1/contact-page', message)).status).toBe(200);
      expect((await mail.waitFor('inbox@example.com', before)).replyTo?.[0]?.address).toBe('ada@example.org');
    } finally {
      await settingsRepository.saveSettings(t.db, { 'mail.contact_address': '' });
    }
  });

  it('requires name, email and message, with a message on each field, and sends nothing', async () => {
    const before = (await loggedContactMails()).length;
    const response = await t.client().post('/api/v1/contact-page', { name: ' ', email: 'not-an-address', message: '' });
    expect(response.status).toBe(422);
    expect((await response.json()).errors).toEqual({ name: 'Enter your name.', email: 'Enter a valid email address.', message: 'Enter a message.' });
    const tooLong = await t.client().post('/api/v1/contact-page', { ...message, message: 'x'.repeat(5001) });
    expect((await tooLong.json()).errors).toEqual({ message: 'Messages are at most 5000 characters.' });
    expect((await loggedContactMails()).length).toBe(before);
  });

  it('asks for the human check when it is on for the contact page', async () => {
    await settingsRepository.saveSettings(t.db, { 'recaptcha.site_key': 'site-key', 'recaptcha.secret_key': 'server-secret', 'recaptcha.enable.contact': true });
    try {
      const before = (await loggedContactMails()).length;
      for (const token of [undefined, 'bot-token']) {
        const response = await t.client({ remoteAddress: '198.51.100.3' }).post('/api/v1/contact-page', { ...message, ...(token ? { token } : {}) });
        expect(response.status).toBe(422);
        expect((await response.json()).message).toBe('Could not verify you are human.');
      }
      expect((await loggedContactMails()).length).toBe(before);
      expect((await t.client({ remoteAddress: '198.51.100.3' }).post('/api/v1/contact-page', { ...message, token: 'human-token' })).status).toBe(200);
    } finally {
      await settingsRepository.saveSettings(t.db, { 'recaptcha.enable.contact': false });
    }
  });

  it('refuses a flood from one network after 5 messages an hour', async () => {
    const flooder = t.client({ remoteAddress: '203.0.113.7' });
    for (let i = 0; i < 5; i += 1) expect((await flooder.post('/api/v1/contact-page', message)).status).toBe(200);
    const refused = await flooder.post('/api/v1/contact-page', message);
    expect(refused.status).toBe(429);
    expect((await refused.json()).message).toBe('Too many messages. Please try again later.');
    expect((await t.client({ remoteAddress: '203.0.114.7' }).post('/api/v1/contact-page', message)).status).toBe(200);
  });
});
