import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as settingsRepository from '@app/db/settings/settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.ts';
import { createClient, createTestApp, type TestApp } from './testing.ts';

let t: TestApp;
let adminDir: string;
let client: ReturnType<typeof createClient>;
beforeAll(async () => {
  t = await createTestApp();
  adminDir = mkdtempSync(path.join(tmpdir(), 'admin-dist-'));
  writeFileSync(path.join(adminDir, 'index.html'), '<!doctype html><html><head><title>Admin</title></head><body><div id="root"></div></body></html>');
  client = createClient(createApp({ db: t.db, storage: t.storage, config: t.config }, { adminDir }));
});
afterAll(async () => {
  rmSync(adminDir, { recursive: true, force: true });
  await t.close();
});

/** The data block the back office is drawn from, as the browser would parse it. */
async function look(url = '/admin/login') {
  const html = await (await client.get(url)).text();
  const block = /<script type="application\/json" id="be-bootstrap">(.*?)<\/script><\/head>/s.exec(html);
  expect(block).not.toBeNull();
  return { html, look: JSON.parse(block![1]) };
}

describe("the back office's page", () => {
  it("carries the site's name, logos and default themes, for anyone, on every address", async () => {
    for (const url of ['/admin', '/admin/login', '/admin/tracks/3']) {
      const { look: data } = await look(url);
      expect(data).toMatchObject({ site_name: 'Cadence', logo_light: '', logo_dark: '', mode: 'system' });
      expect(data.themes.light['--be-primary']).toBe('79 70 229');
      expect(data.themes.dark['--be-primary']).toBe('165 160 255');
    }
  });

  it('starts in the theme this browser chose on the site', async () => {
    client.cookies.set('be-active-theme', 'dark');
    try {
      expect((await look()).look.mode).toBe('dark');
    } finally {
      client.cookies.delete('be-active-theme');
    }
  });

  it('keeps a site name that looks like markup inside the data block', async () => {
    await settingsRepository.saveSettings(t.db, { 'branding.site_name': '</script><script>alert(1)</script>' });
    try {
      const { html, look: data } = await look();
      expect(data.site_name).toBe('</script><script>alert(1)</script>');
      expect(html).not.toContain('<script>alert(1)');
    } finally {
      await settingsRepository.saveSettings(t.db, { 'branding.site_name': 'Cadence' });
    }
  });
});
