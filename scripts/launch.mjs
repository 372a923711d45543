// `node scripts/launch.mjs <script.ts> [args]`: how the npm scripts run a TypeScript script. esbuild bundles
// the script with the repo's own modules (packages stay external: Node loads them itself) and Node runs the
// bundle. Under tsx every module Node loads, Redocly's and Spectral's hundreds included, is a round trip to
// tsx's loader thread: a cold `npm run review` measured 1.15 s under tsx and 0.75 s bundled (bench/review.ts).
// Plain JavaScript, so that Node runs it without a loader. On a system Node older than the toolkit's (24), it
// first runs itself again under Node 24 from the user's cache of runtimes (scripts/node-runtime.mjs,
// installed on first use and shared by every clone and worktree).
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import module from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { onToolkitNode } from './node-runtime.mjs';

await onToolkitNode();

const root = fileURLToPath(new URL('..', import.meta.url));

/** Where the outputs are placed: each run's folder sits beside it, so the maps' relative source paths hold. */
const launchDir = path.join(root, '.cache/launch');
const outdir = path.join(launchDir, 'out');
/** A run's folder unused for this long is removed by the next run (a run may still use a recent one). */
const KEEP_MS = 24 * 60 * 60 * 1000;

/** `import.meta` forms the plugin below cannot rewrite: they would name the bundle, not the source. */
const UNSUPPORTED_IMPORT_META = /import\.meta(\?\.|\.resolve|\s*[;,)}])/;

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
      const unsupported = UNSUPPORTED_IMPORT_META.exec(contents);
      if (unsupported)
        return { errors: [{ text: `launch: unsupported use of import.meta ("${unsupported[0]}")` }] };
      return { contents, loader: /\.[cm]?ts$/.test(file) ? 'ts' : 'js' };
    });
  },
};

/**
 * Bundles `entry`; returns its output files (chunks for the script's dynamic imports too), not written, and
 * the files it read.
 */
async function bundle(entry) {
  // Loaded only to bundle: a run whose bundle is current does not load esbuild at all.
  const { build, stop } = await import('esbuild');
  try {
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node22',
      packages: 'external',
      sourcemap: 'linked',
      outdir,
      write: false,
      logLevel: 'error', // esbuild prints what failed, with the file and line
      plugins: [importMetaOfSource],
      metafile: true,
    });
    const inputs = Object.keys(result.metafile.inputs).map((file) => path.resolve(file));
    return { files: result.outputFiles, inputs };
  } catch {
    process.exit(1); // already reported by esbuild; its own stack would say nothing more
  } finally {
    await stop(); // esbuild's service process would otherwise live as long as the script
  }
}

/**
 * Writes the outputs under .cache/launch/<hash of the outputs>/ (inside the repo, so that the bundle finds
 * node_modules) and returns the entry's file. Named by content and written by rename: concurrent runs of the
 * same script write the same files and never read a half-written one.
 */
async function writeOutputs(entry, files) {
  const hash = createHash('sha256');
  for (const file of files) hash.update(path.relative(outdir, file.path)).update(file.contents);
  const dir = path.join(launchDir, hash.digest('hex').slice(0, 16));
  for (const file of files) {
    const to = path.join(dir, path.relative(outdir, file.path));
    if (existsSync(to)) continue;
    await mkdir(path.dirname(to), { recursive: true });
    const partial = `${to}.${process.pid}.tmp`;
    await writeFile(partial, file.contents);
    await rename(partial, to);
  }
  const now = new Date();
  await utimes(dir, now, now); // in use: not removed by other runs for KEEP_MS
  return path.join(dir, `${path.basename(entry).replace(/\.[cm]?ts$/, '')}.js`);
}

/** Each file's modification time and size: a bundle is reused while its inputs' stamps are unchanged. */
async function stamps(files) {
  const each = await Promise.all(
    files.map((file) =>
      stat(file).then(
        ({ mtimeMs, size }) => `${mtimeMs}:${size}`,
        () => 'missing',
      ),
    ),
  );
  return Object.fromEntries(files.map((file, i) => [file, each[i]]));
}

/** Where the last bundle of `entry` is recorded, with the stamps of what it was made from. */
const recordOf = (entry) =>
  path.join(launchDir, 'last', `${createHash('sha256').update(entry).digest('hex').slice(0, 16)}.json`);

/**
 * The entry's file of the last bundle of `entry` when none of its inputs (nor this launcher) changed since:
 * esbuild then need not start (~50 ms of every run).
 */
async function lastBundle(entry) {
  const record = await readFile(recordOf(entry), 'utf8').then(JSON.parse, () => undefined);
  if (!record || !existsSync(record.output)) return undefined;
  const now = await stamps(Object.keys(record.inputs));
  if (Object.entries(record.inputs).some(([file, stamp]) => now[file] !== stamp)) return undefined;
  const time = new Date();
  const touched = await utimes(path.dirname(record.output), time, time).then(
    () => true,
    () => false,
  );
  return touched ? record.output : undefined; // false: removed by another run meanwhile
}

async function bundleAndRecord(entry) {
  const { files, inputs } = await bundle(entry);
  const output = await writeOutputs(entry, files);
  const record = recordOf(entry);
  await mkdir(path.dirname(record), { recursive: true });
  const partial = `${record}.${process.pid}.tmp`;
  const made = { output, inputs: await stamps([...inputs, fileURLToPath(import.meta.url)]) };
  await writeFile(partial, JSON.stringify(made));
  await rename(partial, record);
  await removeOldRuns();
  return output;
}

/** Removes the folders of earlier runs not used for KEEP_MS (each edit of a script makes a new one). */
async function removeOldRuns() {
  for (const name of await readdir(launchDir)) {
    const dir = path.join(launchDir, name);
    const { mtimeMs } = await stat(dir).catch(() => ({ mtimeMs: Date.now() }));
    if (Date.now() - mtimeMs > KEEP_MS) await rm(dir, { recursive: true, force: true });
  }
}

const usage = 'Usage: node scripts/launch.mjs <script.ts> [args]';
const [script, ...args] = process.argv.slice(2);
if (!script || !/\.[cm]?ts$/.test(script)) {
  console.error(script ? `launch: not a TypeScript file: ${script}\n${usage}` : usage);
  process.exit(2);
}
const entry = path.resolve(script);
if (!existsSync(entry)) {
  console.error(`launch: no such script: ${script}`);
  process.exit(2);
}
const output = (await lastBundle(entry)) ?? (await bundleAndRecord(entry));
// Stack traces name the TypeScript sources: the bundle's source maps only, not every package's (reading the
// maps of Redocly's and the others' files cost a review about 50-100 ms of CPU).
if (module.setSourceMapsSupport)
  module.setSourceMapsSupport(true, { nodeModules: false, generatedCode: false });
else process.setSourceMapsEnabled(true);
// The script sees the command line it would see under `tsx <script.ts> [args]`.
process.argv = [process.argv[0] ?? process.execPath, entry, ...args];
await import(pathToFileURL(output).href);
