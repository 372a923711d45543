// A header name that differs only in case: the same header on the wire (RFC 9110: field names are
// case-insensitive), but not the same key in the generated types. A request header parameter's key in the
// client's `params.header` changes, so typed calls must be respelled: a minor change for the client, never
// a wire break. A response header is read case-insensitively: documentation only.
import { nodeAt } from '../../../model/refs.ts';
import type { EngineChange } from '../diff-engine.ts';
import type { Draft } from '../finding.ts';
import { nodeOf, type Rule, type RuleContext } from './rule.ts';

const caseOnly = (a: unknown, b: unknown) =>
  typeof a === 'string' && typeof b === 'string' && a !== b && a.toLowerCase() === b.toLowerCase();

/** A header parameter's `name`, or a response header's key, changed only in case. */
export function headerCaseChange(
  change: EngineChange,
  sides: RuleContext['sides'],
): 'parameter' | 'response' | undefined {
  if (change.kind !== 'modified' || !caseOnly(change.base?.value, change.revision?.value)) return undefined;
  if (change.property === 'key' && /\/headers\//.test(change.path)) return 'response';
  if (change.property !== 'name') return undefined;
  const pointer = (change.revision?.pointer ?? '').replace(/\/name$/, '');
  const parameter = nodeAt(sides.head.bundle, pointer) as { in?: string } | undefined;
  return parameter?.in === 'header' ? 'parameter' : undefined;
}

function draftOf(change: EngineChange, kind: 'parameter' | 'response', context: RuleContext): Draft {
  const [before, after] = [change.base?.value, change.revision?.value];
  const message =
    kind === 'parameter'
      ? `Header \`${before}\` is now spelled \`${after}\`: the same header on the wire, but the generated client's \`params.header\` key changes, so typed calls must use the new spelling.`
      : `Response header \`${before}\` is now spelled \`${after}\`: the same header on the wire (read case-insensitively).`;
  return {
    rule: 'header-name-case-changed',
    impact: kind === 'parameter' ? 'minor' : 'patch',
    message,
    source: 'review',
    at: nodeOf(change, context.files),
    change,
  };
}

export const headerNameCase: Rule = {
  name: 'header-name-case-changed',
  covers: [
    'a header name changed only in case: not a wire break; a request header parameter is a type change for the generated client (non-breaking), a response header documentation',
  ],
  claims: (change, context) => headerCaseChange(change, context.sides) !== undefined,
  run: (context) =>
    context.changes.flatMap((change) => {
      const kind = headerCaseChange(change, context.sides);
      return kind ? [draftOf(change, kind, context)] : [];
    }),
};
