// One review: both sides admitted by the contract's check before anything reads them (model/open.ts: one
// self-contained file within the limits, else confined to its folder), loaded through the contract's loader
// (their schemas through the model's schema table), each read as the effective operations a client
// meets (effective/), compared (compare/) by the registered rules (rules/), and every fact named under the
// operations it reaches (placement.ts). Lint and the generated types, each a large toolchain, only when asked.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { admitContract, type LoadedContract, loadContract } from '../../model/load.ts';
import { type Gate, gate } from './ack.ts';
import { compareDocuments } from './compare/documents.ts';
import { nameConsumers, readConsumers } from './consumers.ts';
import { SideDocument } from './effective/reader.ts';
import { type Finding, overallImpact, type Side } from './finding.ts';
import { type GapsDelta, gapsDelta } from './gaps.ts';
import { type LintDelta, lintDelta } from './lint-delta.ts';
import { lintSpec, type Problem, renderTypes } from './pipeline.ts';
import { placeFindings, type Roots } from './placement.ts';
import { checkVersion, type VersionCheck } from './semver.ts';
import type { TypesDelta } from './types-diff.ts';

export type ReviewInput = {
  /** The spec at the base; undefined when the base has none yet (everything is new). */
  baseFile: string | undefined;
  headFile: string;
  /** What the header names: the base's ref and commit, the head's commit (and whether the tree differs). */
  baseLabel: string;
  headLabel: string;
  /** Folders the findings' file names are relative to (default: each spec's folder). */
  roots?: Partial<Roots>;
  /** Lint both sides (Spectral + Redocly): problems introduced or fixed; errors introduced fail the gate. */
  lint?: boolean;
  /** Render the generated types of both sides and report what changed in them. */
  types?: boolean;
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
  /** Undefined when the types were not asked for. */
  types: TypesDelta | undefined;
  gaps: GapsDelta;
  version: VersionCheck;
  gate: Gate;
  /** Teams with a usage file in consumers/ (empty: no consumer is known). */
  consumers: string[];
  /** operationId of each operation key on either side. */
  operationIds: Record<string, string>;
};

/** The spec a base without one is compared as: everything in the head is new. */
export const EMPTY_SPEC = { openapi: '3.1.0', info: { title: '(no spec)', version: '0.0.0' }, paths: {} };

const EMPTY_CONTRACT: LoadedContract = {
  bundle: EMPTY_SPEC,
  model: { title: '(no spec)', version: '0.0.0', servers: [], securitySchemes: [], gaps: [], operations: [] },
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

const admitOnce = oncePerText(admitContract);
const loadOnce = oncePerText(loadContract);
const lintOnce = oncePerText((file) => lintSpec(file, { checked: admitOnce(file) }));

/** Lint problems introduced and fixed, when asked for (Spectral is loaded only then). */
async function lintChange(input: ReviewInput): Promise<LintDelta | undefined> {
  if (!input.lint) return undefined;
  const before: Promise<Problem[]> = input.baseFile ? lintOnce(input.baseFile) : Promise.resolve([]);
  const [a, b] = await Promise.all([before, lintOnce(input.headFile)]);
  return lintDelta(a, b);
}

/** Members of the generated types added, removed or changed, when asked for and more than docs changed. */
async function typesChange(
  input: ReviewInput,
  findings: Finding[],
  base: LoadedContract,
  head: LoadedContract,
) {
  if (!input.types) return undefined;
  if (findings.every((f) => f.level === 'info')) return { added: [], removed: [], changed: [] };
  const [{ typesDelta }, before, after] = await Promise.all([
    import('./types-diff.ts'),
    renderTypes(base.bundle),
    renderTypes(head.bundle),
  ]);
  return typesDelta(before, after);
}

export async function reviewSpecs(input: ReviewInput): Promise<Review> {
  // A spec is untrusted input: nothing (lint, the loader) reads either side before it passed the check.
  await Promise.all([input.baseFile, input.headFile].map((file) => file && admitOnce(file)));
  const lint = lintChange(input);
  lint.catch(() => {}); // awaited below; avoids an unhandled rejection while the rest runs
  const [base, head] = await Promise.all([
    input.baseFile ? loadOnce(input.baseFile) : EMPTY_CONTRACT,
    loadOnce(input.headFile),
  ]);
  const comparison = compareDocuments({
    base: new SideDocument(base.bundle, 'base', base.model.schemas),
    head: new SideDocument(head.bundle, 'head', head.model.schemas),
  });
  const files = { base: input.baseFile ?? '', head: input.headFile };
  const roots: Roots = {
    base: input.roots?.base ?? path.dirname(files.base),
    head: input.roots?.head ?? path.dirname(files.head),
  };
  const sides = { base, head };
  const placed = placeFindings({
    comparison,
    bundles: { base: base.bundle, head: head.bundle },
    files,
    roots,
    // Lines come from the documents each side was loaded from: no spec file is read or parsed again.
    locate: (side: Side, pointer: string) => sides[side].locate(pointer).line,
  });
  const consumers = input.consumersDir ? await readConsumers(input.consumersDir) : [];
  const findings = nameConsumers(placed, consumers);
  const version = checkVersion(base.model.version, head.model.version, overallImpact(findings));
  const lintResult = await lint;
  const operationIds: Record<string, string> = {};
  for (const ops of [comparison.base, comparison.head])
    for (const [key, op] of ops)
      if (typeof op.node.operationId === 'string') operationIds[key] = op.node.operationId;
  return {
    baseLabel: input.baseLabel,
    headLabel: input.headLabel,
    findings,
    lint: lintResult,
    types: await typesChange(input, findings, base, head),
    gaps: gapsDelta(base.model, head.model, new Map(comparison.renames)),
    version,
    gate: await gate(findings, base.bundle, head.bundle, version, input.headFile, {
      allowUnconsumed: input.allowUnconsumed === true && consumers.length > 0,
      lint: lintResult,
    }),
    consumers: consumers.map((c) => c.team),
    operationIds,
  };
}
