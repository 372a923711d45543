// `node scripts/launch.mjs <script.ts> [args]`: how the npm scripts run a TypeScript script. esbuild bundles
// the script with the repo's own modules (packages stay external: Node loads them itself) and Node runs the
// bundle. Under tsx every module Node loads, Redocly's and Spectral's hundreds included, is a round trip to
// tsx's loader thread: a cold `npm run review` measured 1.15 s under tsx and 0.75 s bundled (bench/review.ts).
// Plain JavaScript, so that Node runs it without a loader.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * `import.meta.url`, `.dirname` and `.filename` keep naming the source file, so that paths the scripts build
 * from them (`new URL('./x.yaml', import.meta.url)`, `createRequire`) mean what they mean under tsx.
 * @type {import('esbuild').Plugin}
 */
const importMetaOfSource = {
  name: 'import-meta-of-source',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /\.[cm]?[jt]s$/ }, async ({ path: file }) => {
      const text = await readFile(file, 'utf8');
      const contents = text
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(file).href))
        .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(file)))
        .replaceAll('import.meta.filename', JSON.stringify(file));
      return { contents, loader: /\.[cm]?ts$/.test(file) ? 'ts' : 'js' };
    });
  },
};

/** Bundles `entry`; returns its output files (chunks for the script's dynamic imports too), not written. */
async function bundle(entry) {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    outdir: '/', // rebased below: outputs are written into a folder named by their content
    write: false,
    logLevel: 'warning',
    plugins: [importMetaOfSource],
  });
  return result.outputFiles;
}

/**
 * Writes the outputs under .cache/launch/<hash of the outputs>/ (inside the repo, so that the bundle finds
 * node_modules) and returns the entry's file. Named by content and written by rename: concurrent runs of the
 * same script write the same files and never read a half-written one.
 */
async function writeOutputs(entry, files) {
  const hash = createHash('sha256');
  for (const file of files) hash.update(file.path).update(file.contents);
  const dir = path.join(root, '.cache/launch', hash.digest('hex').slice(0, 16));
  for (const file of files) {
    const to = path.join(dir, file.path);
    if (existsSync(to)) continue;
    await mkdir(path.dirname(to), { recursive: true });
    const partial = `${to}.${process.pid}.tmp`;
    await writeFile(partial, file.contents);
    await rename(partial, to);
  }
  return path.join(dir, `${path.basename(entry).replace(/\.[cm]?ts$/, '')}.js`);
}

const [script, ...args] = process.argv.slice(2);
if (!script) {
  console.error('Usage: node scripts/launch.mjs <script.ts> [args]');
  process.exit(2);
}
const entry = path.resolve(script);
const output = await writeOutputs(entry, await bundle(entry));
process.setSourceMapsEnabled(true); // stack traces name the TypeScript sources
// The script sees the command line it would see under `tsx <script.ts> [args]`.
process.argv = [process.argv[0] ?? process.execPath, entry, ...args];
await import(pathToFileURL(output).href);
