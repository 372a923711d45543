// OAuth flows of a scheme an operation uses: a token (or authorization, refresh) URL that moves breaks every
// operation using the scheme, since its callers fetch tokens there; a scope removed from a flow breaks the
// operations that require it (the others using the scheme get `info`); a scope added is an addition.
import type { Fact } from '../../compare/facts.ts';
import type { EffectiveOperation } from '../../effective/operation-view.ts';
import { child, type Json, obj } from '../../effective/reader.ts';
import { code } from '../../text/plain.ts';
import type { OperationRule } from '../rule.ts';
import { schemeOf } from './security-schemes.ts';

const URLS = ['tokenUrl', 'authorizationUrl', 'refreshUrl'];

/** Scopes `op` requires of `scheme` in any alternative. */
const required = (op: EffectiveOperation, scheme: string) =>
  new Set(op.security.alternatives.flatMap((r) => [...(r.get(scheme) ?? [])]));

function flowFacts(scheme: string, a: Json, b: Json, at: string, needed: Set<string>): Fact[] {
  const facts: Fact[] = [];
  for (const url of URLS)
    if (a[url] !== undefined && a[url] !== b[url])
      facts.push({
        rule: 'oauth-token-url-changed',
        message: `${code(url)} of security scheme ${code(scheme)} changed from ${code(String(a[url]))} to ${code(String(b[url] ?? 'none'))}: callers fetch their tokens elsewhere.`,
        at: { side: 'head', pointer: child(at, url) },
        impact: 'major',
        oasdiff: 'api-security-component-oauth-token-url-changed',
        direction: 'security',
      });
  const [was, now] = [obj(a.scopes), obj(b.scopes)];
  for (const scope of Object.keys(was).filter((s) => !(s in now)))
    facts.push({
      rule: 'oauth-scope-removed',
      message: `Scope ${code(scope)} removed from security scheme ${code(scheme)}: no token can carry it any more.`,
      at: { side: 'base', pointer: child(child(at, 'scopes'), scope) },
      impact: needed.has(scope) ? 'major' : 'patch',
      oasdiff: 'api-security-component-oauth-scope-removed',
      direction: 'security',
    });
  for (const scope of Object.keys(now).filter((s) => !(s in was)))
    facts.push({
      rule: 'oauth-scope-added',
      message: `Scope ${code(scope)} added to security scheme ${code(scheme)}.`,
      at: { side: 'head', pointer: child(child(at, 'scopes'), scope) },
      impact: 'minor',
      oasdiff: 'api-security-component-oauth-scope-added',
      direction: 'security',
    });
  return facts;
}

export const securityFlows: OperationRule = {
  level: 'operation',
  name: 'security-flows',
  produces: ['oauth-token-url-changed', 'oauth-scope-removed', 'oauth-scope-added'],
  covers: [
    "an OAuth flow's token, authorization or refresh URL changed: breaking for every operation using the scheme",
    'a scope removed from an OAuth flow: breaking for the operations requiring it, info for the other users of the scheme; a scope added: non-breaking',
  ],
  oasdiff: [
    'api-security-component-oauth-token-url-changed',
    'api-security-component-oauth-scope-removed',
    'api-security-component-oauth-scope-added',
  ],
  compare(before, after, sides) {
    if (!before || !after) return [];
    const names = new Set(before.security.alternatives.flatMap((r) => [...r.keys()]));
    return [...names].flatMap((name) => {
      const [a, b] = [schemeOf(sides, 'base', name), schemeOf(sides, 'head', name)];
      if (!a || !b) return [];
      const [flowsA, flowsB] = [obj(a.node.flows), obj(b.node.flows)];
      return Object.keys(flowsA).flatMap((flow) =>
        flow in flowsB
          ? flowFacts(
              name,
              obj(flowsA[flow]),
              obj(flowsB[flow]),
              child(child(b.at, 'flows'), flow),
              required(before, name),
            )
          : [],
      );
    });
  },
};
