// The review's command line (tools/review/cli.ts starts it): options, the base (and head) snapshot, the
// review and its reports. Exit 1 when a breaking change is not acknowledged or a lint error is introduced.
import { mkdir, realpath, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { contractChoice } from '../../scripts/contract.ts';
import { root } from '../../scripts/paths.ts';
import { terminalText } from './formats/escape.ts';
import { defaultBase, describeHead, repoOf, type Snapshot, snapshotAt } from './git-snapshot.ts';
import type { Review } from './run.ts';

const FORMATS = ['markdown', 'json', 'junit', 'github'] as const;
type Format = (typeof FORMATS)[number];

const usage = `Usage: npm run review -- [--base <git ref>] [--head <git ref>] [--out <file>] [--format <f>]
                        [--json <file>] [--junit <file>] [--lint] [--types] [--release] [--spec <file>]
                        [--consumers <dir>] [--allow-unconsumed]
  --base     compare against this ref (default: the merge base with main)
  --head     review this ref instead of the working tree
  --out      also write the Markdown report here (default: .cache/spec-review.md)
  --format   what stdout shows: ${FORMATS.join(', ')} (GitHub Actions annotations); default markdown
  --json     also write the JSON report here
  --junit    also write a JUnit XML report here
  --lint     lint both sides too (Spectral + Redocly): problems introduced or fixed; errors introduced fail
  --types    render both sides' generated types and report the members added, removed or changed
  --release  add a CHANGELOG.md entry (next to the spec's repository root) for the new info.version
  --spec     the spec in the working tree (default: the contract, package.json's config.contract or openapi.yaml)
  --consumers  folder of consumers' usage files, one <team>.json each (default: consumers/ beside the spec)
  --allow-unconsumed  a breaking change that hits no known consumer needs no acknowledgement
Exit codes: 0 passed, 1 unacknowledged breaking change, lint error introduced or invalid acknowledgement,
2 could not review.`;

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
      head: { type: 'string' },
      out: { type: 'string', default: path.join(root, '.cache/spec-review.md') },
      format: { type: 'string', default: 'markdown' },
      json: { type: 'string' },
      junit: { type: 'string' },
      lint: { type: 'boolean', default: false },
      types: { type: 'boolean', default: false },
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
  console.error(`Report written to ${terminalText(path.relative(process.cwd(), out) || out)}`);
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

/** Why the gate failed, in one line for the log. */
function failure(review: Review): string {
  const { gate } = review;
  const reasons = [
    ...gate.errors,
    ...(gate.unacknowledged.length ? [`unacknowledged: ${gate.unacknowledged.join(', ')}`] : []),
    ...(gate.lintErrors.length ? [`${gate.lintErrors.length} lint error(s) introduced`] : []),
  ];
  return terminalText(reasons.join('; '));
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
  const specRelative = path.relative(repo, spec);
  const ref = values.base ?? (await defaultBase(repo));
  const snapshots: Snapshot[] = [];
  try {
    const base = await snapshotAt(repo, ref, specRelative);
    snapshots.push(base);
    const head = values.head ? await snapshotAt(repo, values.head, specRelative) : undefined;
    if (head) snapshots.push(head);
    if (head && !head.specFile) throw new Error(`${values.head} has no ${specRelative}`);
    const { reviewSpecs } = await import('./run.ts');
    const review = await reviewSpecs({
      baseFile: base.specFile,
      headFile: head?.specFile ?? spec,
      baseLabel: `${ref} (${base.commit.slice(0, 7)})`,
      headLabel: head
        ? `${values.head} (${head.commit.slice(0, 7)})`
        : await describeHead(repo, specRelative),
      roots: { base: base.dir, head: head?.dir ?? repo },
      lint: values.lint,
      types: values.types,
      consumersDir: values.consumers ?? path.join(path.dirname(spec), 'consumers'),
      allowUnconsumed: values['allow-unconsumed'],
    });
    await publish(review, values, specRelative);
    if (!review.gate.passed) {
      console.error(`✖ Breaking-change gate failed: ${failure(review)}`);
      return 1;
    }
    if (values.release) {
      const { writeChangelog } = await import('./changelog-entries.ts');
      console.error(await writeChangelog(path.join(repo, 'CHANGELOG.md'), review));
    }
    return 0;
  } finally {
    await Promise.all(snapshots.map((s) => s.dispose()));
  }
}
