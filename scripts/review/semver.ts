// Did info.version move as semver requires for the changes found?
import type { Impact } from './diff-engine.ts';

export type Bump = Impact | 'none';
export type VersionCheck = {
  base: string;
  head: string;
  required: Bump;
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
  const message = ok
    ? actual === 'none'
      ? `info.version ${base} unchanged; none needed`
      : `info.version ${base} → ${head} (${actual} bump; ${required === 'none' ? 'no bump' : `${required}`} needed)`
    : `info.version ${base} → ${head} is a ${actual === 'none' ? 'no' : actual} bump; the changes need a ${needed} bump`;
  return result(actual, breakingAllowed, ok, message);
}
