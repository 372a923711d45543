// "Not shown" gaps (x-unspecified) newly marked or resolved, and how the report shows them.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadContract } from '../../model/load.ts';
import { gapsDelta } from '../../tools/review/gaps.ts';
import { renderReport } from '../../tools/review/report.ts';
import type { Review } from '../../tools/review/run.ts';
import { checkVersion } from '../../tools/review/semver.ts';
import { baseFixture, fixtureDir, type Mutation, writeMutation } from './helpers.ts';

let tmp: Awaited<ReturnType<typeof fixtureDir>>;
beforeAll(async () => {
  tmp = await fixtureDir();
});
afterAll(() => tmp?.dispose());

/** The models of base.yaml and of base.yaml with `mutate` applied. */
async function models(name: string, mutate: Mutation) {
  const [base, head] = await Promise.all([
    loadContract(baseFixture),
    loadContract(await writeMutation(tmp.dir, name, mutate)),
  ]);
  return [base.model, head.model] as const;
}

it('finds gaps marked and resolved on operations and in info', async () => {
  const [base, head] = await models('gaps-changed', (d) => {
    d.paths['/hb/transfers/ted'].post['x-unspecified'] = []; // the TED response is now specified
    d.paths['/hb/cards/create'].post['x-unspecified'] = [
      { topic: 'limits', detail: 'Cards per account are not shown.' },
    ];
    d.info['x-unspecified'][0].detail = 'Rate limits and time-outs are not shown.'; // reworded: one resolved, one marked
  });
  expect(gapsDelta(base, head)).toEqual({
    marked: [
      { where: 'document', topic: 'limits', detail: 'Rate limits and time-outs are not shown.' },
      { where: 'POST /hb/cards/create', topic: 'limits', detail: 'Cards per account are not shown.' },
    ],
    resolved: [
      { where: 'document', topic: 'limits', detail: 'Rate limits are not shown.' },
      { where: 'POST /hb/transfers/ted', topic: 'response', detail: 'The response of a TED is not shown.' },
    ],
  });
});

it("counts a new operation's gaps as marked, and a removed operation's gaps as gone with it, not resolved", async () => {
  const [base, head] = await models('operations-changed', (d) => {
    delete d.paths['/hb/transfers/ted'];
    d.paths['/hb/webhook/retry'] = {
      post: {
        operationId: 'retryWebhook',
        responses: { '200': { description: 'Queued' } },
        'x-unspecified': [{ topic: 'response', detail: 'Not shown.' }],
      },
    };
  });
  expect(gapsDelta(base, head)).toEqual({
    marked: [{ where: 'POST /hb/webhook/retry', topic: 'response', detail: 'Not shown.' }],
    resolved: [],
  });
});

it('lists them in the report', () => {
  const review: Review = {
    baseLabel: 'main',
    headLabel: 'working tree',
    findings: [],
    lint: undefined,
    types: { added: [], removed: [], changed: [] },
    gaps: {
      marked: [{ where: 'POST /x', topic: 'limits', detail: 'Bounds are not shown.' }],
      resolved: [{ where: 'document', topic: 'envelope', detail: 'Wrapping is not shown.' }],
    },
    version: checkVersion('1.0.0', '1.0.0', 'none'),
    gate: {
      breakingOperations: [],
      acknowledgedBy: 'none needed',
      unacknowledged: [],
      unused: [],
      errors: [],
      lintErrors: [],
      passed: true,
    },
    consumers: [],
    operationIds: {},
  };
  const section = renderReport(review).split('### "Not shown" gaps\n\n')[1] ?? '';
  expect(section).toMatch(
    /^- ➕ marked: `POST \/x` `limits`: Bounds are not shown\.\n- ✔️ resolved: `document` `envelope`: Wrapping is not shown\.\n/,
  );
});
