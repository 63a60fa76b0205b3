export { escapeHtml, page } from '../../local-double/html.ts';
