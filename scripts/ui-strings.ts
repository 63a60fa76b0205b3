import { writeFileSync } from 'node:fs';
import { CATALOGUE_FILE, extractUiStrings } from '../api/src/i18n/ui-strings.ts';

/** `pnpm ui-strings`: rewrites the catalogue of interface lines from the t('...') calls in the code. */
const keys = extractUiStrings();
writeFileSync(CATALOGUE_FILE, `${JSON.stringify(keys, null, 1)}\n`);
console.log(`${keys.length} lines written to ${CATALOGUE_FILE}`);
