// Suite (run from review.test.ts): a major bump or a new x-breaking-changes-acknowledged entry lets a break through.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { gate } from '../../tools/review/ack.ts';
import type { Finding } from '../../tools/review/finding.ts';
import { renderReport } from '../../tools/review/report.ts';
import { checkVersion } from '../../tools/review/semver.ts';
import { baseFixture, fixtureDir, reviewMutation } from './helpers.ts';

const LOGS = 'GET /hb/webhook/logs';
const TED = 'POST /hb/transfers/ted';
const ack = (operation: string, reason = 'Webhook logs move to the events API.') => ({ operation, reason });
const breaking = (operation: string): Finding => ({
  id: `path-removed:${operation}:#`,
  rule: 'path-removed',
  level: 'breaking',
  impact: 'major',
  operation,
  directions: [],
  fields: [],
  message: 'removed',
  location: { side: 'base', file: 'base.yaml', line: 1, pointer: '#/paths', headLine: 1 },
});
const byId = (finding: Finding, reason = 'Nobody calls it.') => ({ id: finding.id, reason });

let tmp: Awaited<ReturnType<typeof fixtureDir>>;
// biome-ignore lint/suspicious/noExplicitAny: free-form spec edits
let base: Record<string, any>;
/** The fixture with info.x-breaking-changes-acknowledged set to `list`. */
const withAcks = (list: unknown[] | undefined) => ({
  ...base,
  info: { ...base.info, 'x-breaking-changes-acknowledged': list },
});

beforeAll(async () => {
  tmp = await fixtureDir();
  base = parse(await readFile(baseFixture, 'utf8'));
});
afterAll(() => tmp?.dispose());

describe('acknowledging a breaking change', () => {
  const unbumped = checkVersion('1.0.0', '1.0.0', 'major');

  it('passes an acknowledged removal end to end; the acknowledgement itself is no API change', async () => {
    const review = await reviewMutation(tmp.dir, 'acked', (d) => {
      delete d.paths['/hb/webhook/logs'];
      d.info['x-breaking-changes-acknowledged'] = [ack(LOGS)];
    });
    expect(review.gate).toMatchObject({ passed: true, acknowledgedBy: 'x-breaking-changes-acknowledged' });
    expect(review.findings.map((f) => f.rule)).toEqual(['path-removed']);
    expect(renderReport(review)).toContain(
      '⚠️ **Breaking changes, acknowledged by x-breaking-changes-acknowledged.**',
    );
  });

  it('passes with a major version bump', async () => {
    const result = await gate(
      [breaking(LOGS)],
      base,
      base,
      checkVersion('1.0.0', '2.0.0', 'major'),
      baseFixture,
    );
    expect(result).toMatchObject({ passed: true, acknowledgedBy: 'major version bump', unacknowledged: [] });
  });

  it('fails when an operation is left out, names it, and flags an acknowledgement with nothing to acknowledge', async () => {
    const head = withAcks([ack(LOGS), ack('POST /hb/cards/create')]);
    const result = await gate([breaking(LOGS), breaking(TED)], base, head, unbumped, baseFixture);
    expect(result).toMatchObject({ passed: false, unacknowledged: [breaking(TED).id] });
    expect(result.unused.map((u) => u.operation)).toEqual(['POST /hb/cards/create']);
  });

  it('acknowledges findings by their stable id, each one on its own', async () => {
    const [logs, ted] = [breaking(LOGS), breaking(TED)];
    const one = await gate([logs, ted], base, withAcks([byId(logs)]), unbumped, baseFixture);
    expect(one).toMatchObject({ passed: false, unacknowledged: [ted.id] });
    const both = await gate([logs, ted], base, withAcks([byId(logs), byId(ted)]), unbumped, baseFixture);
    expect(both).toMatchObject({
      passed: true,
      acknowledgedBy: 'x-breaking-changes-acknowledged',
      unused: [],
    });
    const stale = await gate([logs], base, withAcks([byId(logs), byId(ted)]), unbumped, baseFixture);
    expect(stale.unused).toEqual([byId(ted)]);
  });

  it('ignores acknowledgements already in the base: each change acknowledges its own breaks', async () => {
    const result = await gate(
      [breaking(LOGS)],
      withAcks([ack(LOGS)]),
      withAcks([ack(LOGS)]),
      unbumped,
      baseFixture,
    );
    expect(result).toMatchObject({ passed: false, unacknowledged: [breaking(LOGS).id] });
  });

  it('rejects a malformed acknowledgement with file and line', async () => {
    const head = withAcks([ack(LOGS), { operation: LOGS }]);
    const file = path.join(tmp.dir, 'bad-ack.yaml');
    await writeFile(file, stringify(head));
    const result = await gate([breaking(LOGS)], base, head, unbumped, file);
    expect(result.passed).toBe(false);
    const line = stringify(head).split('\n').indexOf('    - operation: GET /hb/webhook/logs', 10) + 1;
    expect(result.errors).toEqual([
      `${file}:${line}: info.x-breaking-changes-acknowledged[1] must be { id: <finding id>, reason: <non-empty text> } (or { operation: "METHOD /path", reason })`,
    ]);
  });
});

describe('semver check of info.version', () => {
  it.each([
    ['1.0.0', '2.0.0', 'major', true, true],
    ['1.0.0', '1.1.0', 'major', false, false],
    ['1.0.0', '1.1.0', 'minor', true, false],
    ['1.0.0', '1.0.0', 'minor', false, false],
    ['1.0.0', '1.0.1', 'patch', true, false],
    ['1.0.0', '1.0.0', 'none', true, false],
    ['0.3.0', '0.4.0', 'major', true, true], // 0.x: a minor bump may break (semver item 4)
    ['1.2.0', '1.1.0', 'none', false, false],
    ['1.0', '1.0.1', 'patch', false, false],
  ] as const)(
    '%s → %s with a %s change: ok=%s, breaking allowed=%s',
    (from, to, required, ok, breakingAllowed) => {
      expect(checkVersion(from, to, required)).toMatchObject({ ok, breakingAllowed });
    },
  );

  it.each([
    ['1.4.2', 'major', '2.0.0'],
    ['1.4.2', 'minor', '1.5.0'],
    ['1.4.2', 'patch', '1.4.3'],
    ['1.4.2', 'none', '1.4.2'],
    ['0.3.1', 'major', '0.4.0'],
  ] as const)('names the next version: %s with a %s change needs %s', (from, required, next) => {
    expect(checkVersion(from, from, required).next).toBe(next);
  });

  it('says what went wrong', () => {
    expect(checkVersion('1.2.0', '1.1.0', 'none').message).toBe('info.version went backwards: 1.2.0 → 1.1.0');
    expect(checkVersion('1.0.0', '1.0.0', 'minor').message).toContain('the changes need a minor bump: 1.1.0');
  });
});
