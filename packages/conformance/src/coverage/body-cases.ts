// Coverage of a JSON request body: every field, nested ones included, walked along a valid body (the example,
// or one generated from the schema), with the variants its keywords call for (variants.ts), each required
// field left out, a property where none more is allowed; optional fields the example lacks are added with a
// generated value and walked too. Each case's whole body is checked against the schema: a positive case must
// conform and a negative one must not.
import type { JsonSchema } from '@banking-api/contract';
import { conforms, requiredIn } from '@banking-api/contract/validators';
import { validValue } from '../schemas/generate.js';
import { flattened, listOf, propertiesOf, resolved } from '../schemas/read.js';
import type { EncodedBody } from '../types.js';
import type { CoverageCase } from './case.js';
import { VALUE_KEYWORDS, type Variant, variantsOf } from './variants.js';

const MAX_DEPTH = 8;
/** Optional fields the example lacks are added this near the top only, and an operation gets at most
 * MAX_CASES body cases: a wide, recursive schema (Stripe's) gives a bounded plan. */
const OPTIONAL_DEPTH = 3;
const MAX_CASES = 400;
const REMOVED = Symbol('removed');

type Encode = (value: unknown) => EncodedBody;
/** The value a server reads from a body sent as `value` encoded (a form's text fields read back by the schema). */
type Wire = (value: unknown) => unknown;

export interface BodyCoverage {
  readonly cases: CoverageCase[];
  /** Every `place:keyword` the body schema has along the walk, whether a case could try it or not. */
  readonly present: Set<string>;
}

export function bodyCases(
  schema: JsonSchema,
  body: unknown,
  encode: Encode,
  wire: Wire = (value) => value,
): BodyCoverage {
  const run: Run = { schema, encode, wire, cases: [], present: new Set() };
  walk(run, schema, body, [], body, 0);
  return { cases: run.cases, present: run.present };
}

/** One walk over a body: the schema every case is checked against, and what it found so far. */
interface Run extends BodyCoverage {
  readonly schema: JsonSchema;
  readonly encode: Encode;
  readonly wire: Wire;
}

const place = (path: readonly string[]) => `body /${path.join('/')}`;

/**
 * A case whose whole body is `whole`, kept only where the schema agrees with what it claims of the body as
 * the server reads it (a form cannot tell the number 7 from the text "7": such a case is not a case).
 */
function addCase(run: Run, path: readonly string[], variant: Variant, whole: unknown): void {
  if (run.cases.length >= MAX_CASES || conforms(run.schema, run.wire(whole), 'request') !== variant.positive)
    return;
  const at = place(path);
  const encoded = run.encode(whole);
  run.cases.push({
    place: at,
    keyword: variant.keyword,
    positive: variant.positive,
    label: `${at} = ${variant.label}`,
    apply: (base) => ({ ...base, body: encoded }),
  });
}

function walk(
  run: Run,
  node: JsonSchema | undefined,
  value: unknown,
  path: string[],
  root: unknown,
  depth: number,
): void {
  const s = chosen(resolved(node), value);
  if (!s || depth > MAX_DEPTH || run.cases.length >= MAX_CASES) return;
  for (const keyword of VALUE_KEYWORDS) if (keyword in s) run.present.add(`${place(path)}:${keyword}`);
  for (const variant of variantsOf(s, value))
    addCase(run, path, variant, withValueAt(root, path, variant.value));
  if (Array.isArray(value) && s.items)
    walk(run, s.items as JsonSchema, value[0], [...path, '0'], root, depth + 1);
  if (value && typeof value === 'object' && !Array.isArray(value))
    walkObject(run, s, value as Record<string, unknown>, path, root, depth);
}

/** An object's own cases (required fields left out, an undeclared property), then each of its fields. */
function walkObject(
  run: Run,
  s: JsonSchema,
  record: Record<string, unknown>,
  path: string[],
  root: unknown,
  depth: number,
): void {
  // A required property marked readOnly binds answers only: leaving it out of a request breaks nothing.
  for (const name of requiredIn(s, 'request')) {
    if (typeof name !== 'string') continue;
    run.present.add(`${place([...path, name])}:required`);
    const left = { keyword: 'required', positive: false, label: 'left out (required)', value: REMOVED };
    if (name in record) addCase(run, [...path, name], left, withValueAt(root, [...path, name], REMOVED));
  }
  if (s.additionalProperties === false) {
    run.present.add(`${place(path)}:additionalProperties`);
    const extra = {
      keyword: 'additionalProperties',
      positive: false,
      label: 'an undeclared property',
      value: 1,
    };
    addCase(run, path, extra, withValueAt(root, [...path, 'x_undeclared'], 1));
  }
  for (const [name, child] of propertiesOf(s)) {
    if (name in record) walk(run, child, record[name], [...path, name], root, depth + 1);
    else if (depth < OPTIONAL_DEPTH) {
      const added = validValue(child, 1, depth + 1);
      if (added === undefined) continue;
      const grown = withValueAt(root, [...path, name], added);
      const optional = {
        keyword: 'properties',
        positive: true,
        label: 'an optional field the example leaves out',
        value: added,
      };
      addCase(run, [...path, name], optional, grown);
      run.present.add(`${place([...path, name])}:properties`);
      walk(run, child, added, [...path, name], grown, depth + 1);
    }
  }
}

/** The schema a value is read by: allOf merged, and the oneOf/anyOf branch the value matches (the first). */
function chosen(schema: JsonSchema | undefined, value: unknown): JsonSchema | undefined {
  if (!schema) return undefined;
  const flat = flattened(schema);
  const branches = [...listOf(flat, 'oneOf'), ...listOf(flat, 'anyOf')];
  if (branches.length === 0) return flat;
  const { oneOf: _o, anyOf: _a, ...rest } = flat;
  const branch = branches.find((b) => conforms(b, value, 'request')) ?? branches[0];
  return flattened({ ...rest, allOf: [branch as JsonSchema] });
}

/** A copy of `root` with the value at `path` replaced (or removed). */
function withValueAt(root: unknown, path: readonly string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = structuredClone(root) as Record<string, unknown>;
  let node: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
  const last = path[path.length - 1] as string;
  if (value === REMOVED) delete node[last];
  else node[last] = value;
  return copy;
}
