/**
 * `msg(text)` marks English text the API stores or sends for the site to translate later
 * (notification lines, the names of notification kinds): returned as is, and listed for translators
 * by `pnpm ui-strings`.
 */
export { msg } from '@app/shared/i18n/translate';
