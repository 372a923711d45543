// Bodies each operation's schema forbids, made from its example: one property given a value that certainly
// breaks it (another type, a pattern miss, a value outside the enum), a required property dropped, or a
// property where none is allowed. A server must refuse each with 400.
import { exampleRequest, type JsonSchema, type Operation, resolveSchema } from '@banking-api/contract';
import fc from 'fast-check';
import { wrongTypeFor } from '../mutations/wrong-type.js';
import { jsonBodySchema } from '../requests/media.js';

export interface ForbiddenBody {
  readonly op: Operation;
  readonly body: unknown;
  /** What was broken, e.g. `amount = "not-a-number"` or `without amount`. */
  readonly why: string;
}

interface ObjectSchema {
  readonly type?: unknown;
  readonly required?: readonly string[];
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly maxProperties?: number;
}

/** Invalid values for a property schema, each certainly breaking it. */
function breakersOf(schema: JsonSchema): unknown[] {
  const s = resolveSchema(schema) as { type?: string; pattern?: string; enum?: unknown[] };
  const values: unknown[] = [wrongTypeFor(s)];
  if (s.pattern) {
    const pattern = new RegExp(s.pattern, 'u');
    values.push(...['XYZ-1', '!', '', 'a b', '\u0000', '%00'].filter((v) => !pattern.test(v)));
  }
  if (s.enum) values.push('NOT_ONE_OF_THE_ENUM');
  return values;
}

/** The forbidden bodies of one operation with a JSON object body and an example of it. */
function casesOf(op: Operation): fc.Arbitrary<ForbiddenBody>[] {
  const schema = resolveSchema(jsonBodySchema(op)) as ObjectSchema | undefined;
  const example = exampleRequest(op).body?.value as Record<string, unknown> | undefined;
  if (schema?.type !== 'object' || !example) return [];
  const cases: fc.Arbitrary<ForbiddenBody>[] = [];
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const broken = fc.constantFrom(...breakersOf(property));
    cases.push(
      broken.map((value) => ({
        op,
        body: { ...example, [name]: value },
        why: `${name} = ${JSON.stringify(value)}`,
      })),
    );
  }
  for (const name of schema.required ?? []) {
    const { [name]: _, ...rest } = example;
    cases.push(fc.constant({ op, body: rest, why: `without ${name}` }));
  }
  if (schema.maxProperties === 0)
    cases.push(fc.constant({ op, body: { unexpected: 1 }, why: 'a property where none is allowed' }));
  return cases;
}

/** For every operation with a JSON object body: the example with one property broken, or one required dropped. */
export function forbiddenBodies(ops: readonly Operation[]): fc.Arbitrary<ForbiddenBody> {
  return fc.oneof(...ops.flatMap(casesOf));
}
