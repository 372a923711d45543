// rules/schemas/properties.ts: a property added (one finding, breaking senders when required) or removed
// (breaking readers; senders only where the schema refuses unlisted properties).
import { expect, it } from 'vitest';
import { compare, type Doc, edited, READ, SEND, shared, verdicts } from '../harness.ts';

const base = shared({
  type: 'object',
  required: ['a'],
  properties: { a: { type: 'string' }, b: { type: 'string' } },
});
const schema = (d: Doc) => d.components.schemas.Shared;

it('a required property added: one finding, breaking for senders, an addition for readers', () => {
  const head = edited(base, (d) => {
    schema(d).properties.c = { type: 'string' };
    schema(d).required.push('c');
  });
  const findings = compare(base, head);
  expect(verdicts(findings)).toEqual({
    [SEND]: ['property-added:breaking'],
    [READ]: ['property-added:non-breaking'],
  });
  expect(findings.find((f) => f.operation === SEND)).toMatchObject({
    oasdiff: 'new-required-request-property',
    fields: [], // made required: every sender of the body is hit, whatever fields it sends
  });
});

it('an optional property added: an addition both ways', () => {
  const head = edited(base, (d) => {
    schema(d).properties.c = { type: 'string' };
  });
  expect(verdicts(compare(base, head))).toEqual({
    [SEND]: ['property-added:non-breaking'],
    [READ]: ['property-added:non-breaking'],
  });
});

it('a property removed: breaks readers; senders only when the schema is closed', () => {
  const removed = edited(base, (d) => delete schema(d).properties.b);
  expect(verdicts(compare(base, removed))).toEqual({
    [SEND]: ['property-removed:info'],
    [READ]: ['property-removed:breaking'],
  });
  const closed = edited(removed, (d) => Object.assign(schema(d), { additionalProperties: false }));
  const closedBase = edited(base, (d) => Object.assign(schema(d), { additionalProperties: false }));
  expect(verdicts(compare(closedBase, closed))[SEND]).toEqual(['property-removed:breaking']);
});
