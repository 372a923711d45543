// The breaking-change gate: a major bump or a new x-breaking-changes-acknowledged entry lets a break through.
import { readFile, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { renderReport } from '../../scripts/review/report.ts';
import { reviewSpecs } from '../../scripts/review/run.ts';
import { checkVersion } from '../../scripts/review/semver.ts';
import { baseFixture, fixtureDir, type Mutation, reviewMutation } from './helpers.ts';

const removeLogs: Mutation = (d) => delete d.paths['/hb/webhook/logs'];
const ack = (operation: string, reason = 'Webhook logs move to the events API.') => ({ operation, reason });

let tmp: Awaited<ReturnType<typeof fixtureDir>>;
beforeAll(async () => {
  tmp = await fixtureDir();
});
afterAll(() => tmp?.dispose());

// Concurrent: each review waits on its diff-engine child process most of the time.
describe.concurrent('acknowledging a breaking change', () => {
  it('passes with a major version bump', async () => {
    const review = await reviewMutation(tmp.dir, 'major', (d) => {
      removeLogs(d);
      d.info.version = '2.0.0';
    });
    expect(review.gate).toMatchObject({
      passed: true,
      acknowledgedBy: 'major version bump',
      unacknowledged: [],
    });
    expect(renderReport(review)).toContain('acknowledged by major version bump');
  });

  it('passes when the change adds an acknowledgement for every broken operation', async () => {
    const review = await reviewMutation(tmp.dir, 'acked', (d) => {
      removeLogs(d);
      d.info['x-breaking-changes-acknowledged'] = [ack('GET /hb/webhook/logs')];
    });
    expect(review.gate).toMatchObject({ passed: true, acknowledgedBy: 'x-breaking-changes-acknowledged' });
    // The acknowledgement itself is not an API change.
    expect(review.changes.map((c) => c.rule)).toEqual(['path-removed']);
  });

  it('fails when an operation is left out, and names it', async () => {
    const review = await reviewMutation(tmp.dir, 'partly-acked', (d) => {
      removeLogs(d);
      delete d.components.schemas.TedResponse.properties.status;
      d.info['x-breaking-changes-acknowledged'] = [ack('GET /hb/webhook/logs'), ack('POST /hb/cards/create')];
    });
    expect(review.gate).toMatchObject({ passed: false, unacknowledged: ['POST /hb/transfers/ted'] });
    expect(review.gate.unused.map((u) => u.operation)).toEqual(['POST /hb/cards/create']);
    const report = renderReport(review);
    expect(report).toContain('**Unacknowledged:** `POST /hb/transfers/ted`');
    expect(report).toContain('`POST /hb/cards/create` is acknowledged but has no breaking change');
  });

  it('ignores acknowledgements already in the base: each change acknowledges its own breaks', async () => {
    const { dir } = tmp;
    const base = parse(await readFile(baseFixture, 'utf8'));
    base.info['x-breaking-changes-acknowledged'] = [ack('GET /hb/webhook/logs')];
    await writeFile(`${dir}/old-ack-base.yaml`, stringify(base));
    removeLogs(base);
    await writeFile(`${dir}/old-ack-head.yaml`, stringify(base));
    const review = await reviewSpecs({
      baseFile: `${dir}/old-ack-base.yaml`,
      headFile: `${dir}/old-ack-head.yaml`,
      baseLabel: 'base',
      headLabel: 'head',
    });
    expect(review.gate).toMatchObject({ passed: false, unacknowledged: ['GET /hb/webhook/logs'] });
  });

  it('rejects a malformed acknowledgement with file and line', async () => {
    const review = await reviewMutation(tmp.dir, 'bad-ack', (d) => {
      removeLogs(d);
      d.info['x-breaking-changes-acknowledged'] = [{ operation: 'GET /hb/webhook/logs' }];
    });
    expect(review.gate.passed).toBe(false);
    expect(review.gate.errors).toHaveLength(1);
    expect(review.gate.errors[0]).toMatch(
      /bad-ack\.yaml:\d+: info\.x-breaking-changes-acknowledged\[0\] must be/,
    );
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
    (base, head, required, ok, breakingAllowed) => {
      expect(checkVersion(base, head, required)).toMatchObject({ ok, breakingAllowed });
    },
  );

  it('says what went wrong', () => {
    expect(checkVersion('1.2.0', '1.1.0', 'none').message).toBe('info.version went backwards: 1.2.0 → 1.1.0');
    expect(checkVersion('1.0.0', '1.0.0', 'minor').message).toContain('the changes need a minor bump');
  });
});
