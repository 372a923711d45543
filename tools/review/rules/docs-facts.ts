// What an object's documentation changes come to, for the rules of objects that carry it (an operation, a
// parameter; a response, a header or a request body: their description): the documentation keys changed
// (info), and a deprecation flipped (info, with oasdiff's id).
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

/** One `documentation-changed` fact (info) naming the `keys` of the object that changed, or none. */
export function documentationFact(
  before: Located,
  after: Located,
  keys: readonly string[],
  what?: string,
): Fact[] {
  const changed = keys.filter((k) => differs(before.node[k], after.node[k]));
  if (!changed.length) return [];
  return [
    {
      rule: 'documentation-changed',
      message: `Changed ${changed.map((k) => code(k)).join(', ')}${what ? ` of ${what}` : ''}.`,
      at: { side: 'head', pointer: `${after.at}/${changed[0]}` },
      impact: 'patch',
    },
  ];
}

export function docsFacts(before: Located, after: Located, options: DocsOptions): Fact[] {
  const facts = documentationFact(before, after, options.keys, options.what);
  const of = options.what ? ` of ${options.what}` : '';
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
