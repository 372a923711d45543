// How a change rates for the callers that send a node and for those that read it. A shared schema can be
// sent by one operation and read by another: narrowing it (fewer values accepted) breaks senders,
// widening it breaks readers. The engine reports such a change once, for the union of its uses; this
// splits its verdict by role so placement.ts can rate each operation by the directions it uses the node in.
import type { EngineChange, Impact } from './diff-engine.ts';
import type { Role } from './directions.ts';

/** The impact of a change for each role; a role left out is `patch` (the change does not affect it). */
export type ImpactByRole = Partial<Record<Role, Impact>>;

const SENDERS: ImpactByRole = { send: 'major' };
const READERS: ImpactByRole = { read: 'major' };
const BOTH: ImpactByRole = { send: 'major', read: 'major' };

const MIN_COUNT = new Set(['minLength', 'minItems', 'minProperties', 'minimum', 'exclusiveMinimum']);
const MAX_COUNT = new Set(['maxLength', 'maxItems', 'maxProperties', 'maximum', 'exclusiveMaximum']);
/** Keywords whose value, when set to this, restricts what a schema accepts. */
const RESTRICTING: Record<string, unknown> = {
  uniqueItems: true,
  additionalProperties: false,
  unevaluatedProperties: false,
  unevaluatedItems: false,
};

/** Whether a constraint change lets fewer values through (tightened), more (loosened), or either. */
function constraintDirection(property: string, before: unknown, after: unknown): ImpactByRole {
  if (property in RESTRICTING) return after === RESTRICTING[property] ? SENDERS : READERS;
  const bounded = MIN_COUNT.has(property) || MAX_COUNT.has(property);
  if (bounded && before === undefined) return SENDERS;
  if (bounded && after === undefined) return READERS;
  if (bounded && typeof before === 'number' && typeof after === 'number') {
    const tighter = MIN_COUNT.has(property) ? after > before : after < before;
    return tighter ? SENDERS : READERS;
  }
  if (before === undefined) return SENDERS; // a pattern, format or const set where there was none
  if (after === undefined) return READERS;
  return BOTH; // a pattern or format changed: some values in, others out
}

/** `oneOf`/`anyOf` alternatives removed and an `allOf` part added narrow; the reverse widens. */
function combinatorDirection(message: string): ImpactByRole {
  const part = /`(allOf|anyOf|oneOf)` subschema.* was (removed|added)/.exec(message);
  if (part) return (part[1] === 'allOf') === (part[2] === 'added') ? SENDERS : READERS;
  const whole = /`(allOf|anyOf|oneOf)`.* was (added|removed)/.exec(message);
  if (whole) return whole[2] === 'added' ? SENDERS : READERS;
  return BOTH;
}

/**
 * The roles a verdict of the engine breaks; undefined when the verdict does not depend on direction (an
 * operation removed, a parameter made required: those are rated as the engine rates them).
 */
export function impactByRole(
  ruleId: string,
  message: string,
  change: EngineChange,
  closed = false,
): ImpactByRole | undefined {
  switch (ruleId) {
    case 'enum-values-removed':
    case 'required-properties-added':
      return SENDERS;
    case 'enum-values-added':
    case 'required-properties-removed':
      return READERS;
    case 'schema-type-changed':
      return message.includes('narrowed') ? SENDERS : message.includes('widened') ? READERS : BOTH;
    case 'schema-constraint-changed':
      return constraintDirection(change.property ?? '', change.base?.value, change.revision?.value);
    case 'schema-combinator-changed':
      return combinatorDirection(message);
    case 'property-removed':
      // Senders of a removed property break only where the schema refuses unknown properties.
      return { read: 'major', send: closed ? 'major' : 'patch' };
    default:
      return undefined;
  }
}

const ORDER: Impact[] = ['major', 'minor', 'patch'];

/** The highest of several impacts. */
export const highest = (impacts: Impact[]): Impact =>
  ORDER.find((level) => impacts.includes(level)) ?? 'patch';
