// Each registered review rule on its own: what it reports for an engine change (or a rename), and what not.
import { beforeAll, describe, expect, it } from 'vitest';
import { type LoadedContract, loadContract } from '../../model/load.ts';
import type { EngineChange, Impact } from '../../tools/review/diff-engine.ts';
import { ownSection, rules, runRules } from '../../tools/review/rules/index.ts';
import { operations } from '../../tools/review/rules/operations.ts';
import { otherVerdicts } from '../../tools/review/rules/other-verdicts.ts';
import { parameters } from '../../tools/review/rules/parameters.ts';
import { pathParameterRenamed } from '../../tools/review/rules/path-parameter-renamed.ts';
import { requestBodies } from '../../tools/review/rules/request-bodies.ts';
import { responses } from '../../tools/review/rules/responses.ts';
import type { Rule, RuleContext } from '../../tools/review/rules/rule.ts';
import { schemas } from '../../tools/review/rules/schemas.ts';
import { security } from '../../tools/review/rules/security.ts';
import { servers } from '../../tools/review/rules/servers.ts';
import { unrated } from '../../tools/review/rules/unrated.ts';
import { baseFixture } from './helpers.ts';

const FILES = { base: '/repo-at-base/openapi.yaml', head: '/repo/openapi.yaml' };
let contract: LoadedContract;
beforeAll(async () => {
  contract = await loadContract(baseFixture);
});

const context = (changes: EngineChange[], renames = new Map<string, string>()): RuleContext => ({
  changes,
  sides: { base: contract, head: contract, renames },
  files: FILES,
});

/** An engine change at `path` (under TED's request body) with one verdict per rule id. */
const change = (ruleIds: string[], over: Partial<EngineChange> = {}): EngineChange => ({
  path: '#/paths/~1hb~1transfers~1ted/post/requestBody',
  kind: 'modified',
  impact: ruleIds.length ? 'major' : 'patch',
  verdicts: ruleIds.map((ruleId) => ({ ruleId, impact: 'major' as Impact, message: `${ruleId} message` })),
  base: { file: FILES.base, pointer: '#/components/schemas/TedRequest/properties/amount/type' },
  revision: { file: FILES.head, pointer: '#/components/schemas/TedRequest/properties/amount/type' },
  ...over,
});

const engineBacked: Rule[] = [operations, parameters, requestBodies, schemas, responses, security, servers];

describe.each(engineBacked.map((rule) => [rule.name, rule] as const))('rule %s', (_name, rule) => {
  it('reports each verdict of its engine rules, as the engine rates and words it', () => {
    const ids = rule.engineRules ?? [];
    expect(ids.length).toBeGreaterThan(0);
    const drafts = rule.run(context([change(ids)]));
    expect(drafts.map((d) => d.rule)).toEqual(ids);
    expect(drafts.every((d) => d.impact === 'major' && d.source === 'redocly diff')).toBe(true);
    expect(drafts[0]).toMatchObject({ message: `${ids[0]} message`, at: { side: 'head', file: FILES.head } });
  });

  it("ignores other rules' verdicts and changes without one", () => {
    expect(rule.run(context([change(['someone-elses-rule']), change([])]))).toEqual([]);
  });
});

describe('rule other-verdicts', () => {
  it('reports only verdicts no other rule claims', () => {
    const rule = otherVerdicts(new Set(['schema-type-changed']));
    const drafts = rule.run(context([change(['schema-type-changed', 'future-rule'])]));
    expect(drafts.map((d) => d.rule)).toEqual(['future-rule']);
  });
});

describe('rule unrated', () => {
  it('words a change without a verdict, at the removed node in the base for a removal', () => {
    const removed = change([], {
      kind: 'removed',
      impact: 'major',
      path: '#/components/schemas/TedResponse/properties/status',
      base: { file: FILES.base, pointer: '#/components/schemas/TedResponse/properties/status' },
      revision: undefined,
    });
    const [draft] = unrated.run(context([removed, change(['schema-type-changed'])]));
    expect(draft).toMatchObject({
      rule: 'removed',
      message: 'Removed field `status` of component `TedResponse`',
      at: { side: 'base', file: FILES.base, pointer: '#/components/schemas/TedResponse/properties/status' },
    });
  });

  it('appends the changed property to the pointer', () => {
    const described = change([], { property: 'description', revision: { file: FILES.head, pointer: '#/x' } });
    expect(unrated.run(context([described]))[0]?.at.pointer).toBe('#/x/description');
  });
});

describe('rule path-parameter-renamed', () => {
  it('reports each renamed operation under its new key, breaking', () => {
    const renames = new Map([['PUT /r/{id}', 'PUT /r/{refundId}']]);
    expect(pathParameterRenamed.run(context([], renames))).toEqual([
      expect.objectContaining({
        rule: 'path-parameter-renamed',
        impact: 'major',
        operations: ['PUT /r/{refundId}'],
        at: { side: 'head', file: FILES.head, pointer: '#/paths/~1r~1{refundId}' },
      }),
    ]);
    expect(pathParameterRenamed.run(context([]))).toEqual([]);
  });
});

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
