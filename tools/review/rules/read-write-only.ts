// `readOnly` / `writeOnly` flipped on a property: what it does to the callers depends on direction. A
// property that becomes read-only may no longer be sent (breaks senders); one that stops being read-only
// while required must now be sent (breaks senders). A property that becomes write-only is no longer
// returned (breaks readers); one that stops being write-only is a new field for readers (an addition).

import { nodeAt } from '../../../model/refs.ts';
import type { EngineChange } from '../diff-engine.ts';
import type { Draft } from '../finding.ts';
import type { ImpactByRole } from '../rating.ts';
import { nodeOf, type Rule, type RuleContext } from './rule.ts';

const FLAGS = new Set(['readOnly', 'writeOnly']);
const isFlip = (change: EngineChange) => change.kind === 'modified' && FLAGS.has(change.property ?? '');

/** Whether the property is in its schema's `required` list in the head. */
function requiredInHead(change: EngineChange, context: RuleContext): boolean {
  const pointer = change.revision?.pointer.replace(/\/(readOnly|writeOnly)$/, '') ?? '';
  const match = /^(.*)\/properties\/([^/]+)$/.exec(pointer);
  if (!match) return false;
  const parent = nodeAt(context.sides.head.bundle, match[1] ?? '') as { required?: unknown } | undefined;
  return Array.isArray(parent?.required) && parent.required.includes(match[2]);
}

function rating(flag: string, on: boolean, required: boolean): ImpactByRole {
  if (flag === 'readOnly') return on ? { send: 'major' } : { send: required ? 'major' : 'minor' };
  return on ? { read: 'major' } : { read: 'minor' };
}

function draftOf(change: EngineChange, context: RuleContext): Draft {
  const flag = change.property ?? '';
  const on = change.revision?.value === true;
  const byRole = rating(flag, on, requiredInHead(change, context));
  const what =
    flag === 'readOnly'
      ? on
        ? 'became read-only: callers may no longer send it'
        : 'is no longer read-only: callers may send it (and must, where it is required)'
      : on
        ? 'became write-only: it is no longer returned'
        : 'is no longer write-only: it is now returned';
  return {
    rule: flag === 'readOnly' ? 'read-only-changed' : 'write-only-changed',
    impact: byRole.send ?? byRole.read ?? 'patch',
    message: `Property ${what}.`,
    source: 'review',
    at: nodeOf(change, context.files),
    change,
    byRole,
  };
}

export const readWriteOnly: Rule = {
  name: 'read-write-only',
  produces: ['read-only-changed', 'write-only-changed'],
  covers: [
    'a property made `readOnly` (breaks senders) or no longer `readOnly` while required (breaks senders); made `writeOnly` (breaks readers) or no longer `writeOnly` (an addition for readers); info for the other direction',
  ],
  claims: isFlip,
  run: (context) => context.changes.filter(isFlip).map((change) => draftOf(change, context)),
};
