// A stub's match conditions, checked against the operation: path and query parameters it declares, body
// fields its request schema declares, and values those parameters and fields may hold. A stub only answers
// requests the contract accepts, so a condition no such request can meet (a typo, `programId: '1'` where
// the schema says integer) would never match: it is refused instead. Headers may be any (a test may match
// on its own `x-request-id`); a header the operation declares must have a value it allows.
import { type JsonSchema, type Operation, propertySchema, resolveSchema } from '@banking-api/contract';
import { isFreeForm, violationsOf } from '@banking-api/contract/validators';
import type { UntypedStub as Stub } from '../api/stub.ts';
import { clip, type StubViolation } from './stub-violation.ts';

type When = NonNullable<Stub['when']>;

export function whenViolations(op: Operation, when: When): StubViolation[] {
  const bodySchema = op.requestBody?.content.find((m) => m.schema)?.schema;
  return [
    ...parameterViolations(op, 'path', when.path),
    ...parameterViolations(op, 'query', when.query),
    ...parameterViolations(op, 'header', when.headers),
    ...(when.body === undefined ? [] : bodyViolations(op, bodySchema, when.body, '')),
  ];
}

function parameterViolations(
  op: Operation,
  place: 'path' | 'query' | 'header',
  values: Record<string, string> | undefined,
): StubViolation[] {
  const out: StubViolation[] = [];
  for (const [name, value] of Object.entries(values ?? {})) {
    const at = `/when/${place === 'header' ? 'headers' : place}/${clip(name)}`;
    const parameter = op.parameters.find(
      (p) => p.in === place && p.name.toLowerCase() === name.toLowerCase(),
    );
    if (!parameter) {
      if (place !== 'header')
        out.push({ at, message: `${op.operationId} has no ${place} parameter ${clip(name)}` });
      continue;
    }
    const { schema } = parameter;
    if (schema && resolveSchema(schema).type === 'string')
      out.push(...violationsOf(schema, value).map((v) => ({ at, message: `never matches: ${v.message}` })));
  }
  return out;
}

/** Each field of the match body must be declared, and each leaf value one its schema allows. */
function bodyViolations(
  op: Operation,
  schema: JsonSchema | undefined,
  part: unknown,
  at: string,
): StubViolation[] {
  if (schema && isFreeForm(schema)) return []; // the contract's "any JSON": any field, any value
  if (part === null || typeof part !== 'object' || Array.isArray(part)) {
    const found = schema ? violationsOf(schema, part) : [];
    return found.map((v) => ({ at: `/when/body${at}`, message: `never matches: ${v.message}` }));
  }
  return Object.entries(part).flatMap(([key, value]) => {
    const child = schema && propertySchema(schema, key);
    const where = `${at}/${clip(key)}`;
    if (!child)
      return [
        { at: `/when/body${where}`, message: `${op.operationId}'s request body declares no field here` },
      ];
    return bodyViolations(op, child, value, where);
  });
}
