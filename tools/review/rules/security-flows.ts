// OAuth flows of a security scheme, which the engine leaves unrated: a token (or authorization, refresh)
// URL that moves breaks every operation using the scheme, since its callers fetch tokens there; a scope
// removed from a flow breaks exactly the operations that require that scope (the others get `info`); a
// scope added is an addition.
import { pointerSegments } from '../../../model/pointer.ts';
import type { EngineChange } from '../diff-engine.ts';
import type { Draft } from '../finding.ts';
import { nodeOf, type Rule, type RuleContext } from './rule.ts';

const URLS = new Set(['tokenUrl', 'authorizationUrl', 'refreshUrl']);

type FlowChange = { scheme: string; kind: 'url' | 'scope-removed' | 'scope-added'; name: string };

/** The flow change at the change's node: `#/components/securitySchemes/<s>/flows/<flow>/(tokenUrl|scopes/<x>)`. */
function flowChange(change: EngineChange, context: RuleContext): FlowChange | undefined {
  const segments = pointerSegments(nodeOf(change, context.files).pointer);
  const [root, kind, scheme, flows, , key, name] = segments;
  if (root !== 'components' || kind !== 'securitySchemes' || flows !== 'flows' || !scheme) return undefined;
  if (key && URLS.has(key) && change.kind === 'modified') return { scheme, kind: 'url', name: key };
  if (key !== 'scopes' || !name) return undefined;
  if (change.kind === 'removed') return { scheme, kind: 'scope-removed', name };
  if (change.kind === 'added') return { scheme, kind: 'scope-added', name };
  return undefined;
}

/** Head keys of the operations whose security uses `scheme` (with `scope`, when given). */
function users(context: RuleContext, scheme: string, scope?: string): string[] {
  const model = context.sides.head.model;
  return model.operations
    .filter((op) =>
      op.security.some((alt) => alt.some((r) => r.scheme === scheme && (!scope || r.scopes.includes(scope)))),
    )
    .map((op) => op.key);
}

function draftOf(change: EngineChange, flow: FlowChange, context: RuleContext): Draft {
  const at = nodeOf(change, context.files);
  const base = { source: 'review' as const, at, change, operations: users(context, flow.scheme) };
  if (flow.kind === 'url') {
    const message = `\`${flow.name}\` of security scheme \`${flow.scheme}\` changed from \`${change.base?.value}\` to \`${change.revision?.value}\`: callers fetch their tokens elsewhere.`;
    return { ...base, rule: 'oauth-token-url-changed', impact: 'major', message };
  }
  if (flow.kind === 'scope-added')
    return {
      ...base,
      rule: 'oauth-scope-added',
      impact: 'minor',
      message: `Scope \`${flow.name}\` added to security scheme \`${flow.scheme}\`.`,
    };
  // A removed scope is still required by the base's operations: read who needed it there.
  const needing = new Set(
    context.sides.base.model.operations
      .filter((op) => op.security.some((alt) => alt.some((r) => r.scheme === flow.scheme && r.scopes.includes(flow.name))))
      .map((op) => context.sides.renames.get(op.key) ?? op.key),
  );
  return {
    ...base,
    rule: 'oauth-scope-removed',
    impact: 'major',
    message: `Scope \`${flow.name}\` removed from security scheme \`${flow.scheme}\`: no token can carry it any more.`,
    impactFor: (operation) => (needing.has(operation) ? 'major' : 'patch'),
  };
}

export const securityFlows: Rule = {
  name: 'security-flows',
  covers: [
    "an OAuth flow's token, authorization or refresh URL changed: breaking for every operation using the scheme",
    'a scope removed from an OAuth flow: breaking for the operations requiring it, info for the other users of the scheme; a scope added: non-breaking',
  ],
  claims: (change, context) => flowChange(change, context) !== undefined,
  run: (context) =>
    context.changes.flatMap((change) => {
      const flow = flowChange(change, context);
      return flow ? [draftOf(change, flow, context)] : [];
    }),
};
