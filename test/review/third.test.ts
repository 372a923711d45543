// The third set of hard cases (issue 36): each case reviewed as a pull request would be, with the exact
// operations it must name and the level each gets. Classes: equivalent rewrites (no finding), effective
// (inherited) values, direction, multipart encodings, webhooks and callbacks, the gate's own truths.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Review, reviewSpecs } from '../../tools/review/run.ts';
import { fixtureDir, writeMutations } from './helpers.ts';
import { thirdCases } from './third/cases.ts';
import { setup } from './third/setup.ts';

let tmp: Awaited<ReturnType<typeof fixtureDir>>;
let baseFile: string;
const reviews = new Map<string, Review>();

beforeAll(async () => {
  tmp = await fixtureDir();
  baseFile = await writeMutations(tmp.dir, 'third-base', setup);
  for (const c of thirdCases) {
    const headFile = await writeMutations(tmp.dir, c.name, setup, c.change);
    reviews.set(c.name, await reviewSpecs({ baseFile, headFile, baseLabel: 'base', headLabel: c.name }));
  }
}, 120_000);
afterAll(() => tmp?.dispose());

/** Operation → the highest level of its findings. */
function levels(review: Review): Record<string, string> {
  const order = ['breaking', 'non-breaking', 'info'];
  const out: Record<string, string> = {};
  for (const f of review.findings) {
    const known = out[f.operation];
    if (!known || order.indexOf(f.level) < order.indexOf(known)) out[f.operation] = f.level;
  }
  return out;
}

it('has at least 43 cases, covering every class of the issue', () => {
  expect(thirdCases.length).toBeGreaterThanOrEqual(43);
  expect(new Set(thirdCases.map((c) => c.class))).toEqual(
    new Set(['equivalent', 'effective', 'direction', 'encoding', 'webhook', 'gate']),
  );
});

describe.each(thirdCases.map((c) => [c.name, c] as const))('%s', (name, c) => {
  it('names exactly the expected operations, each at the expected level', () => {
    const review = reviews.get(name) as Review;
    expect(levels(review)).toEqual(c.expected);
    if (Object.keys(c.expected).length === 0) expect(review.version.required).toBe('none');
    const breaking = Object.entries(c.expected).filter(([, level]) => level === 'breaking');
    expect(review.gate.breakingOperations).toEqual(breaking.map(([op]) => op).sort());
  });

  if (c.rule)
    it(`reports it as ${c.rule}`, () => {
      const review = reviews.get(name) as Review;
      for (const op of Object.keys(c.expected))
        expect(review.findings.filter((f) => f.operation === op).map((f) => f.rule)).toContain(c.rule);
    });

  if (c.count !== undefined)
    it(`reports ${c.count} finding(s) in all: one per change`, () => {
      expect((reviews.get(name) as Review).findings).toHaveLength(c.count as number);
    });
});
