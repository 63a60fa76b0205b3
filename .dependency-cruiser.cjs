/**
 * The layers of the workspace, checked on every `pnpm test` (`pnpm layers`). Each rule names what
 * may not depend on what; docs/architecture.md explains the layers.
 */
const TESTS = '(\\.test\\.tsx?$|^tests/|/testing(-audio)?\\.ts$|^db/src/testing/|^api/src/testing)';
const ROUTES = '^api/src/.+\\.routes\\.ts$';
// Everything in api/src that is neither HTTP (routes, their OpenAPI schemas, http steps, the app
// and its servers) nor a test.
const SERVICES = '^api/src/(?!.+\\.schemas\\.ts$)(?!http/|app\\.ts|server\\.ts|index\\.ts|startup/|cli/|testing|caching/(page-cache|guest-page-hits|direct-response|memoised-router)\\.ts|subsonic/(auth|respond|params|subsonic\\.routes)\\.ts)(?!.+\\.routes\\.ts$).+\\.tsx?$';

module.exports = {
  forbidden: [
    {
      name: 'site-uses-api-types-only',
      comment: 'The site reaches the API over HTTP (or in process through locals.apiFetch); it may import its types, never its code.',
      severity: 'error',
      from: { path: '^site/' },
      to: { path: '^api/', dependencyTypesNot: ['type-only', 'type-import'] },
    },
    {
      name: 'admin-uses-api-types-only',
      comment: 'The back office talks to the API over HTTP; it may import its types, never its code.',
      severity: 'error',
      from: { path: '^admin/' },
      to: { path: '^api/', dependencyTypesNot: ['type-only', 'type-import'] },
    },
    {
      name: 'only-api-uses-db',
      comment: 'Only the API (and the tests) reach the database package.',
      severity: 'error',
      from: { path: '^(site|admin|shared)/' },
      to: { path: '^db/' },
    },
    {
      name: 'shared-depends-on-no-package',
      comment: 'Everyone may use shared/; shared/ uses none of them.',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: '^(api|db|site|admin|tests)/' },
    },
    {
      name: 'site-and-admin-are-separate',
      severity: 'error',
      from: { path: '^(site|admin)/' },
      to: { path: '^(site|admin)/', pathNot: '^$1/' },
    },
    {
      name: 'db-never-imports-api',
      severity: 'error',
      from: { path: '^db/' },
      to: { path: '^(api|site|admin)/' },
    },
    {
      name: 'routes-call-services',
      comment: 'Routes hold HTTP and call services; the SQL behind them is reached through a service.',
      severity: 'error',
      from: { path: ROUTES },
      to: { path: '^db/' },
    },
    {
      name: 'services-know-no-http',
      comment: 'Services hold rules: they throw the domain errors of common/errors.ts and never see Hono or the http steps.',
      severity: 'error',
      from: { path: SERVICES, pathNot: TESTS },
      to: { path: ['^api/src/http/', ROUTES, 'node_modules/hono/', 'node_modules/@hono/'] },
    },
    {
      name: 'migrations-import-no-runtime-code',
      comment: 'A migration must give the same schema forever, so it may not import code that will change.',
      severity: 'error',
      from: { path: '^db/src/migrations/', pathNot: TESTS },
      to: { path: '^db/src/', pathNot: '^db/src/(migrations/|dialect\\.ts$)' },
    },
    {
      name: 'row-types-stay-out-of-the-request-context',
      comment: 'What a request carries (context.ts) is the API\'s own shape, not a table\'s row: a row would carry password hashes and secrets to every route.',
      severity: 'error',
      from: { path: '^api/src/context\\.ts$' },
      to: { path: '^db/src/(tables/|index\\.ts$)' },
    },
    {
      name: 'no-circular',
      comment: 'Modules that import each other at run time load in an order that depends on who is imported first.',
      severity: 'error',
      from: { pathNot: TESTS },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^[a-z]+/(dist|\\.astro)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'types', 'default', 'node'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.d.ts'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
