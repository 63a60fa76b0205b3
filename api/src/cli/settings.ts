import { createDb, migrateToLatest } from '@app/db';
import { loadConfig } from '../config.ts';
import { loadSettings, SETTINGS, updateSettings } from '../settings/settings.service.ts';

/**
 * `pnpm settings` — read and change site settings from the command line, validated like the API
 * does:  pnpm settings list | pnpm settings get <name> | pnpm settings set <name> <JSON value>
 */
const [command, name, value] = process.argv.slice(2);
const config = loadConfig();
const db = createDb(config.databaseUrl);
await migrateToLatest(db);
try {
  const settings = await loadSettings(db);
  if (command === 'list') {
    for (const [key, current] of Object.entries(settings)) {
      const secret = (SETTINGS as Record<string, { private?: boolean }>)[key].private;
      console.log(`${key} = ${secret && current ? '(hidden)' : JSON.stringify(current)}`);
    }
  } else if (command === 'get' && name) {
    if (!(name in settings)) throw new Error(`Unknown setting "${name}". Run \`pnpm settings list\`.`);
    console.log(JSON.stringify(settings[name as keyof typeof settings], null, 2));
  } else if (command === 'set' && name && value !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      // A bare word is a string, so `set branding.site_name Radio` works without quotes.
      parsed = value;
    }
    const { errors } = await updateSettings(db, { [name]: parsed });
    if (errors) throw new Error(Object.values(errors)[0]);
    const secret = (SETTINGS as Record<string, { private?: boolean }>)[name].private;
    console.log(`${name} = ${secret ? '(hidden)' : JSON.stringify(parsed)}`);
  } else {
    console.log('Usage: pnpm settings list | get <name> | set <name> <JSON value>');
    process.exitCode = 1;
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
