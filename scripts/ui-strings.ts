import { writeFileSync } from 'node:fs';
import { CATALOGUE_FILE, extractUiStrings, formatCatalogue } from '../api/src/i18n/ui-strings.ts';

/** `pnpm ui-strings`: rewrites the catalogue of interface lines from the code of the site, the back office and the API's messages. */
const catalogue = await extractUiStrings();
writeFileSync(CATALOGUE_FILE, formatCatalogue(catalogue));
const count = (place: string) => Object.values(catalogue).filter((places) => places.includes(place as never)).length;
console.log(`${Object.keys(catalogue).length} lines (${count('site')} on the site, ${count('admin')} in the back office, ${count('api')} API messages) written to ${CATALOGUE_FILE}`);
