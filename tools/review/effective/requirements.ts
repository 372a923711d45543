// An operation's security as it applies: its own `security`, else the document's (OpenAPI §4.8.10), each
// alternative a set of schemes with their scopes. Order means nothing (alternatives, schemes, scopes), and
// the same alternative written twice is one.
import { isObject, list } from './reader.ts';

/** One alternative: scheme name → the scopes it needs. */
export type Requirement = ReadonlyMap<string, ReadonlySet<string>>;

export function requirementsOf(raw: unknown): Requirement[] {
  const seen = new Set<string>();
  const out: Requirement[] = [];
  for (const alternative of list(raw)) {
    if (!isObject(alternative)) continue;
    const requirement = new Map(
      Object.entries(alternative).map(
        ([scheme, scopes]) => [scheme, new Set(list(scopes).map(String))] as const,
      ),
    );
    const id = requirementText(requirement);
    if (!seen.has(id)) {
      seen.add(id);
      out.push(requirement);
    }
  }
  return out;
}

/** `bearerAuth, oauth [cards.write]`, or `anonymous` for the empty alternative. */
export function requirementText(requirement: Requirement): string {
  if (requirement.size === 0) return 'anonymous';
  return [...requirement]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([scheme, scopes]) => (scopes.size ? `${scheme} [${[...scopes].sort().join(', ')}]` : scheme))
    .join(' + ');
}

/** Whether a caller holding what `held` asks for satisfies `needed` (a subset of its schemes and scopes). */
export function satisfies(held: Requirement, needed: Requirement): boolean {
  for (const [scheme, scopes] of needed) {
    const have = held.get(scheme);
    if (!have) return false;
    for (const scope of scopes) if (!have.has(scope)) return false;
  }
  return true;
}
