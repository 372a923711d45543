// Spec review for pull requests: what changed for clients since a base ref, and whether it breaks them.
// Exit 1 when a breaking change is not acknowledged (major bump or info.x-breaking-changes-acknowledged).
import './env.ts';
import { mkdir, realpath, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { root, specPath } from './paths.ts';
import { startDiffEngine } from './review/diff-engine.ts';
import { defaultBase, repoOf, snapshotAt } from './review/git-snapshot.ts';

const usage = `Usage: npm run review -- [--base <git ref>] [--out <file>] [--release] [--spec <file>]
  --base     compare against this ref (default: the merge base with main)
  --out      also write the Markdown report here (default: .cache/spec-review.md)
  --release  add a CHANGELOG.md entry (next to the spec's repository root) for the new info.version
  --spec     the spec in the working tree (default: openapi.yaml)
Exit codes: 0 passed, 1 unacknowledged breaking change or invalid acknowledgement, 2 could not review.`;

/** Runs one review; returns the exit code. */
export async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      base: { type: 'string' },
      out: { type: 'string', default: path.join(root, '.cache/spec-review.md') },
      release: { type: 'boolean', default: false },
      spec: { type: 'string', default: specPath },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const spec = await realpath(path.resolve(values.spec));
  const repo = await repoOf(spec);
  const ref = values.base ?? (await defaultBase(repo));
  const snapshot = await snapshotAt(repo, ref, path.relative(repo, spec));
  try {
    // The engine is a separate process: start it before loading the in-process tools (seconds, cold).
    const engine = startDiffEngine(snapshot.specFile, spec);
    engine.catch(() => {}); // awaited inside reviewSpecs
    const { reviewSpecs } = await import('./review/run.ts');
    const { renderReport } = await import('./review/report.ts');
    const review = await reviewSpecs({
      baseFile: snapshot.specFile,
      headFile: spec,
      baseLabel: `${ref} (${snapshot.commit.slice(0, 7)})`,
      headLabel: 'working tree',
      engine,
    });
    const report = renderReport(review);
    console.log(report);
    const out = path.resolve(values.out);
    await mkdir(path.dirname(out), { recursive: true });
    await writeFile(out, report);
    console.error(`Report written to ${path.relative(process.cwd(), out) || out}`);
    if (!review.gate.passed) {
      const why = review.gate.errors.join('; ') || `unacknowledged: ${review.gate.unacknowledged.join(', ')}`;
      console.error(`✖ Breaking-change gate failed: ${why}`);
      return 1;
    }
    if (values.release) {
      const { writeChangelog } = await import('./review/changelog.ts');
      console.error(await writeChangelog(path.join(repo, 'CHANGELOG.md'), review));
    }
    return 0;
  } finally {
    await snapshot.dispose();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: Error) => {
      console.error(`✖ review: ${error.message}`);
      process.exit(2);
    },
  );
}
