// The mock's floor plan, held: rooms by kind, each importing only the rooms below it (type-only imports
// too), and the admin client's entry reaching nothing of Prism or the gateway (a test file in another
// process loads it alone).
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../../../scripts/paths.ts';
import { importGraph } from '../../../test/support/import-graph.ts';

const src = path.join(root, 'packages/mock/src');

/** The rooms from the bottom up; a room may import its own files and those of lower rooms only. */
const RANK: Record<string, number> = {
  pki: 0, // the dev PKI and tokens
  api: 1, // the vocabulary
  http: 2, // answers, the served request, envelope, limits, bodies
  deliveries: 2.5, // webhook deliveries: the registry, one attempt over mTLS, the queue and its schedule
  prism: 3, // Prism in this process
  session: 3, // the stores
  features: 4, // the stores on the request path
  admin: 5, // the admin route and client
  gateway: 6, // the HTTPS front
  bin: 7, // the commands' helpers
  '.': 8, // the entries: index.ts, mock.ts, cli.ts, token-cli.ts, image-context.ts
};

const roomOf = (file: string) => {
  const rel = path.relative(src, file);
  return rel.includes(path.sep) ? (rel.split(path.sep)[0] as string) : '.';
};

describe("the mock's rooms", () => {
  const graph = new Map([...importGraph(root)].filter(([file]) => file.startsWith(src + path.sep)));

  it('are the ones the floor plan names', () => {
    expect([...new Set([...graph.keys()].map(roomOf))].sort()).toEqual(Object.keys(RANK).sort());
  });

  it('import one way: each only from rooms below it', () => {
    const upward = [...graph].flatMap(([file, targets]) =>
      [...targets]
        .filter((t) => t.startsWith(src) && roomOf(t) !== roomOf(file))
        .filter((t) => (RANK[roomOf(t)] ?? 99) >= (RANK[roomOf(file)] ?? -1))
        .map((t) => `${path.relative(src, file)} → ${path.relative(src, t)}`),
    );
    expect(upward).toEqual([]);
  });

  it('the admin client (`@banking-api/mock/admin`) reaches nothing of Prism, the gateway or the stores of a mock', () => {
    const reached = new Set<string>();
    const visit = (file: string) => {
      if (reached.has(file)) return;
      reached.add(file);
      for (const target of graph.get(file) ?? []) visit(target);
    };
    visit(path.join(src, 'admin/client.ts'));
    const rooms = [...reached].map((f) => path.relative(src, f));
    expect(rooms.filter((f) => /^(prism|gateway|features)\//.test(f))).toEqual([]);
    expect(rooms.filter((f) => /^session\//.test(f)).sort()).toEqual([
      'session/expectations.ts',
      'session/journal-filter.ts',
      'session/match.ts',
    ]);
  });
});
