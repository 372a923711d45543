// The servers an operation is called on, as they apply (its own, its path item's, else the document's): a
// URL gone breaks its callers (named under exactly the operations it served; one replaced is one finding
// naming its successor), a variable's default moved or one of its values removed breaks them too; a server
// or value added is an addition.
import type { Fact } from '../../compare/facts.ts';
import type { EffectiveServer } from '../../effective/server-list.ts';
import { code } from '../../text/plain.ts';
import type { OperationRule } from '../rule.ts';

/** `{base_url}` (default `https://…`), or the URL alone when it has no variable. */
const shownServer = (s: EffectiveServer) =>
  s.url === s.address ? code(s.url) : `${code(s.url)} (by default ${code(s.address)})`;

function variableFacts(a: EffectiveServer, b: EffectiveServer, at: string): Fact[] {
  const facts: Fact[] = [];
  for (const [name, x] of a.variables) {
    const y = b.variables.get(name);
    if (!y) continue;
    const removed = (x.enum ?? []).filter((v) => y.enum && !y.enum.includes(v));
    if (x.default !== y.default || removed.length)
      facts.push({
        rule: 'server-variable-changed',
        message: `Server ${code(a.url)}: variable ${code(name)} ${x.default !== y.default ? `default changed from ${code(x.default)} to ${code(y.default)}` : `lost ${removed.map((v) => code(v)).join(', ')}`}.`,
        at: { side: 'head', pointer: at },
        impact: 'major',
        direction: 'server',
      });
  }
  return facts;
}

/** Servers paired by the address a client calls (two of one address by their label first); the rest go or come. */
function pairServers(a: EffectiveServer[], b: EffectiveServer[]) {
  const left = [...b];
  const pairs: [EffectiveServer, EffectiveServer][] = [];
  const gone: EffectiveServer[] = [];
  const take = (test: (y: EffectiveServer) => boolean) => {
    const i = left.findIndex(test);
    return i === -1 ? undefined : left.splice(i, 1)[0];
  };
  const unmatched = a.filter((x) => {
    const y = take((s) => s.address === x.address && s.label === x.label);
    if (y) pairs.push([x, y]);
    return !y;
  });
  for (const x of unmatched) {
    const y = take((s) => s.address === x.address);
    if (y) pairs.push([x, y]);
    else gone.push(x);
  }
  return { pairs, gone, added: left };
}

export const servers: OperationRule = {
  level: 'operation',
  name: 'servers',
  produces: ['server-removed', 'server-added', 'server-variable-changed'],
  covers: [
    "a server removed or replaced where an operation is served (its own servers, its path item's or the document's): breaking for exactly those operations",
    "a server variable's default changed or an allowed value removed: breaking; a server added: non-breaking",
  ],
  oasdiff: [],
  compare(before, after) {
    if (!before || !after) return [];
    const [a, b] = [before.servers.list, after.servers.list];
    const { pairs, gone, added } = pairServers(a, b);
    const at = after.servers.at;
    const facts: Fact[] = pairs.flatMap(([x, y]) => variableFacts(x, y, at));
    if (gone.length)
      facts.push({
        rule: 'server-removed',
        message: `Server ${gone.map(shownServer).join(', ')} removed${added.length ? `; now ${added.map(shownServer).join(', ')}` : ''}.`,
        at: { side: added.length ? 'head' : 'base', pointer: added.length ? at : before.servers.at },
        impact: 'major',
        direction: 'server',
      });
    else if (added.length)
      facts.push({
        rule: 'server-added',
        message: `Server ${added.map(shownServer).join(', ')} added.`,
        at: { side: 'head', pointer: at },
        impact: 'minor',
        direction: 'server',
      });
    return facts;
  },
};
