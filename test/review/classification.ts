// Suite (run from review.test.ts): the change cases on fixture pairs; the report names the operation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isBreaking } from '../../tools/review/finding.ts';
import { renderGithub } from '../../tools/review/formats/github.ts';
import { renderJunit } from '../../tools/review/formats/junit.ts';
import { renderReport } from '../../tools/review/report.ts';
import type { Review } from '../../tools/review/run.ts';
import { cases } from './cases.ts';
import { fixtureDir, reviewMutation, twoAtATime } from './helpers.ts';

const reviews = new Map<string, Review>();
let dispose: () => Promise<void>;

beforeAll(async () => {
  const tmp = await fixtureDir();
  dispose = tmp.dispose;
  await twoAtATime(cases, async (c) => {
    reviews.set(c.name, await reviewMutation(tmp.dir, c.name, c.mutate, { lint: true, types: true }));
  });
});
afterAll(() => dispose?.());

/** The report's section for one impact: from its heading to the next heading of the same level. */
const section = (report: string, title: string) =>
  report.split('\n### ').find((s) => s.startsWith(title)) ?? '';

describe.each(cases)('$name', (c) => {
  it(`is ${c.breaking ? 'breaking' : 'non-breaking'} for ${c.operation}`, () => {
    const review = reviews.get(c.name) as Review;
    const breakingOps = review.findings.filter(isBreaking).map((f) => f.operation);
    if (c.breaking) {
      expect(breakingOps).toContain(c.operation);
      expect(review.gate.passed).toBe(false);
      const unacknowledged = review.findings.filter((f) => review.gate.unacknowledged.includes(f.id));
      expect(unacknowledged.map((f) => f.operation)).toContain(c.operation);
    } else {
      expect(breakingOps).toEqual([]);
      expect(review.findings.map((f) => f.operation)).toContain(c.operation);
      expect(review.gate.unacknowledged).toEqual([]);
      // Lint ran: the gate passes unless the change adds a lint error (the new operation does: below).
      expect(review.gate.passed).toBe(review.gate.lintErrors.length === 0);
    }
  });

  it('names only the operation it changed', () => {
    const review = reviews.get(c.name) as Review;
    expect(new Set(review.findings.map((f) => f.operation))).toEqual(new Set([c.operation]));
  });

  it('names the operation in the right section of the report', () => {
    const report = renderReport(reviews.get(c.name) as Review);
    const title = c.breaking ? 'Breaking changes' : 'Non-breaking changes';
    expect(section(report, title)).toContain(`**\`${c.operation}\`**`);
    if (!c.breaking) expect(report).not.toContain('### Breaking changes');
  });
});

describe('details beyond the verdict', () => {
  it('reports the rule behind each breaking case, one finding per change', () => {
    const rules = (name: string) =>
      (reviews.get(name) as Review).findings.filter(isBreaking).map((f) => f.rule);
    expect(rules('removed operation')).toContain('path-removed');
    expect(rules('removed response field')).toContain('property-removed');
    // A new required field is one change: added, and required (not also `required-properties-added`).
    expect(rules('new required request field')).toEqual(['property-added']);
    expect(rules('narrowed enum')).toContain('enum-values-removed');
    expect(rules('changed field type')).toContain('schema-type-changed');
    expect(rules('renamed path parameter')).toEqual(['path-parameter-renamed']);
  });

  it('reports a renamed operation under its new key only (one key to acknowledge)', () => {
    const ops = (reviews.get('renamed path parameter') as Review).findings.map((f) => f.operation);
    expect(new Set(ops)).toEqual(new Set(['PUT /ar/pix/pix/{endToEndId}/refund/{refundId}']));
  });

  it('attributes a change in a shared component to the operation using it', () => {
    const review = reviews.get('new optional request field') as Review;
    expect(review.operationIds['POST /hb/transfers/ted']).toBe('sendTed');
    expect(review.findings.length).toBeGreaterThan(0);
    expect(review.findings.every((f) => f.operation === 'POST /hb/transfers/ted')).toBe(true);
  });

  it('shows what the generated types lose, gain or change', () => {
    const members = (name: string, kind: 'added' | 'removed') =>
      (reviews.get(name) as Review).types?.[kind].map((m) => `${m.name}${m.optional ? '?' : ''}`);
    expect(members('removed response field', 'removed')).toEqual(['components.schemas.TedResponse.status?']);
    expect(members('new required request field', 'added')).toEqual([
      'components.schemas.TedRequest.branchCode',
    ]);
    expect(members('new optional request field', 'added')).toEqual([
      'components.schemas.TedRequest.accountDigit?',
    ]);
    expect(members('renamed path parameter', 'removed')).toContain(
      'paths["/ar/pix/pix/{endToEndId}/refund/{id}"]',
    );
    const changed = (reviews.get('changed field type') as Review).types?.changed ?? [];
    expect(changed.map((m) => [m.before.type, m.after.type])).toContainEqual(['number', 'string']);
  });

  it('asks for the semver bump the changes need', () => {
    expect((reviews.get('removed operation') as Review).version).toMatchObject({
      required: 'major',
      ok: false,
    });
    expect((reviews.get('new operation') as Review).version).toMatchObject({ required: 'minor', ok: false });
    expect((reviews.get('description-only change') as Review).version).toMatchObject({ required: 'patch' });
  });

  it('fails the gate on lint errors the change adds, naming each, in every format', () => {
    // The new operation has no description, no tags and no 4XX response: errors under the house's lint.
    const review = reviews.get('new operation') as Review;
    const rules = review.gate.lintErrors.map((p) => `${p.tool}/${p.rule}`);
    expect(rules).toEqual(
      expect.arrayContaining(['redocly/operation-description', 'redocly/operation-4xx-response']),
    );
    expect(
      review.gate.lintErrors.every((p) => p.severity === 'error' && p.jsonPath.includes('/hb/webhook/retry')),
    ).toBe(true);
    expect(review.gate.passed).toBe(false);
    expect(renderReport(review)).toContain(`**${review.gate.lintErrors.length} lint error(s) introduced**`);
    const junit = renderJunit(review);
    expect(junit.match(/type="lint-error-introduced"/g)).toHaveLength(review.gate.lintErrors.length);
    expect(junit).toContain(`failures="${review.gate.lintErrors.length}"`);
    const errors = renderGithub(review, 'openapi.yaml')
      .split('\n')
      .filter((l) => l.startsWith('::error '));
    expect(errors).toHaveLength(review.gate.lintErrors.length);
    expect(errors.every((l) => l.includes('title=Lint error introduced%3A '))).toBe(true);
    // A change that adds no lint error passes (the description-only case fixes two).
    expect((reviews.get('description-only change') as Review).gate).toMatchObject({
      passed: true,
      lintErrors: [],
    });
  });

  it('reports lint problems fixed and introduced, matched by location rather than line', () => {
    // The fixture's createCard lacks a description: adding one fixes both linters' finding.
    const docs = reviews.get('description-only change') as Review;
    if (!docs.lint) throw new Error('lint was asked for');
    expect(docs.lint.introduced).toEqual([]);
    expect(docs.lint.fixed.map((p) => `${p.tool}/${p.rule}`).sort()).toEqual([
      'redocly/operation-description',
      'spectral/operation-description',
    ]);
    // Removing an operation shifts every later line but introduces no problem of its own...
    const removed = reviews.get('removed operation') as Review;
    if (!removed.lint) throw new Error('lint was asked for');
    expect(removed.lint.introduced).toEqual([]);
    // ...and its own problems go with it.
    expect(removed.lint.fixed.length).toBeGreaterThan(0);
    expect(removed.lint.fixed.every((p) => p.jsonPath.includes('/hb/webhook/logs'))).toBe(true);
  });
});
