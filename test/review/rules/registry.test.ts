// The registry of review rules: each engine rule claimed once, the own sections left to them.
import { describe, expect, it } from 'vitest';
import type { LoadedContract } from '../../../model/load.ts';
import { ownSection, rules, runRules } from '../../../tools/review/rules/index.ts';
import { contextOf } from './context.ts';
import { verdictChange as change } from './engine-suite.ts';

const context = (changes: Parameters<typeof contextOf>[0]) => contextOf(changes, {} as LoadedContract);

describe('the registered list', () => {
  it('claims each engine rule once', () => {
    const claimed = rules.flatMap((rule) => rule.engineRules ?? []);
    expect(new Set(claimed).size).toBe(claimed.length);
  });

  it("leaves the review's own sections (gaps, acknowledgements, info.version) to them", () => {
    const gap = change(['schema-type-changed'], { path: '#/paths/~1a/get/x-unspecified/0' });
    const version = change([], { path: '#/info', property: 'version' });
    expect([gap, version].every(ownSection)).toBe(true);
    expect(runRules(context([gap, version]))).toEqual([]);
  });
});
