// One review: the diff engine in a child process while this one bundles, lints and renders types.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type Gate, gate } from './ack.ts';
import { type Change, classify, overallImpact } from './classify.ts';
import { EMPTY_SPEC, type EngineReport, startDiffEngine } from './diff-engine.ts';
import { type GapsDelta, gapsDelta } from './gaps.ts';
import { type LintDelta, lintDelta } from './lint-delta.ts';
import { listOperations } from './operations.ts';
import { renamedOperations } from './path-params.ts';
import { bundleSpec, lintSpec, renderTypes } from './pipeline.ts';
import { checkVersion, type VersionCheck } from './semver.ts';
import { type TypesDelta, typesDelta } from './types-diff.ts';

export type ReviewInput = {
  /** The spec at the base; undefined when the base has none yet (everything is new). */
  baseFile: string | undefined;
  headFile: string;
  baseLabel: string;
  headLabel: string;
  /** The engine's report when the caller started it early (see startDiffEngine); started here otherwise. */
  engine?: Promise<EngineReport>;
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

const versionOf = (doc: unknown) => String((doc as { info?: { version?: unknown } })?.info?.version ?? '');

export async function reviewSpecs(input: ReviewInput): Promise<Review> {
  const engine = input.engine ?? startDiffEngine(input.baseFile, input.headFile);
  engine.catch(() => {}); // awaited below; avoids an unhandled rejection while the rest runs
  const [base, head] = await Promise.all([
    input.baseFile ? bundleSpec(input.baseFile) : EMPTY_SPEC,
    bundleSpec(input.headFile),
  ]);
  const [lintBefore, lintAfter, typesBefore, typesAfter] = await Promise.all([
    input.baseFile ? lintOnce(input.baseFile) : [],
    lintOnce(input.headFile),
    renderTypes(base as unknown as Parameters<typeof renderTypes>[0]),
    renderTypes(head as unknown as Parameters<typeof renderTypes>[0]),
  ]);
  const renames = renamedOperations(base, head);
  const changes = classify(await engine, base, head, renames);
  const version = checkVersion(versionOf(base), versionOf(head), overallImpact(changes));
  const operations = [...listOperations(base).values(), ...listOperations(head).values()];
  return {
    baseLabel: input.baseLabel,
    headLabel: input.headLabel,
    changes,
    lint: lintDelta(lintBefore, lintAfter),
    types: typesDelta(typesBefore, typesAfter),
    gaps: gapsDelta(base, head, renames),
    version,
    gate: await gate(changes, base, head, version, input.headFile),
    operationIds: Object.fromEntries(operations.map((op) => [op.key, op.operationId ?? ''])),
  };
}
