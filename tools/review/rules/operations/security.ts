// The security an operation requires, as it applies (its own, or the document's when it has none): a
// caller that authenticated one way before must still be able to. Each base alternative must be satisfied
// by a head alternative asking for no more schemes or scopes; else callers that used it break. Fewer
// requirements, or a new way in, is an addition. Inherited requirements count where they land: an
// operation that drops its own override gets the document's.
import type { Fact } from '../../compare/facts.ts';
import { type Requirement, requirementText, satisfies } from '../../effective/requirements.ts';
import { code } from '../../text/plain.ts';
import type { OperationRule } from '../rule.ts';

const texts = (alternatives: Requirement[]) =>
  alternatives.length ? alternatives.map((r) => code(requirementText(r))).join(' or ') : 'none';

export const security: OperationRule = {
  level: 'operation',
  name: 'security',
  produces: ['security-requirement-changed'],
  covers: [
    "an operation's effective security (its own, else the document's) asks more of a caller (a scheme or scope added, an alternative removed): breaking; asks less or adds a way in: non-breaking",
    'an override removed or added where it changes what applies (the inherited requirement counts)',
  ],
  oasdiff: [
    'api-security-added',
    'api-security-removed',
    'api-security-scope-added',
    'api-global-security-added',
  ],
  compare(before, after) {
    if (!before || !after) return [];
    const [a, b] = [before.security.alternatives, after.security.alternatives];
    if (texts(a) === texts(b)) return [];
    // No requirement at all means anonymous access.
    const held = a.length ? a : [new Map()];
    const offered = b.length ? b : [new Map()];
    const stranded = held.filter((alternative) => !offered.some((needed) => satisfies(alternative, needed)));
    const fact: Fact = {
      rule: 'security-requirement-changed',
      message: stranded.length
        ? `Security changed from ${texts(a)} to ${texts(b)}: callers authenticating with ${texts(stranded)} can no longer call it.`
        : `Security changed from ${texts(a)} to ${texts(b)}: every caller can still call it.`,
      at: { side: 'head', pointer: after.security.at },
      impact: stranded.length ? 'major' : 'minor',
      oasdiff: stranded.length ? 'api-security-added' : 'api-security-removed',
      direction: 'security',
    };
    return [fact];
  },
};
