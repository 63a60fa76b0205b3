// The API's /api-docs follows the same guard, so the rule lives in the API's pure shared modules.
export { guardRedirect } from '@app/api/shared/guards';
