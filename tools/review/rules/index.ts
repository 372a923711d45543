// The registered review rules, in report order. Each is one small file with its own test beside it in
// test/review/rules/; docs/reviewing-spec-changes.md's coverage table is generated from this list
// (tools/review/coverage-table.ts) and checked for drift by a test.
import type { EngineChange } from '../diff-engine.ts';
import type { Draft } from '../finding.ts';
import { defaults } from './defaults.ts';
import { equivalent } from './equivalence.ts';
import { headerNameCase } from './header-name-case.ts';
import { operations } from './operations.ts';
import { otherVerdicts } from './other-verdicts.ts';
import { parameters } from './parameters.ts';
import { pathParameterRenamed } from './path-parameter-renamed.ts';
import { readWriteOnly } from './read-write-only.ts';
import { requestBodies } from './request-bodies.ts';
import { responses } from './responses.ts';
import type { Rule, RuleContext } from './rule.ts';
import { schemas } from './schemas.ts';
import { security } from './security.ts';
import { securityFlows } from './security-flows.ts';
import { servers } from './servers.ts';
import { unratedExcept } from './unrated.ts';

const engineBacked = [operations, parameters, requestBodies, schemas, responses, security, servers];
const claimed = new Set(engineBacked.flatMap((rule) => rule.engineRules ?? []));
/** The review's own rules for changes the engine leaves unrated. */
const reviewOwn = [pathParameterRenamed, securityFlows, defaults, readWriteOnly, headerNameCase];

export const rules: Rule[] = [
  ...engineBacked,
  otherVerdicts(claimed),
  ...reviewOwn,
  unratedExcept((change, context) => reviewOwn.some((rule) => rule.claims?.(change, context))),
];

// Reported in their own sections of the review, not as API changes.
const OWN_SECTIONS = /\/(x-unspecified|x-breaking-changes-acknowledged)(\/|$)/;

/** Changes the review reports elsewhere: gaps, acknowledgements and info.version have their own sections. */
export function ownSection(change: EngineChange): boolean {
  const pointers = [change.path, change.base?.pointer, change.revision?.pointer];
  if (pointers.some((p) => p !== undefined && OWN_SECTIONS.test(p))) return true;
  if (change.property?.startsWith('x-breaking-changes')) return true;
  return change.path === '#/info' && change.property === 'version';
}

/**
 * Every registered rule's drafts for the engine's changes: those of the own sections left out, and those
 * that are no change for clients (equivalence.ts: a reordered list, a `$ref` restructuring).
 */
export function runRules(context: RuleContext): Draft[] {
  const relevant = context.changes.filter((c) => !ownSection(c) && !equivalent(c));
  return rules.flatMap((rule) => rule.run({ ...context, changes: relevant }));
}
