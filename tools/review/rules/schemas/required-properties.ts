// A property that stays made required (breaks senders, unless it is read-only: never sent) or optional
// (breaks readers, who may no longer get it, unless it is write-only). A property added or removed at the
// same time is one change, reported by properties.ts.
import { type Sides, view } from '../../compare/context.ts';
import type { Fact } from '../../compare/facts.ts';
import type { SchemaView } from '../../effective/schema-view.ts';
import { code } from '../../text/plain.ts';
import type { SchemaRule } from '../rule.ts';

function fact(
  name: string,
  made: 'required' | 'optional',
  before: SchemaView,
  after: SchemaView,
  sides: Sides,
): Fact {
  const property = view(sides, 'head', after.properties.get(name) ?? []);
  const required = made === 'required';
  return {
    rule: required ? 'required-properties-added' : 'required-properties-removed',
    message: `Property ${code(name)} made ${made}.`,
    at: {
      side: 'head',
      pointer: required
        ? after.where('required')
        : (after.properties.get(name)?.[0]?.at ?? before.where('required')),
    },
    byRole: required
      ? { send: property.readOnly ? 'patch' : 'major', read: 'patch' }
      : { send: 'patch', read: property.writeOnly ? 'patch' : 'major' },
    oasdiff: required
      ? {
          'request-body': 'request-property-became-required',
          'request-property': 'request-property-became-required',
          'response-body': 'response-property-became-required',
          'response-property': 'response-property-became-required',
        }
      : {
          'request-body': 'request-property-became-optional',
          'request-property': 'request-property-became-optional',
          'response-body': 'response-property-became-optional',
          'response-property': 'response-property-became-optional',
        },
    field: name,
    ...(required && { everyCaller: true }),
  };
}

export const required: SchemaRule = {
  level: 'schema',
  name: 'required',
  appliesTo: 'object',
  produces: ['required-properties-added', 'required-properties-removed'],
  covers: [
    'a property made required (breaks senders, unless read-only) or optional (breaks readers, unless write-only); reordered `required`: nothing',
  ],
  oasdiff: [
    'request-property-became-required',
    'request-property-became-optional',
    'response-property-became-optional',
    'response-property-became-required',
  ],
  compare(before, after, sides) {
    const both = (name: string) => before.properties.has(name) && after.properties.has(name);
    const facts: Fact[] = [];
    for (const name of after.required)
      if (!before.required.has(name) && both(name)) facts.push(fact(name, 'required', before, after, sides));
    for (const name of before.required)
      if (!after.required.has(name) && both(name)) facts.push(fact(name, 'optional', before, after, sides));
    return facts;
  },
};
