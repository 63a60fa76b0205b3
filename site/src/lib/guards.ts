// The API's /api-docs follows the same guard, so the rule lives in @app/shared.
export { guardRedirect } from '@app/shared/guards';
