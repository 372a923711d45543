// The audits' probes (test/hostile-probes.ts) lose none: every file a round lists exists, every round has probes
// of its own, and the `hostile` project of vitest.config.ts runs exactly the listed and the `*hostile*` files.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../scripts/paths.ts';
import config from '../vitest.config.ts';
import { HOSTILE_FILES, HOSTILE_NAMED, ROUNDS } from './hostile-probes.ts';

describe('the hostile suite', () => {
  it('has the probes of all three rounds, each file present', () => {
    expect(ROUNDS.map((r) => r.round)).toEqual([1, 2, 3]);
    for (const round of ROUNDS) expect(round.files.length, `round ${round.round}`).toBeGreaterThan(0);
    expect(HOSTILE_FILES.filter((file) => !existsSync(path.join(root, file)))).toEqual([]);
  });

  it('is the `hostile` project, and no probe runs twice', () => {
    const projects = (config.test?.projects ?? []) as {
      test: { name: string; include: string[]; exclude?: string[] };
    }[];
    const hostile = projects.find((p) => p.test.name === 'hostile');
    expect(hostile?.test.include).toEqual([HOSTILE_NAMED, ...HOSTILE_FILES]);
    for (const other of projects.filter((p) => p !== hostile))
      expect(other.test.exclude).toEqual(expect.arrayContaining([HOSTILE_NAMED, ...HOSTILE_FILES]));
  });
});
