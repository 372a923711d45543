// The coverage phase on contracts nobody here wrote (Stripe's recursive schemas, the Pix API's, Open Finance
// Brasil's lookahead patterns): a plan for every operation, without an error, bounded in size, and each case
// what it says it is — a positive body case accepted by the body's schema, a negative one refused.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { coveragePlan, parameterValues, requestFor } from '@banking-api/conformance';
import { type ContractModel, isJsonMediaType, requestMedia } from '@banking-api/contract';
import { conforms } from '@banking-api/contract/validators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../model/load.ts';
import { REAL_CONTRACTS, writeRealContract } from '../../scripts/real-contracts.ts';

const models = new Map<string, ContractModel>();
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'coverage-real-'));
  for (const contract of REAL_CONTRACTS)
    models.set(
      contract.name,
      (await loadContract(await writeRealContract(contract, path.join(dir, contract.name)))).model,
    );
}, 300_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the coverage phase on real contracts', () => {
  it.each(REAL_CONTRACTS.map((c) => c.name))(
    '%s: a bounded plan for every operation, each case what it says',
    (name) => {
      const model = models.get(name) as ContractModel;
      let cases = 0;
      for (const op of model.operations) {
        parameterValues(op); // ids generated for parameters without an example
        const plan = coveragePlan(op);
        expect(plan.cases.length, op.key).toBeLessThan(600);
        cases += plan.cases.length;
        const media = requestMedia(op);
        if (!media?.schema || !isJsonMediaType(media.mediaType)) continue;
        const base = requestFor(op, { idempotency: 'example' });
        for (const c of plan.cases.filter((x) => x.place.startsWith('body /')).slice(0, 20)) {
          const text = c.apply(base).body?.text ?? '';
          expect(conforms(media.schema, JSON.parse(text)), `${op.key} ${c.label}`).toBe(c.positive);
        }
      }
      expect(cases).toBeGreaterThan(model.operations.length);
    },
    300_000,
  );
});
