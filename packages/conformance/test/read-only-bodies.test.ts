// A request body may leave out a required property its schema marks `readOnly` (OpenAPI: the requirement is
// the response's), so verify never claims that leaving one out is invalid: no negative coverage case "left
// out (required)", no "missing required field" mutation, no problem with a body example that lacks it. A
// required field without the mark, nested ones through a `$ref` included, still makes all three. Nor does
// the coverage count such a requirement as present and untried.
import { bodyProblems, coveragePlan, invalidBodies, missingField } from '@banking-api/conformance';
import { type JsonSchema, linkSchemas, type Operation, requestMedia } from '@banking-api/contract';
import { describe, expect, it } from 'vitest';
import { operationWith } from './harness.ts';

const json = operationWith((o) => requestMedia(o)?.mediaType === 'application/json', 'a JSON body');
const table: Record<string, JsonSchema> = {
  '#/components/schemas/Owner': {
    type: 'object',
    required: ['id', 'name'],
    properties: { id: { type: 'string', readOnly: true }, name: { type: 'string' } },
  },
};
const schema: JsonSchema = {
  type: 'object',
  required: ['id', 'amount', 'owner'],
  properties: {
    id: { type: 'string', readOnly: true },
    amount: { type: 'integer' },
    owner: { $ref: '#/components/schemas/Owner' },
  },
};
for (const s of [...Object.values(table), schema]) linkSchemas(s, table);
const example = { id: 'r-1', amount: 5, owner: { id: 'o-1', name: 'Ana' } };

function bare(): Operation {
  const media = requestMedia(json);
  if (!media) throw new Error('a body');
  const content = [{ ...media, schema, examples: [{ name: 'one', value: example }] }];
  return { ...json, requestBody: { required: true, content } };
}

describe('a required readOnly property of a request body', () => {
  it('is no negative coverage case when left out; a required field without the mark is', () => {
    const plan = coveragePlan(bare());
    const leftOut = plan.cases.filter((c) => c.keyword === 'required' && !c.positive).map((c) => c.place);
    expect(leftOut).toEqual(expect.arrayContaining(['body /amount', 'body /owner', 'body /owner/name']));
    expect(leftOut).not.toContain('body /id');
    expect(leftOut).not.toContain('body /owner/id');
    // Nor is it counted as a keyword present and left untried.
    expect(plan.present).toContain('body /amount:required');
    expect(plan.present).not.toContain('body /id:required');
  });

  it('is no "missing required field" mutation, and its absence no problem of the example', () => {
    const missing = invalidBodies(schema, example, { seed: 1, max: 20, kinds: [missingField] });
    expect(missing.map((m) => m.label)).not.toContain('missing required field at /id');
    expect(missing.map((m) => m.label)).toContain('missing required field at /amount');
    const media = requestMedia(bare());
    if (!media) throw new Error('a body');
    expect(bodyProblems(media, { amount: 5, owner: { name: 'Ana' } })).toEqual([]);
    expect(bodyProblems(media, { id: 'r-1', owner: { name: 'Ana' } })).toEqual([
      "/ must have required property 'amount'",
    ]);
  });
});
