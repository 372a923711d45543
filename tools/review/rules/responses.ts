// Responses a client reads: a status, a header or a media type that goes away. An error response removed
// while `default` (or a range) still covers its status with the same envelope changes nothing a caller
// reads: it is `info` (oasdiff's response-non-success-status-removed).
import { bodySchemaOf, envelopeKind, responseFor } from '@banking-api/contract';
import { pointerSegments } from '../../../model/pointer.ts';
import type { Draft } from '../finding.ts';
import { operationAt } from '../pointer-operations.ts';
import { engineRule, type Rule, type RuleContext } from './rule.ts';

/** The removed response's status, operation path and method, from the engine's path. */
function removedResponse(draft: Draft): { path: string; method: string; status: string } | undefined {
  const segments = pointerSegments(draft.change?.path ?? '');
  const [root, path, method, responses, status] = segments;
  if (root !== 'paths' || responses !== 'responses' || !path || !method || !status) return undefined;
  return segments.length === 5 ? { path, method, status } : undefined;
}

/** The same draft, `info`, when the head still covers the removed error status with the same envelope. */
function coveredByDefault(draft: Draft, { sides }: RuleContext): Draft {
  const removed = draft.rule === 'response-removed' ? removedResponse(draft) : undefined;
  const code = Number(removed?.status);
  if (!removed || !Number.isInteger(code) || code < 400) return draft;
  const before = operationAt(sides.base.model, removed.path, removed.method);
  const after = operationAt(sides.head.model, removed.path, removed.method);
  const old = before?.responses.find((r) => r.status === removed.status);
  const covering = after && responseFor(after, code);
  const kind = envelopeKind(bodySchemaOf(old));
  if (!covering || !kind || envelopeKind(bodySchemaOf(covering)) !== kind) return draft;
  return {
    ...draft,
    rule: 'response-covered-by-default',
    impact: 'patch',
    message: `Response \`${removed.status}\` was removed; \`${covering.status}\` still covers it with the same ${kind} envelope, so callers read the same body.`,
  };
}

export const responses: Rule = {
  ...responsesRule(),
  produces: ['response-covered-by-default'],
};

function responsesRule(): Rule {
  return engineRule(
    'responses',
    ['response-removed', 'response-header-removed', 'media-type-removed'],
    [
      'a response status removed',
      'a response header removed',
      'a media type removed (request or response)',
      'an error response removed that `default` (or its range) still covers with the same envelope: info (`response-covered-by-default`)',
    ],
    { adjust: coveredByDefault },
  );
}
