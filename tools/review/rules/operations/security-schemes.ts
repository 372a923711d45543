// A security scheme an operation authenticates with, changed in what a caller sends: its type, its HTTP
// scheme (case-insensitive), an API key's place or name (a header's case-insensitively), an OpenID Connect
// URL. Breaking for every operation using it, named under each. Documentation fields (description,
// `bearerFormat`) are not a change for callers (rules/document/document-docs.ts notes them once).
import type { Sides } from '../../compare/context.ts';
import type { Fact } from '../../compare/facts.ts';
import type { EffectiveOperation } from '../../effective/operation-view.ts';
import { child, type Json, obj } from '../../effective/reader.ts';
import { code } from '../../text/plain.ts';
import type { OperationRule } from '../rule.ts';

/** What a caller's request depends on, in comparable form. */
function wire(scheme: Json): Record<string, string> {
  const lower = (v: unknown) => String(v ?? '').toLowerCase();
  return {
    type: String(scheme.type ?? ''),
    scheme: lower(scheme.scheme),
    in: String(scheme.in ?? ''),
    name: scheme.in === 'header' ? lower(scheme.name) : String(scheme.name ?? ''),
    openIdConnectUrl: String(scheme.openIdConnectUrl ?? ''),
  };
}

const used = (op: EffectiveOperation) => new Set(op.security.alternatives.flatMap((r) => [...r.keys()]));

/** The scheme named `name` on one side, followed through its `$ref`. */
export function schemeOf(sides: Sides, side: 'base' | 'head', name: string) {
  const at = child('#/components/securitySchemes', name);
  return sides[side].resolve(obj(obj(sides[side].doc.components).securitySchemes)[name], at);
}

export const securitySchemes: OperationRule = {
  level: 'operation',
  name: 'security-schemes',
  produces: ['security-scheme-changed'],
  covers: [
    "a security scheme's type, HTTP scheme, API key place or name, or OpenID Connect URL changed: breaking for every operation using it",
  ],
  oasdiff: ['api-security-component-type-changed'],
  compare(before, after, sides) {
    if (!before || !after) return [];
    const names = [...used(before)].filter((name) => used(after).has(name));
    return names.flatMap((name): Fact[] => {
      const [a, b] = [schemeOf(sides, 'base', name), schemeOf(sides, 'head', name)];
      if (!a || !b) return [];
      const [x, y] = [wire(a.node), wire(b.node)];
      const changed = Object.keys(x).filter((k) => x[k] !== y[k]);
      if (!changed.length) return [];
      return [
        {
          rule: 'security-scheme-changed',
          message: `Security scheme ${code(name)} changed (${changed.map((k) => `${k} ${code(x[k] || 'none')} → ${code(y[k] || 'none')}`).join(', ')}): callers authenticate another way.`,
          at: { side: 'head', pointer: child(b.at, changed[0] as string) },
          impact: 'major',
          oasdiff: 'api-security-component-type-changed',
          direction: 'security',
        },
      ];
    });
  },
};
