// The review's command line (tools/review/cli.ts starts it): options, the base snapshot, the engine, the
// review and its reports. Exit 1 when a breaking change is not acknowledged.
import { mkdir, realpath, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { contractChoice } from '../../scripts/contract.ts';
import { root } from '../../scripts/paths.ts';
import { startDiffEngine } from './diff-engine.ts';
import { defaultBase, repoOf, snapshotAt } from './git-snapshot.ts';
import type { Review } from './run.ts';

const FORMATS = ['markdown', 'json', 'junit', 'github'] as const;
type Format = (typeof FORMATS)[number];

const usage = `Usage: npm run review -- [--base <git ref>] [--out <file>] [--format <f>] [--json <file>]
                        [--junit <file>] [--lint] [--release] [--spec <file>]
                        [--consumers <dir>] [--allow-unconsumed]
  --base     compare against this ref (default: the merge base with main)
  --out      also write the Markdown report here (default: .cache/spec-review.md)
  --format   what stdout shows: ${FORMATS.join(', ')} (GitHub Actions annotations); default markdown
  --json     also write the JSON report here
  --junit    also write a JUnit XML report here
  --lint     lint both sides too (Spectral + Redocly): problems introduced or fixed
  --release  add a CHANGELOG.md entry (next to the spec's repository root) for the new info.version
  --spec     the spec in the working tree (default: the contract, package.json's config.contract or openapi.yaml)
  --consumers  folder of consumers' usage files, one <team>.json each (default: consumers/ beside the spec)
  --allow-unconsumed  a breaking change that hits no known consumer needs no acknowledgement
Exit codes: 0 passed, 1 unacknowledged breaking change or invalid acknowledgement, 2 could not review.`;

/** The options of `argv`; a mistyped one throws with the usage (main's caller prints it, exit 2). */
function options(argv: string[]) {
  try {
    return checkedOptions(argv);
  } catch (error) {
    throw new Error(`${(error as Error).message}\n\n${usage}`);
  }
}

function checkedOptions(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      base: { type: 'string' },
      out: { type: 'string', default: path.join(root, '.cache/spec-review.md') },
      format: { type: 'string', default: 'markdown' },
      json: { type: 'string' },
      junit: { type: 'string' },
      lint: { type: 'boolean', default: false },
      release: { type: 'boolean', default: false },
      spec: { type: 'string', default: contractChoice().file },
      consumers: { type: 'string' },
      'allow-unconsumed': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (!FORMATS.includes(values.format as Format))
    throw new Error(`--format must be one of ${FORMATS.join(', ')}, not "${values.format}"`);
  return { ...values, format: values.format as Format };
}

/** The review in `format`; `specFile` is the spec as the repository names it (for annotations). */
async function render(review: Review, format: Format, specFile: string): Promise<string> {
  if (format === 'json') return (await import('./formats/json.ts')).renderJson(review);
  if (format === 'junit') return (await import('./formats/junit.ts')).renderJunit(review);
  if (format === 'github') return (await import('./formats/github.ts')).renderGithub(review, specFile);
  return (await import('./report.ts')).renderReport(review);
}

async function writeReport(file: string, text: string): Promise<void> {
  const out = path.resolve(file);
  await mkdir(path.dirname(out), { recursive: true });
  await writeFile(out, text);
  console.error(`Report written to ${path.relative(process.cwd(), out) || out}`);
}

/** stdout in the chosen format, and each report file asked for. */
async function publish(review: Review, values: ReturnType<typeof options>, specFile: string) {
  const text = await render(review, values.format, specFile);
  console.log(text.replace(/\n$/, ''));
  const files: [string | undefined, Format][] = [
    [values.out, 'markdown'],
    [values.json, 'json'],
    [values.junit, 'junit'],
  ];
  for (const [file, format] of files) {
    if (file)
      await writeReport(file, format === values.format ? text : await render(review, format, specFile));
  }
}

/** Runs one review; returns the exit code. */
export async function main(argv: string[]): Promise<number> {
  const values = options(argv);
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const spec = await realpath(path.resolve(values.spec));
  const repo = await repoOf(spec);
  const ref = values.base ?? (await defaultBase(repo));
  const snapshot = await snapshotAt(repo, ref, path.relative(repo, spec));
  try {
    // The engine is a separate process (spawned by now): it runs while this one loads both contracts.
    const engine = startDiffEngine(snapshot.specFile, spec);
    engine.catch(() => {}); // awaited inside reviewSpecs
    const { reviewSpecs } = await import('./run.ts');
    const review = await reviewSpecs({
      baseFile: snapshot.specFile,
      headFile: spec,
      baseLabel: `${ref} (${snapshot.commit.slice(0, 7)})`,
      headLabel: 'working tree',
      engine,
      roots: { base: snapshot.dir, head: repo },
      lint: values.lint,
      consumersDir: values.consumers ?? path.join(path.dirname(spec), 'consumers'),
      allowUnconsumed: values['allow-unconsumed'],
    });
    await publish(review, values, path.relative(repo, spec));
    if (!review.gate.passed) {
      const why = review.gate.errors.join('; ') || `unacknowledged: ${review.gate.unacknowledged.join(', ')}`;
      console.error(`✖ Breaking-change gate failed: ${why}`);
      return 1;
    }
    if (values.release) {
      const { writeChangelog } = await import('./changelog-entries.ts');
      console.error(await writeChangelog(path.join(repo, 'CHANGELOG.md'), review));
    }
    return 0;
  } finally {
    await snapshot.dispose();
  }
}
