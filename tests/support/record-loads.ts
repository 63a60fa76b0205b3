import { writeSync } from 'node:fs';
import { registerHooks } from 'node:module';

/**
 * Preloaded with `node --import` into a process under test: prints `loaded <url>` on stderr for
 * every module it loads whose URL matches the regular expression LOADS_MATCHING, so a test can
 * tell which libraries a start pulls in (ES modules leave no trace in require.cache). Node's own
 * modules, such as its TypeScript compiler, are printed as `loaded NativeModule <name>`: they pass
 * no hook and are seen in process.moduleLoadList after each load.
 */
const matching = new RegExp(process.env.LOADS_MATCHING || '(?!)');
let seenInternal = 0;

function printInternal() {
  const list = (process as NodeJS.Process & { moduleLoadList: string[] }).moduleLoadList;
  for (; seenInternal < list.length; seenInternal++) if (matching.test(list[seenInternal])) writeSync(2, `loaded ${list[seenInternal]}\n`);
}

registerHooks({
  load(url, context, nextLoad) {
    if (matching.test(url)) writeSync(2, `loaded ${url}\n`);
    const result = nextLoad(url, context);
    printInternal();
    return result;
  },
});
