// One review: the diff engine in a child process while this one loads both contracts; the rules turn the
// engine's report into findings per operation. Lint (on request) and types are loaded only when needed.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type LoadedContract, loadContract } from '../../model/load.ts';
import { type Gate, gate } from './ack.ts';
import type { Sides } from './attribution.ts';
import { nameConsumers, readConsumers } from './consumers.ts';
import { EMPTY_SPEC, type EngineReport, startDiffEngine } from './diff-engine.ts';
import { typesUnchanged } from './docs-only.ts';
import { type Finding, overallImpact, type Side } from './finding.ts';
import { type GapsDelta, gapsDelta } from './gaps.ts';
import { type LintDelta, lintDelta } from './lint-delta.ts';
import { renamedOperations } from './path-params.ts';
import { lintSpec, type Problem, renderTypes } from './pipeline.ts';
import { placeFindings, type Roots } from './placement.ts';
import { ownSection, runRules } from './rules/index.ts';
import { checkVersion, type VersionCheck } from './semver.ts';
import type { TypesDelta } from './types-diff.ts';

export type ReviewInput = {
  /** The spec at the base; undefined when the base has none yet (everything is new). */
  baseFile: string | undefined;
  headFile: string;
  baseLabel: string;
  headLabel: string;
  /** The engine's report when the caller started it early (see startDiffEngine); started here otherwise. */
  engine?: Promise<EngineReport>;
  /** Folders the findings' file names are relative to (default: each spec's folder). */
  roots?: Partial<Roots>;
  /** Lint both sides (Spectral + Redocly) and report problems introduced or fixed. */
  lint?: boolean;
  /** Folder of consumers' usage files (consumers/<team>.json): breaking findings name the teams they hit. */
  consumersDir?: string;
  /** Gate policy: a breaking change that hits no known consumer needs no acknowledgement. */
  allowUnconsumed?: boolean;
};

export type Review = {
  baseLabel: string;
  headLabel: string;
  findings: Finding[];
  /** Undefined when lint was not asked for. */
  lint: LintDelta | undefined;
  types: TypesDelta;
  gaps: GapsDelta;
  version: VersionCheck;
  gate: Gate;
  /** Teams with a usage file in consumers/ (empty: no consumer is known). */
  consumers: string[];
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
  operationPointers: new Map(),
  locate: () => ({ file: '', line: 1 }),
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

const loadOnce = oncePerText(loadContract);
const lintOnce = oncePerText(lintSpec);

/** Lint problems introduced and fixed, when asked for (Spectral is loaded only then). */
async function lintChange(input: ReviewInput): Promise<LintDelta | undefined> {
  if (!input.lint) return undefined;
  const before: Promise<Problem[]> = input.baseFile ? lintOnce(input.baseFile) : Promise.resolve([]);
  const [a, b] = await Promise.all([before, lintOnce(input.headFile)]);
  return lintDelta(a, b);
}

const NO_TYPE_CHANGE: TypesDelta = { added: [], removed: [], changed: [] };

/** Members of the generated types added, removed or changed; not rendered when only documentation moved. */
async function typesChange(report: EngineReport, sides: Sides): Promise<TypesDelta> {
  const changes = report.changes.filter((c) => !ownSection(c));
  if (sides.renames.size === 0 && typesUnchanged(changes, sides.base.bundle, sides.head.bundle))
    return NO_TYPE_CHANGE;
  const [{ typesDelta }, before, after] = await Promise.all([
    import('./types-diff.ts'),
    renderTypes(sides.base.bundle),
    renderTypes(sides.head.bundle),
  ]);
  return typesDelta(before, after);
}

export async function reviewSpecs(input: ReviewInput): Promise<Review> {
  const engine = input.engine ?? startDiffEngine(input.baseFile, input.headFile);
  engine.catch(() => {}); // awaited below; avoids an unhandled rejection while the rest runs
  const lint = lintChange(input);
  lint.catch(() => {});
  const [base, head] = await Promise.all([
    input.baseFile ? loadOnce(input.baseFile) : EMPTY_CONTRACT,
    loadOnce(input.headFile),
  ]);
  const sides: Sides = { base, head, renames: renamedOperations(base.model, head.model) };
  const report = await engine;
  const files = { base: input.baseFile ?? '', head: input.headFile };
  const roots: Roots = {
    base: input.roots?.base ?? path.dirname(files.base),
    head: input.roots?.head ?? path.dirname(files.head),
  };
  const drafts = runRules({ changes: report.changes, sides, files });
  // Lines come from the documents each side was loaded from: no spec file is read or parsed again.
  const locate = (side: Side, pointer: string) => sides[side].locate(pointer).line;
  const consumers = input.consumersDir ? await readConsumers(input.consumersDir) : [];
  const findings = nameConsumers(placeFindings(drafts, sides, roots, locate), consumers);
  const version = checkVersion(base.model.version, head.model.version, overallImpact(findings));
  const operations = [...base.model.operations, ...head.model.operations];
  return {
    baseLabel: input.baseLabel,
    headLabel: input.headLabel,
    findings,
    lint: await lint,
    types: await typesChange(report, sides),
    gaps: gapsDelta(base.model, head.model, sides.renames),
    version,
    gate: await gate(findings, base.bundle, head.bundle, version, input.headFile, {
      allowUnconsumed: input.allowUnconsumed === true && consumers.length > 0,
    }),
    consumers: consumers.map((c) => c.team),
    operationIds: Object.fromEntries(operations.map((op) => [op.key, op.operationId])),
  };
}
