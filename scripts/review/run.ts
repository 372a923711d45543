// One review: bundle both sides in this process, then diff (engine), lint, types and gaps side by side.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Gate, gate } from './ack.ts';
import { type Change, classify, overallImpact } from './classify.ts';
import { runDiffEngine } from './diff-engine.ts';
import { type GapsDelta, gapsDelta } from './gaps.ts';
import { type LintDelta, lintDelta } from './lint-delta.ts';
import { listOperations } from './operations.ts';
import { bundleSpec, lintSpec, renderTypes } from './pipeline.ts';
import { checkVersion, type VersionCheck } from './semver.ts';
import { type TypesDelta, typesDelta } from './types-diff.ts';

export type ReviewInput = {
  /** The spec at the base; undefined when the base has none yet (everything is new). */
  baseFile: string | undefined;
  headFile: string;
  baseLabel: string;
  headLabel: string;
};

export type Review = {
  baseLabel: string;
  headLabel: string;
  changes: Change[];
  lint: LintDelta;
  types: TypesDelta;
  gaps: GapsDelta;
  version: VersionCheck;
  gate: Gate;
  /** operationId of each "METHOD /path" on either side. */
  operationIds: Record<string, string>;
};

// Linting dominates a review's time. A spec text seen before in this process (the same base reviewed
// against several heads, as in the tests) is linted once; problems name the file first linted.
const lintCache = new Map<string, ReturnType<typeof lintSpec>>();
async function lintOnce(file: string) {
  const key = `${path.basename(file)}\u0000${await readFile(file, 'utf8')}`;
  if (!lintCache.has(key)) lintCache.set(key, lintSpec(file));
  return lintCache.get(key) as ReturnType<typeof lintSpec>;
}

const EMPTY = { openapi: '3.1.0', info: { title: '(no spec)', version: '0.0.0' }, paths: {} };
const versionOf = (doc: unknown) => String((doc as { info?: { version?: unknown } })?.info?.version ?? '');

export async function reviewSpecs(input: ReviewInput): Promise<Review> {
  const [base, head] = await Promise.all([
    input.baseFile ? bundleSpec(input.baseFile) : EMPTY,
    bundleSpec(input.headFile),
  ]);
  const dir = await mkdtemp(path.join(tmpdir(), 'spec-review-'));
  try {
    const files = { base: path.join(dir, 'base.json'), head: path.join(dir, 'head.json') };
    await Promise.all([
      writeFile(files.base, JSON.stringify(base)),
      writeFile(files.head, JSON.stringify(head)),
    ]);
    // The engine runs as a child process: start it first and do the in-process work meanwhile.
    const engine = runDiffEngine(files.base, files.head, path.join(dir, 'diff.json'));
    engine.catch(() => {}); // awaited below; avoids an unhandled rejection while the rest runs
    const lintBefore = input.baseFile ? await lintOnce(input.baseFile) : [];
    const lintAfter = await lintOnce(input.headFile);
    const typesBefore = await renderTypes(base as unknown as Parameters<typeof renderTypes>[0]);
    const typesAfter = await renderTypes(head as unknown as Parameters<typeof renderTypes>[0]);
    const changes = classify(await engine, base, head);
    const version = checkVersion(versionOf(base), versionOf(head), overallImpact(changes));
    return {
      baseLabel: input.baseLabel,
      headLabel: input.headLabel,
      changes,
      lint: lintDelta(lintBefore, lintAfter),
      types: typesDelta(typesBefore, typesAfter),
      gaps: gapsDelta(base, head),
      version,
      gate: await gate(changes, base, head, version, input.headFile),
      operationIds: Object.fromEntries(
        [...listOperations(base).values(), ...listOperations(head).values()].map((op) => [
          op.key,
          op.operationId ?? '',
        ]),
      ),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
