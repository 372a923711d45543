// The two sides compared operation by operation, webhooks and callbacks included: each operation's effective
// form (effective/operation-view.ts) on each side, paired by key (a path whose parameters were only renamed is the
// same operation under its new key), the operation rules asked of every pair or lone operation, and a pair's
// parameters, request body and responses compared. What belongs to no operation goes to the document rules.
import { type EffectiveOperation, effectiveOperations } from '../effective/operation-view.ts';
import { documentRules, operationRules } from '../rules/index.ts';
import { compareRequestBody } from './body-pairs.ts';
import type { Sides } from './context.ts';
import type { Fact } from './facts.ts';
import { type Occurrence, operationWide } from './occurrence.ts';
import { compareParameters } from './parameter-pairs.ts';
import { compareResponses } from './response-pairs.ts';

export interface OperationComparison {
  /** The head's key (the base's for a removed operation). */
  readonly key: string;
  readonly before: EffectiveOperation | undefined;
  readonly after: EffectiveOperation | undefined;
  readonly occurrences: Occurrence[];
}

export interface Comparison {
  readonly operations: OperationComparison[];
  /** Facts about the document itself (info, tags, a scheme's documentation). */
  readonly document: Fact[];
  /** Old key → new key of operations whose path parameters were renamed. */
  readonly renames: ReadonlyMap<string, string>;
  readonly base: ReadonlyMap<string, EffectiveOperation>;
  readonly head: ReadonlyMap<string, EffectiveOperation>;
}

const template = (op: EffectiveOperation) =>
  `${op.owner} ${op.method} ${op.path.replace(/\{[^}]*\}/g, '{}')}`;

/** Base operations whose path changed only in its parameters' names: old key → new key. */
function renamedOperations(
  base: ReadonlyMap<string, EffectiveOperation>,
  head: ReadonlyMap<string, EffectiveOperation>,
) {
  const newcomers = new Map<string, EffectiveOperation>();
  for (const [key, op] of head) if (!base.has(key) && op.owner === 'path') newcomers.set(template(op), op);
  const renames = new Map<string, string>();
  for (const [key, op] of base) {
    if (head.has(key) || op.owner !== 'path') continue;
    const renamed = newcomers.get(template(op));
    if (renamed) renames.set(key, renamed.key);
  }
  return renames;
}

function compareOperation(
  sides: Sides,
  key: string,
  before?: EffectiveOperation,
  after?: EffectiveOperation,
): OperationComparison {
  const facts = operationRules.flatMap((rule) => rule.compare(before, after, sides));
  const occurrences = operationWide(facts);
  if (before && after)
    occurrences.push(
      ...compareParameters(sides, before, after),
      ...compareRequestBody(sides, before, after),
      ...compareResponses(sides, before, after),
    );
  return { key, before, after, occurrences };
}

export function compareDocuments(sides: Sides): Comparison {
  const [base, head] = [effectiveOperations(sides.base), effectiveOperations(sides.head)];
  const renames = renamedOperations(base, head);
  const renamedTo = new Set(renames.values());
  const operations: OperationComparison[] = [];
  for (const [key, before] of base) {
    const newKey = renames.get(key) ?? key;
    operations.push(compareOperation(sides, newKey, before, head.get(newKey)));
  }
  for (const [key, after] of head)
    if (!base.has(key) && !renamedTo.has(key))
      operations.push(compareOperation(sides, key, undefined, after));
  const document = documentRules.flatMap((rule) => rule.compare(sides));
  return { operations, document, renames, base, head };
}
