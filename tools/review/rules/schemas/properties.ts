// Properties added or removed. An added property is one change, required or not: a required one breaks
// senders (they do not send it yet), an optional one is an addition; for readers either is a new field. A
// removed property breaks readers (unless it was write-only: never returned), and senders only where the
// schema now refuses properties it does not list (a server ignores the others).
import { type Sides, view } from '../../compare/context.ts';
import type { Fact } from '../../compare/facts.ts';
import type { SchemaView } from '../../effective/schema-view.ts';
import { code } from '../../text/plain.ts';
import type { SchemaRule } from '../rule.ts';

function added(name: string, after: SchemaView, sides: Sides): Fact {
  const refs = after.properties.get(name) ?? [];
  const property = view(sides, 'head', refs);
  const required = after.required.has(name) && !property.readOnly;
  return {
    rule: 'property-added',
    message: `Property ${code(name)} added${required ? ', required: callers must send it' : ''}.`,
    at: { side: 'head', pointer: refs[0]?.at ?? after.at },
    byRole: {
      send: required ? 'major' : property.readOnly ? 'patch' : 'minor',
      read: property.writeOnly ? 'patch' : 'minor',
    },
    ...(required && { everyCaller: true }),
    oasdiff: required
      ? {
          'request-body': 'new-required-request-property',
          'request-property': 'new-required-request-property',
          'response-body': 'response-required-property-added',
          'response-property': 'response-required-property-added',
        }
      : {
          'request-body': 'new-optional-request-property',
          'request-property': 'new-optional-request-property',
          'response-body': 'response-optional-property-added',
          'response-property': 'response-optional-property-added',
        },
  };
}

function removed(name: string, before: SchemaView, after: SchemaView, sides: Sides): Fact {
  const refs = before.properties.get(name) ?? [];
  const property = view(sides, 'base', refs);
  const closed = after.additional === 'closed';
  const required = before.required.has(name);
  return {
    rule: 'property-removed',
    message: `Property ${code(name)} removed${closed ? '; the schema refuses properties it does not list' : ''}.`,
    at: { side: 'base', pointer: refs[0]?.at ?? before.at },
    byRole: {
      send: closed && !property.readOnly ? 'major' : 'patch',
      read: property.writeOnly ? 'patch' : 'major',
    },
    oasdiff: {
      'request-body': 'request-property-removed',
      'request-property': 'request-property-removed',
      'response-body': required ? 'response-required-property-removed' : 'response-optional-property-removed',
      'response-property': required
        ? 'response-required-property-removed'
        : 'response-optional-property-removed',
    },
  };
}

/** A fact about one property: its field path gains the property's name. */
const under = (name: string, fact: Fact): Fact => ({ ...fact, field: name });

export const properties: SchemaRule = {
  level: 'schema',
  name: 'properties',
  appliesTo: 'object',
  produces: ['property-added', 'property-removed'],
  covers: [
    'a property added: one finding, breaking for senders when it is required, an addition otherwise',
    'a property removed: breaking for readers (unless write-only), for senders only where the schema refuses unlisted properties',
  ],
  oasdiff: [
    'new-required-request-property',
    'new-optional-request-property',
    'response-optional-property-added',
    'request-property-removed',
    'response-required-property-removed',
    'response-optional-property-removed',
  ],
  compare(before, after, sides) {
    const facts: Fact[] = [];
    for (const name of after.properties.keys())
      if (!before.properties.has(name)) facts.push(under(name, added(name, after, sides)));
    for (const name of before.properties.keys())
      if (!after.properties.has(name)) facts.push(under(name, removed(name, before, after, sides)));
    return facts;
  },
};
