// One review: the diff engine in a child process while this one loads both contracts, lints and renders types.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type LoadedContract, loadContract } from '../../model/load.ts';
import { type Gate, gate } from './ack.ts';
import { type Change, overallImpact } from './change.ts';
import { classify } from './classify.ts';
import { EMPTY_SPEC, type EngineReport, startDiffEngine } from './diff-engine.ts';
import { type GapsDelta, gapsDelta } from './gaps.ts';
import { type LintDelta, lintDelta } from './lint-delta.ts';
import { renamedOperations } from './path-params.ts';
import { lintSpec, renderTypes } from './pipeline.ts';
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

/** A base without a spec: the empty document the engine compares against, and its empty model. */
const EMPTY_CONTRACT: LoadedContract = {
  bundle: EMPTY_SPEC,
  model: {
    title: EMPTY_SPEC.info.title,
    version: EMPTY_SPEC.info.version,
    servers: [],
    securitySchemes: [],
    gaps: [],
    operations: [],
  },
};

/**
 * `task(file)` once per spec text in this process: the same base reviewed against several heads (as in the
 * tests) is read and linted once. Keyed by the file's path and text.
 */
function oncePerText<T>(task: (file: string) => Promise<T>): (file: string) => Promise<T> {
  const cache = new Map<string, Promise<T>>();
  return async (file) => {
    const key = `${path.resolve(file)}\u0000${await readFile(file, 'utf8')}`;
    if (!cache.has(key)) cache.set(key, task(file));
    return cache.get(key) as Promise<T>;
  };
}

const lintOnce = oncePerText(lintSpec);
const loadOnce = oncePerText(loadContract);

export async function reviewSpecs(input: ReviewInput): Promise<Review> {
  const engine = input.engine ?? startDiffEngine(input.baseFile, input.headFile);
  engine.catch(() => {}); // awaited below; avoids an unhandled rejection while the rest runs
  const [base, head] = await Promise.all([
    input.baseFile ? loadOnce(input.baseFile) : EMPTY_CONTRACT,
    loadOnce(input.headFile),
  ]);
  const [lintBefore, lintAfter, typesBefore, typesAfter] = await Promise.all([
    input.baseFile ? lintOnce(input.baseFile) : [],
    lintOnce(input.headFile),
    renderTypes(base.bundle),
    renderTypes(head.bundle),
  ]);
  const renames = renamedOperations(base.model, head.model);
  const changes = classify(await engine, base, head, renames);
  const version = checkVersion(base.model.version, head.model.version, overallImpact(changes));
  const operations = [...base.model.operations, ...head.model.operations];
  return {
    baseLabel: input.baseLabel,
    headLabel: input.headLabel,
    changes,
    lint: lintDelta(lintBefore, lintAfter),
    types: typesDelta(typesBefore, typesAfter),
    gaps: gapsDelta(base.model, head.model, renames),
    version,
    gate: await gate(changes, base.bundle, head.bundle, version, input.headFile),
    operationIds: Object.fromEntries(operations.map((op) => [op.key, op.operationId])),
  };
}
