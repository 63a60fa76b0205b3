import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { buildIfNeeded } from './build-if-needed.ts';

/**
 * `pnpm build:binary [--output dist/cadence]`: one executable file that runs the product on a
 * machine without Node or node_modules (Node's single executable application, for the platform
 * it is built on). It holds:
 *
 * - cadence.mjs: api/src/cli/cadence.ts with everything it imports (server, migrations, demo seed)
 *   bundled by esbuild, and the native addons it loads (better-sqlite3, @node-rs/argon2), with
 *   sharp and its libvips beside it in node_modules;
 * - the built site (its server bundled the same way) and back office, the API's string
 *   catalogue, the demo audio worker and the API reference's assets, at the same places relative
 *   to each other as in the repository, so the code finds them as it does in a checkout.
 *
 * At start, scripts/binary/sea-main.ts unpacks them once into a cache folder and imports
 * cadence.mjs.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outputArg = process.argv.indexOf('--output');
const output = path.resolve(outputArg > 0 ? process.argv[outputArg + 1] : path.join(root, 'dist/cadence'));
const work = path.join(root, 'dist/binary');
const app = path.join(work, 'app');
const require = createRequire(import.meta.url);

/** Resolves a package as a workspace package that depends on it would. */
function resolveFrom(pkg: string, request: string): string {
  return createRequire(path.join(root, pkg, 'package.json')).resolve(request);
}

/**
 * Code of this repository that finds files next to itself through import.meta.url keeps finding
 * them: in a bundle, import.meta.url is the bundle's address, so each use becomes the address the
 * source file would have relative to the bundle, where the same files are laid out.
 */
function sourceAddresses(bundleDirInRepo: string): Plugin {
  return {
    name: 'source-addresses',
    setup(b) {
      b.onLoad({ filter: /\.(ts|tsx|mjs|js)$/ }, (args) => {
        if (!args.path.startsWith(root) || args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const text = readFileSync(args.path, 'utf8');
        if (!text.includes('import.meta.url')) return undefined;
        const relative = path.relative(bundleDirInRepo, args.path).split(path.sep).join('/');
        const address = `new URL(${JSON.stringify(relative.startsWith('.') ? relative : `./${relative}`)}, import.meta.url).href`;
        const loader = args.path.endsWith('.tsx') ? 'tsx' : args.path.endsWith('.ts') ? 'ts' : 'js';
        return { contents: text.replaceAll('import.meta.url', address), loader };
      });
    },
  };
}

/** better-sqlite3 looks for its addon on the disk at run time; its per-platform entry names the file, so the bundle can carry it. */
const sqliteAddon: Plugin = {
  name: 'sqlite-addon',
  setup(b) {
    b.onResolve({ filter: /^better-sqlite3$/ }, (args) => {
      // Linux with musl (Alpine) has addons of its own; glibc reports its version, musl does not.
      const musl = process.platform === 'linux' && !(process.report.getReport() as { header: { glibcVersionRuntime?: string } }).header.glibcVersionRuntime;
      const entry = path.join(path.dirname(resolveFrom('db', 'better-sqlite3/package.json')), 'lib', `${musl ? 'linuxmusl' : process.platform}-${process.arch}.js`);
      return args.kind === 'import-statement' || args.kind === 'require-call' ? { path: entry } : undefined;
    });
  },
};

// ES modules bundled from CommonJS packages still call require() for Node's own modules.
const banner = { js: "import { createRequire as __cadenceRequire } from 'node:module'; const require = __cadenceRequire(import.meta.url);" };
const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  banner,
  loader: { '.node': 'copy' },
  assetNames: 'native/[name]-[hash]',
  outExtension: { '.js': '.mjs' },
  legalComments: 'none',
  logLevel: 'warning',
  minifyWhitespace: true,
  minifySyntax: true,
} as const;

function copy(from: string, to: string) {
  mkdirSync(path.dirname(to), { recursive: true });
  cpSync(from, to, { recursive: true });
}

/**
 * Copies an installed package with the dependencies it has installed (here: those of this
 * platform) into app/node_modules, where the bundle's import finds it. sharp stays out of the
 * bundle: its addon loads libvips from a path relative to itself, which a bundle's copy breaks.
 */
function copyInstalledPackage(name: string, fromDir: string, copied = new Set<string>()): void {
  const source = installedPackage(name, fromDir);
  if (!source) throw new Error(`${name} is not installed where ${fromDir} can load it.`);
  if (copied.has(name)) return;
  copied.add(name);
  cpSync(source, path.join(app, 'node_modules', name), { recursive: true, dereference: true });
  const pkg = JSON.parse(readFileSync(path.join(source, 'package.json'), 'utf8')) as { dependencies?: Record<string, string>; optionalDependencies?: Record<string, string> };
  for (const dependency of Object.keys(pkg.dependencies ?? {})) copyInstalledPackage(dependency, source, copied);
  // Optional dependencies are the addons of every platform; only this one's is installed.
  for (const dependency of Object.keys(pkg.optionalDependencies ?? {})) if (installedPackage(dependency, source)) copyInstalledPackage(dependency, source, copied);
}

/** Where Node finds a package from a folder: the nearest node_modules above it that holds it. */
function installedPackage(name: string, fromDir: string): string | undefined {
  for (let dir = realpathSync(fromDir); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'node_modules', name, 'package.json'))) return realpathSync(path.join(dir, 'node_modules', name));
    if (dir === path.dirname(dir)) return undefined;
  }
}

function listFiles(dir: string, prefix = ''): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? listFiles(full, `${prefix}${name}/`) : [`${prefix}${name}`];
  });
}

buildIfNeeded();
rmSync(work, { recursive: true, force: true });
mkdirSync(app, { recursive: true });

console.log('Bundling the server…');
await build({ ...common, entryPoints: { cadence: path.join(root, 'api/src/cli/cadence.ts') }, outdir: app, external: ['sharp'], plugins: [sourceAddresses(root), sqliteAddon] });
copyInstalledPackage('sharp', path.join(root, 'api'));
await build({
  ...common,
  entryPoints: [path.join(root, 'site/dist/server/entry.mjs')],
  outdir: path.join(app, 'site/dist/server'),
  plugins: [sourceAddresses(path.join(root, 'site/dist/server'))],
});
// The demo audio is encoded in worker threads, which load their code from a file.
await build({
  ...common,
  entryPoints: [path.join(root, 'db/src/seed/audio/render-worker.ts')],
  outfile: path.join(app, 'db/src/seed/audio/render-worker.ts'),
  plugins: [sourceAddresses(path.join(root, 'db/src/seed/audio'))],
});

const rootPackage = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string; scripts: Record<string, string> };
const version = rootPackage.version;
// The executable runs with the Node options `pnpm start` gives (the memory settings docs/configuration.md#node-flags-of-pnpm-start explains).
// Not its preloads: the executable's code is JavaScript already, with no types to strip and cache.
const startOptions = rootPackage.scripts.start.split(/\s+/).filter((word) => word.startsWith('--') && !word.startsWith('--import'));
writeFileSync(path.join(app, 'package.json'), `${JSON.stringify({ type: 'module', version }, null, 2)}\n`);
copy(path.join(root, 'site/dist/client'), path.join(app, 'site/dist/client'));
copy(path.join(root, 'admin/dist'), path.join(app, 'admin/dist'));
copy(path.join(root, 'api/src/i18n/ui-strings.json'), path.join(app, 'api/src/i18n/ui-strings.json'));
// The demo audio cache is keyed by the synthesiser's source (db/src/seed/audio/render-pool.ts).
for (const file of ['synth.ts', 'encode.ts']) copy(path.join(root, 'db/src/seed/audio', file), path.join(app, 'db/src/seed/audio', file));
const swagger = path.dirname(resolveFrom('api', 'swagger-ui-dist/package.json'));
for (const file of ['package.json', 'swagger-ui.css', 'swagger-ui-bundle.js', 'favicon-32x32.png']) copy(path.join(swagger, file), path.join(app, 'node_modules/swagger-ui-dist', file));

const files = listFiles(app);
const hash = createHash('sha256');
for (const file of files) hash.update(file).update(readFileSync(path.join(app, file)));
const contents = { id: `${version}-${hash.digest('hex').slice(0, 16)}`, files };
writeFileSync(path.join(work, 'contents.json'), JSON.stringify(contents));

console.log(`Packing ${files.length} files into one executable…`);
await build({ ...common, format: 'cjs', banner: undefined, entryPoints: [path.join(root, 'scripts/binary/sea-main.ts')], outExtension: undefined, outfile: path.join(work, 'sea-main.cjs') });
const seaConfig = {
  main: path.join(work, 'sea-main.cjs'),
  output: path.join(work, 'sea-prep.blob'),
  disableExperimentalSEAWarning: true,
  useSnapshot: false,
  useCodeCache: false,
  execArgv: startOptions,
  assets: { 'contents.json': path.join(work, 'contents.json'), ...Object.fromEntries(files.map((file) => [file, path.join(app, file)])) },
};
writeFileSync(path.join(work, 'sea-config.json'), JSON.stringify(seaConfig, null, 2));
run(process.execPath, ['--experimental-sea-config', path.join(work, 'sea-config.json')]);

mkdirSync(path.dirname(output), { recursive: true });
rmSync(output, { force: true });
copyFileSync(process.execPath, output);
chmodSync(output, 0o755);
run(process.execPath, [
  require.resolve('postject/dist/cli.js'),
  output,
  'NODE_SEA_BLOB',
  seaConfig.output,
  '--sentinel-fuse',
  'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2',
]);
console.log(`Built ${path.relative(process.cwd(), output)} (${Math.round(statSync(output).size / 1024 / 1024)} MB, ${contents.id})`);

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) {
    console.error(`${path.basename(command)} ${args[0]} failed.`);
    process.exit(result.status ?? 1);
  }
}
