// What an object's documentation changes come to, for the rules of objects that carry it (an operation, a
// parameter): the documentation keys changed (info), and a deprecation flipped (info, with oasdiff's id).
import type { Fact } from '../compare/facts.ts';
import type { Located } from '../effective/reader.ts';
import { code } from '../text/plain.ts';

export type DocsOptions = {
  /** The keys that only document the object. */
  keys: readonly string[];
  /** `the operation`, for the message; none: the message's place names it. */
  what?: string;
  /** oasdiff's ids for deprecated and reactivated. */
  deprecation: [deprecated: string, reactivated: string];
};

const differs = (a: unknown, b: unknown) => JSON.stringify(a) !== JSON.stringify(b);

export function docsFacts(before: Located, after: Located, options: DocsOptions): Fact[] {
  const facts: Fact[] = [];
  const changed = options.keys.filter((k) => differs(before.node[k], after.node[k]));
  const of = options.what ? ` of ${options.what}` : '';
  if (changed.length)
    facts.push({
      rule: 'documentation-changed',
      message: `Changed ${changed.map((k) => code(k)).join(', ')}${of}.`,
      at: { side: 'head', pointer: `${after.at}/${changed[0]}` },
      impact: 'patch',
    });
  const [was, is] = [before.node.deprecated === true, after.node.deprecated === true];
  if (was !== is)
    facts.push({
      rule: 'deprecated-changed',
      message: is ? `Deprecated${of}.` : `No longer deprecated${of}.`,
      at: { side: 'head', pointer: `${after.at}/deprecated` },
      impact: 'patch',
      oasdiff: is ? options.deprecation[0] : options.deprecation[1],
    });
  return facts;
}
