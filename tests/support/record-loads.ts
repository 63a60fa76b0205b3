import { writeSync } from 'node:fs';
import { registerHooks } from 'node:module';

/**
 * Preloaded with `node --import` into a process under test: prints `loaded <url>` on stderr for
 * every module it loads whose URL matches the regular expression LOADS_MATCHING, so a test can
 * tell which libraries a start pulls in (ES modules leave no trace in require.cache).
 */
const matching = new RegExp(process.env.LOADS_MATCHING || '(?!)');

registerHooks({
  load(url, context, nextLoad) {
    if (matching.test(url)) writeSync(2, `loaded ${url}\n`);
    return nextLoad(url, context);
  },
});
