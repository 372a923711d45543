// OAuth flows of a security scheme, which the engine leaves unrated: a token (or authorization, refresh)
// URL that moves breaks every operation using the scheme, since its callers fetch tokens there; a scope
// removed from a flow breaks exactly the operations that require that scope (the others get `info`); a
// scope added is an addition.
import { escapePointerFragment } from '@redocly/openapi-core';
import { nodeAt } from '../../../model/refs.ts';
import type { EngineChange } from '../diff-engine.ts';
import type { Draft } from '../finding.ts';
import type { Rule, RuleContext } from './rule.ts';

const URLS = new Set(['tokenUrl', 'authorizationUrl', 'refreshUrl']);

type FlowChange = {
  scheme: string;
  flow: string;
  kind: 'url' | 'scope-removed' | 'scope-added';
  name: string;
  before?: unknown;
  after?: unknown;
};
type Flows = Record<string, Record<string, unknown> & { scopes?: Record<string, unknown> }>;

/** The OAuth flows of each scheme of one side's bundle. */
function flowsOf(bundle: unknown): Map<string, Flows> {
  const schemes = (nodeAt(bundle, '#/components/securitySchemes') ?? {}) as Record<string, { flows?: Flows }>;
  return new Map(Object.entries(schemes).flatMap(([name, s]) => (s?.flows ? [[name, s.flows]] : [])));
}

/** What moved in one flow present on both sides: its URLs, and scopes removed or added. */
function flowDelta(scheme: string, flow: string, before: Flows[string], after: Flows[string]): FlowChange[] {
  const changes: FlowChange[] = [];
  for (const name of URLS)
    if (before[name] !== undefined && before[name] !== after[name])
      changes.push({ scheme, flow, kind: 'url', name, before: before[name], after: after[name] });
  const [old, now] = [Object.keys(before.scopes ?? {}), Object.keys(after.scopes ?? {})];
  for (const name of old.filter((x) => !now.includes(x)))
    changes.push({ scheme, flow, kind: 'scope-removed', name });
  for (const name of now.filter((x) => !old.includes(x)))
    changes.push({ scheme, flow, kind: 'scope-added', name });
  return changes;
}

/**
 * Flow changes, read from both bundles: the engine reports a moved URL but not a scope removed from a
 * flow, so the review compares the schemes itself (a scheme or flow removed as a whole is the engine's).
 */
function flowChanges({ sides }: RuleContext): FlowChange[] {
  const [base, head] = [flowsOf(sides.base.bundle), flowsOf(sides.head.bundle)];
  return [...base].flatMap(([scheme, flows]) =>
    Object.entries(flows).flatMap(([flow, before]) => {
      const after = head.get(scheme)?.[flow];
      return after ? flowDelta(scheme, flow, before, after) : [];
    }),
  );
}

/** An engine change inside a flow (its URL): reported here, not by `unrated`. */
const insideFlows = (change: EngineChange) =>
  /^#\/components\/securitySchemes\/[^/]+\/flows\//.test(
    change.revision?.pointer ?? change.base?.pointer ?? change.path,
  );

/** Head keys of the operations whose security uses `scheme` (with `scope`, when given). */
function users(context: RuleContext, scheme: string, scope?: string): string[] {
  const model = context.sides.head.model;
  return model.operations
    .filter((op) =>
      op.security.some((alt) => alt.some((r) => r.scheme === scheme && (!scope || r.scopes.includes(scope)))),
    )
    .map((op) => op.key);
}

function draftOf(flow: FlowChange, context: RuleContext): Draft {
  const removed = flow.kind === 'scope-removed';
  const pointer = `#/components/securitySchemes/${escapePointerFragment(flow.scheme)}/flows/${flow.flow}/${flow.kind === 'url' ? flow.name : `scopes/${escapePointerFragment(flow.name)}`}`;
  const at = {
    side: removed ? 'base' : 'head',
    file: removed ? context.files.base : context.files.head,
    pointer,
  } as const;
  const base = { source: 'review' as const, at, operations: users(context, flow.scheme) };
  if (flow.kind === 'url') {
    const message = `\`${flow.name}\` of security scheme \`${flow.scheme}\` changed from \`${flow.before}\` to \`${flow.after}\`: callers fetch their tokens elsewhere.`;
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
      .filter((op) =>
        op.security.some((alt) => alt.some((r) => r.scheme === flow.scheme && r.scopes.includes(flow.name))),
      )
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
  produces: ['oauth-token-url-changed', 'oauth-scope-removed', 'oauth-scope-added'],
  covers: [
    "an OAuth flow's token, authorization or refresh URL changed: breaking for every operation using the scheme",
    'a scope removed from an OAuth flow: breaking for the operations requiring it, info for the other users of the scheme; a scope added: non-breaking',
  ],
  claims: insideFlows,
  run: (context) => flowChanges(context).map((flow) => draftOf(flow, context)),
};
