// Did info.version move as semver requires for the changes found?
import type { Impact } from './compare/facts.ts';

export type Bump = Impact | 'none';
export type VersionCheck = {
  base: string;
  head: string;
  required: Bump;
  /** The version the changes need at least: base bumped by `required` (0.x: a breaking change bumps the minor). */
  next: string;
  /** How the version moved; "invalid" when either side is not MAJOR.MINOR.PATCH. */
  actual: Bump | 'downgrade' | 'invalid';
  /** A bump that allows breaking changes: major, or minor while still 0.x (semver: anything may change in 0.y). */
  breakingAllowed: boolean;
  ok: boolean;
  message: string;
};

const rank: Record<Bump, number> = { none: 0, patch: 1, minor: 2, major: 3 };
const parse = (v: string) =>
  /^(\d+)\.(\d+)\.(\d+)(?:-[\w.-]+)?(?:\+[\w.-]+)?$/.exec(v)?.slice(1, 4).map(Number);

/** `base` bumped as `required` asks; semver item 4: while 0.x, anything may change in a minor bump. */
export function nextVersion(base: string, required: Bump): string {
  const parts = parse(base);
  if (!parts) return base;
  const [major = 0, minor = 0, patch = 0] = parts;
  if (required === 'major' && major > 0) return `${major + 1}.0.0`;
  if (required === 'major' || required === 'minor') return `${major}.${minor + 1}.0`;
  if (required === 'patch') return `${major}.${minor}.${patch + 1}`;
  return base;
}

export function checkVersion(base: string, head: string, required: Bump): VersionCheck {
  const a = parse(base);
  const b = parse(head);
  const result = (
    actual: VersionCheck['actual'],
    breakingAllowed: boolean,
    ok: boolean,
    message: string,
  ) => ({
    base,
    head,
    required,
    next: nextVersion(base, required),
    actual,
    breakingAllowed,
    ok,
    message,
  });
  if (!a || !b) {
    return result(
      'invalid',
      false,
      false,
      `info.version must be MAJOR.MINOR.PATCH (base "${base}", head "${head}")`,
    );
  }
  const [m1 = 0, n1 = 0, p1 = 0] = a;
  const [m2 = 0, n2 = 0, p2 = 0] = b;
  const order = m2 - m1 || n2 - n1 || p2 - p1;
  if (order < 0) return result('downgrade', false, false, `info.version went backwards: ${base} → ${head}`);
  const actual: Bump = m2 > m1 ? 'major' : n2 > n1 ? 'minor' : p2 > p1 ? 'patch' : 'none';
  const breakingAllowed = actual === 'major' || (m1 === 0 && actual === 'minor');
  const effective: Bump = breakingAllowed ? 'major' : actual;
  const ok = rank[effective] >= rank[required];
  const needed = required === 'major' && m1 === 0 ? 'minor (0.x) or major' : required;
  const next = nextVersion(base, required);
  const message = ok
    ? actual === 'none'
      ? `info.version ${base} unchanged; none needed`
      : `info.version ${base} → ${head} (${actual} bump; ${required === 'none' ? 'no bump' : `${required}`} needed)`
    : `${actual === 'none' ? `info.version ${base} unchanged` : `info.version ${base} → ${head} is a ${actual} bump`}; the changes need a ${needed} bump: ${next}`;
  return result(actual, breakingAllowed, ok, message);
}
