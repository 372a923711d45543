// Mending a made-up value the schema refuses, guided by the validator's own errors (schema-value.ts): a place
// it names is taken from another generated value, or, where nothing fills it, left out — an optional
// property dropped, a list emptied — whenever that leaves fewer errors. A contract's schema may hold a branch
// no value meets (the Pix API's `cpf` pattern written with its slashes, "/^\d{11}$/").
import type { ValidateFunction } from 'ajv';

type Miss = { instancePath: string; keyword: string; params: Record<string, unknown> };

/** Rounds of leaving parts out, at most (each removes one error's cause). */
const MAX_PRUNES = 32;

/** `value` with each place a violation names (a missing property: the property) taken from `generated`. */
export function filled(value: unknown, generated: unknown, misses: readonly Miss[]): unknown {
  let out = value;
  for (const miss of misses) {
    const path = pathOf(miss);
    if (miss.keyword === 'required') path.push(String(miss.params.missingProperty));
    const replacement = at(generated, path);
    if (replacement !== undefined) out = placed(out, path, replacement);
  }
  return out;
}

/** `value` with what breaks the schema left out, part by part, while that lowers the error count. */
export function pruned(value: unknown, validate: ValidateFunction): unknown {
  let out = value;
  let count = errorCount(validate, out);
  for (let round = 0; round < MAX_PRUNES && count > 0; round++) {
    validate(out); // its errors are the last value's: the candidates' below
    const path = pathOf(validate.errors?.[0] as Miss | undefined);
    let better: unknown;
    for (let depth = path.length; depth > 0 && better === undefined; depth--) {
      const candidate = without(out, path.slice(0, depth));
      const left = errorCount(validate, candidate);
      if (left < count) [better, count] = [candidate, left];
    }
    if (better === undefined) break;
    out = better;
  }
  return out;
}

function errorCount(validate: ValidateFunction, value: unknown): number {
  return validate(value) ? 0 : (validate.errors?.length ?? 1);
}

const pathOf = (miss: Miss | undefined): string[] =>
  (miss?.instancePath ?? '').split('/').slice(1).map(unescapeKey);

export const unescapeKey = (key: string): string => key.replaceAll('~1', '/').replaceAll('~0', '~');

function at(value: unknown, path: readonly string[]): unknown {
  let node = value;
  for (const key of path) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** A copy of `value` with `replacement` at `path` (the value itself at the empty path). */
function placed(value: unknown, path: readonly string[], replacement: unknown): unknown {
  if (path.length === 0) return structuredClone(replacement);
  const [key, ...rest] = path as [string, ...string[]];
  if (typeof value !== 'object' || value === null) return value;
  const copy = (Array.isArray(value) ? [...value] : { ...value }) as Record<string, unknown>;
  copy[key] = placed(copy[key], rest, replacement);
  return copy;
}

/** A copy of `value` without what `path` names: a property deleted, or the list holding an item emptied. */
function without(value: unknown, path: readonly string[]): unknown {
  const parent = at(value, path.slice(0, -1));
  if (Array.isArray(parent)) return placed(value, path.slice(0, -1), []);
  if (typeof parent !== 'object' || parent === null) return value;
  const { [path.at(-1) as string]: _, ...rest } = parent as Record<string, unknown>;
  return path.length === 1 ? rest : placed(value, path.slice(0, -1), rest);
}
