// Which operations a run must call before the checks of the operations it selects: those whose answers
// may carry an identifier a selected operation takes (by the rules `harvest` reads answers with, applied
// to the documented success schemas; a body whose shape is left open may carry any), and, in turn, what
// those need. An input the caller's fixtures give
// needs no issuer. So `--include refundPix` calls the operations that issue an endToEndId, not all.
import { type JsonSchema, type Operation, resolveSchema } from '@banking-api/contract';
import { nounOf } from './harvest.js';
import { identifierInputs } from './inputs.js';

const MAX_DEPTH = 8;

type Fixtures = Readonly<Record<string, Readonly<Record<string, unknown>>>>;

/** `selected` and every operation they depend on for identifiers, in the contract's order. */
export function operationsNeeded(
  all: readonly Operation[],
  selected: readonly Operation[],
  fixtures: Fixtures = {},
): Operation[] {
  const issuersOf = issuersByName(all);
  const needed = new Set<Operation>(selected);
  const queue = [...selected];
  for (let op = queue.shift(); op; op = queue.shift()) {
    const given = fixtures[op.operationId] ?? {};
    for (const input of identifierInputs(op)) {
      if (input.name in given) continue;
      for (const issuer of [...(issuersOf.get(input.name) ?? []), ...(issuersOf.get(ANY_NAME) ?? [])])
        if (!needed.has(issuer)) {
          needed.add(issuer);
          queue.push(issuer);
        }
    }
  }
  return all.filter((op) => needed.has(op));
}

/**
 * The operations that may issue each name (ANY_NAME: those whose answers may carry any), read once: asked
 * of every operation for every input, a run over 2,000 operations made millions of checks.
 */
function issuersByName(all: readonly Operation[]): Map<string, Operation[]> {
  const byName = new Map<string, Operation[]>();
  for (const op of all)
    for (const name of issuedNames(op)) {
      const issuers = byName.get(name);
      if (issuers) issuers.push(op);
      else byName.set(name, [op]);
    }
  return byName;
}

/** Stands for any name: a success body whose shape the contract leaves open may carry any identifier. */
export const ANY_NAME = '*';

const SHAPING = ['type', 'properties', 'items', 'allOf', 'oneOf', 'anyOf', 'enum', 'const', '$ref'];

const issued = new WeakMap<Operation, ReadonlySet<string>>();

/** The identifier names an answer of `op` may carry, read from its documented success schemas (once). */
export function issuedNames(op: Operation): ReadonlySet<string> {
  let names = issued.get(op);
  if (!names) {
    names = readIssuedNames(op);
    issued.set(op, names);
  }
  return names;
}

function readIssuedNames(op: Operation): Set<string> {
  const names = new Set<string>();
  const seen = new Set<JsonSchema>();
  const walk = (written: JsonSchema | undefined, owner: string, depth: number): void => {
    const schema = resolveSchema(written);
    if (!schema || typeof schema !== 'object' || depth > MAX_DEPTH || seen.has(schema)) return;
    seen.add(schema);
    if (!SHAPING.some((keyword) => keyword in schema)) names.add(ANY_NAME);
    for (const keyword of ['allOf', 'oneOf', 'anyOf'])
      for (const part of listOf(schema[keyword])) walk(part, owner, depth + 1);
    walk(schema.items as JsonSchema | undefined, nounOf(op.operationId), depth + 1);
    for (const [key, child] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)) {
      if (key === 'id' && owner) names.add(`${owner}Id`);
      names.add(key);
      walk(child, key === 'data' ? owner : key, depth + 1);
    }
  };
  for (const response of op.responses)
    if (/^2/.test(response.status)) for (const media of response.content) walk(media.schema, '', 0);
  return names;
}

const listOf = (value: unknown): JsonSchema[] => (Array.isArray(value) ? (value as JsonSchema[]) : []);
