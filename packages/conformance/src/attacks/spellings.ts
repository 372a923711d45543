// Spellings of a path that a careless reading of the request target would route differently: escaped
// letters, dot segments, repeated slashes, absolute-form. Tried with a token lacking the operation's
// scope, none may be served.
import { bearerScopes, type Operation } from '@banking-api/contract';
import fc from 'fast-check';

/** Operations that ask for a Bearer scope. */
export const scopedOperations = (ops: readonly Operation[]): Operation[] =>
  ops.filter((o) => bearerScopes(o).some((set) => set.length > 0));

/** Spellings of `path`: escapes of its letters, dot segments, repeated slashes, absolute-form. */
export function spellingOf(path: string): fc.Arbitrary<string> {
  const segments = path.split('/').slice(1);
  const letters = path.length;
  return fc
    .record({
      escaped: fc.array(fc.boolean(), { minLength: letters, maxLength: letters }),
      upper: fc.boolean(),
      before: fc.array(fc.constantFrom('', '', '/.', '/zz/..', '/', '/./a/b/../..'), {
        minLength: segments.length,
        maxLength: segments.length,
      }),
      origin: fc.constantFrom('', '', 'http://x', 'HTTPS://example.com:8443'),
    })
    .map(({ escaped, upper, before, origin }) => {
      let n = 0;
      const spelled = segments.map((segment, i) => {
        const plain = !segment.includes('%');
        const chars = [...segment].map((c) => {
          const hex = c.charCodeAt(0).toString(16);
          return plain && escaped[n++] && /[A-Za-z0-9]/.test(c) ? `%${upper ? hex.toUpperCase() : hex}` : c;
        });
        return `${before[i]}/${chars.join('')}`;
      });
      return `${origin}${spelled.join('')}`;
    });
}
