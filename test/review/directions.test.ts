// Direction and equivalence (issue 26): each case reviewed on the real engine, with the exact operations
// it must name and the level each gets. A shared component is rated per operation by how it uses it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Review, reviewSpecs } from '../../tools/review/run.ts';
import { directionCases, setup } from './direction-cases.ts';
import { fixtureDir, twoAtATime, writeMutations } from './helpers.ts';

let tmp: Awaited<ReturnType<typeof fixtureDir>>;
let baseFile: string;
const reviews = new Map<string, Review>();

beforeAll(async () => {
  tmp = await fixtureDir();
  baseFile = await writeMutations(tmp.dir, 'base', setup);
  await twoAtATime(directionCases, async (c) => {
    const headFile = await writeMutations(tmp.dir, c.name, setup, c.change);
    reviews.set(c.name, await reviewSpecs({ baseFile, headFile, baseLabel: 'base', headLabel: c.name }));
  });
}, 240_000);
afterAll(() => tmp?.dispose());

/** Operation → level of the case's rule's findings (the highest when an operation has several). */
function levels(review: Review, rule: string | undefined): Record<string, string> {
  const order = ['breaking', 'non-breaking', 'info'];
  const out: Record<string, string> = {};
  for (const f of review.findings.filter((f) => !rule || f.rule === rule)) {
    const known = out[f.operation];
    if (!known || order.indexOf(f.level) < order.indexOf(known)) out[f.operation] = f.level;
  }
  return out;
}

describe.each(directionCases.map((c) => [c.name, c] as const))('%s', (name, c) => {
  it('names exactly the expected operations, each at the expected level', () => {
    const review = reviews.get(name) as Review;
    if (Object.keys(c.expected).length === 0) {
      expect(review.findings).toEqual([]);
      expect(review.version.required).toBe('none');
      return;
    }
    expect(levels(review, c.rule)).toEqual(c.expected);
    const breaking = Object.entries(c.expected).filter(([, level]) => level === 'breaking');
    expect(review.gate.breakingOperations).toEqual(breaking.map(([op]) => op).sort());
  });
});

describe('a finding of a shared component', () => {
  it('says how each operation uses it, and the oasdiff check it corresponds to', () => {
    const review = reviews.get(directionCases[0]?.name ?? '') as Review;
    const ted = review.findings.find((f) => f.operation === 'POST /hb/transfers/ted');
    const cards = review.findings.find((f) => f.operation === 'POST /hb/cards/create');
    expect(ted).toMatchObject({ directions: ['request'], oasdiff: 'request-property-enum-value-removed' });
    expect(cards?.directions).toEqual(['response']);
    expect(cards?.message).toMatch(/Not breaking here: this operation uses it only in its response/);
  });
});
