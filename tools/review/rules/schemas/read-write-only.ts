// `readOnly` / `writeOnly` flipped on a property: made read-only, it may no longer be sent (breaks senders);
// no longer read-only while required, it must now be sent (breaks senders); made write-only, it is no longer
// returned (breaks readers); no longer write-only, it is a new field for readers (an addition). Judged on
// the property's parent, which knows whether it is required.
import { type Sides, view } from '../../compare/context.ts';
import type { Fact, ImpactByRole } from '../../compare/facts.ts';
import type { SchemaView } from '../../effective/schema-view.ts';
import { code } from '../../text/plain.ts';
import type { SchemaRule } from '../rule.ts';

type Flag = 'readOnly' | 'writeOnly';

function rating(flag: Flag, on: boolean, required: boolean): ImpactByRole {
  if (flag === 'readOnly') return on ? { send: 'major' } : { send: required ? 'major' : 'minor' };
  return on ? { read: 'major' } : { read: 'minor' };
}

const WORDS: Record<Flag, [string, string]> = {
  readOnly: [
    'became read-only: callers may no longer send it',
    'is no longer read-only: callers may send it (and must, where it is required)',
  ],
  writeOnly: ['became write-only: it is no longer returned', 'is no longer write-only: it is now returned'],
};

function flips(name: string, before: SchemaView, after: SchemaView, sides: Sides): Fact[] {
  const [a, b] = [
    view(sides, 'base', before.properties.get(name) ?? []),
    view(sides, 'head', after.properties.get(name) ?? []),
  ];
  return (['readOnly', 'writeOnly'] as const).flatMap((flag) => {
    if (a[flag] === b[flag]) return [];
    const on = b[flag];
    const required = after.required.has(name);
    const kind = required ? 'required' : 'optional';
    const words = `became-${on ? '' : 'not-'}${flag === 'readOnly' ? 'read-only' : 'write-only'}`;
    return [
      {
        rule: flag === 'readOnly' ? 'read-only-changed' : 'write-only-changed',
        message: `Property ${code(name)} ${WORDS[flag][on ? 0 : 1]}.`,
        at: { side: on ? 'head' : 'base', pointer: (on ? b : a).where(flag) },
        byRole: rating(flag, on, required),
        oasdiff: {
          'request-body': `request-${kind}-property-${words}`,
          'request-property': `request-${kind}-property-${words}`,
          'response-body': `response-${kind}-property-${words}`,
          'response-property': `response-${kind}-property-${words}`,
        },
        field: name,
      } satisfies Fact,
    ];
  });
}

export const readWriteOnly: SchemaRule = {
  level: 'schema',
  name: 'read-write-only',
  appliesTo: 'object',
  produces: ['read-only-changed', 'write-only-changed'],
  covers: [
    'a property made `readOnly` (breaks senders) or no longer `readOnly` while required (breaks senders); made `writeOnly` (breaks readers) or no longer `writeOnly` (an addition for readers); info for the other direction',
  ],
  oasdiff: [
    'request-optional-property-became-read-only',
    'request-required-property-became-not-read-only',
    'response-optional-property-became-write-only',
    'response-required-property-became-write-only',
  ],
  compare(before, after, sides) {
    const facts: Fact[] = [];
    for (const name of before.properties.keys())
      if (after.properties.has(name)) facts.push(...flips(name, before, after, sides));
    return facts;
  },
};
