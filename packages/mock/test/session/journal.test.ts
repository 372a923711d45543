// The journal store (src/session/journal.ts): it takes served requests, plain values, and reads them back
// filtered by the one matcher, redacted, bounded in entries and bytes.
import { describe, expect, it } from 'vitest';
import { Journal, journalRedactor } from '../../src/session/journal.ts';
import { checkedFilter } from '../../src/session/journal-filter.ts';
import { model, served } from './served.ts';

const ids = model.operations.map((o) => o.operationId);
const filter = (f: Parameters<typeof checkedFilter>[0]) => {
  const checked = checkedFilter(f, ids);
  if (typeof checked === 'string') throw new Error(checked);
  return checked;
};

describe('the journal store', () => {
  it('keeps a served request as an entry: what answered it, its validation, its answer', () => {
    const journal = new Journal({}, journalRedactor(model));
    journal.add(
      served('createCard', { body: Buffer.from('{"alias":"x"}'), answeredBy: 'stub', stubId: 's-1' }),
    );
    const [entry] = journal.entries();
    expect(entry).toMatchObject({
      id: '1',
      operationId: 'createCard',
      environment: 'sandbox',
      body: '{"alias":"x"}',
      validation: { result: 'passed' },
      status: 200,
      response: { status: 200, body: '{"ok":true}' },
      answeredBy: 'stub',
      stubId: 's-1',
      durationMs: 10,
    });
  });

  it("judges an answer it did not see validated: a 400 VALIDATION_ERROR fails, a fault's answer is not checked", () => {
    const journal = new Journal();
    const refusal = JSON.stringify({ code: 'VALIDATION_ERROR', details: [{ field: 'alias' }] });
    const answer = { status: 400, headers: {}, body: refusal };
    journal.add(served('createCard', { validated: false, answeredBy: 'prism', answer, status: 400 }));
    journal.add(served('createCard', { validated: false, answeredBy: 'fault', answer, status: 400 }));
    journal.add(served('createCard', { validated: false, dropped: true, answer: undefined, status: 0 }));
    expect(journal.entries().map((e) => [e.validation.result, e.status])).toEqual([
      ['failed', 400],
      ['not-checked', 400],
      ['not-checked', 0],
    ]);
  });

  it('reads back only what the filter keeps, the newest `limit` of them', () => {
    const journal = new Journal();
    journal.add(served('createCard', { started: 1_000 }));
    journal.add(served('sendPix', { started: 2_000, status: 503 }));
    journal.add(served('createCard', { started: 3_000, status: 422 }));
    const ops = (f: Parameters<typeof filter>[0]) => journal.entries(filter(f)).map((e) => e.operationId);
    expect(ops({ operationId: 'createCard' })).toEqual(['createCard', 'createCard']);
    expect(ops({ status: '5xx' })).toEqual(['sendPix']);
    expect(ops({ since: 2_000 })).toEqual(['sendPix', 'createCard']);
    expect(ops({ until: new Date(2_000) })).toEqual(['createCard']);
    expect(ops({ limit: 1 })).toEqual(['createCard']);
    expect(checkedFilter({ operation: 'x' } as never, ids)).toMatch(/unknown filter operation/);
  });

  it('holds at most its entries and bytes, oldest out first; a long body is cut with a marker', () => {
    const journal = new Journal({ maxEntries: 2, maxBodyBytes: 16 });
    for (const n of [1, 2, 3]) journal.add(served('createCard', { requestId: `r-${n}` }));
    expect(journal.entries().map((e) => e.requestId)).toEqual(['r-2', 'r-3']);
    journal.clear();
    journal.add(served('createCard', { body: Buffer.from(`{"alias":"${'a'.repeat(40)}"}`) }));
    const [entry] = journal.entries();
    expect(entry?.body).toMatch(/…\[truncated: 52 bytes in all\]$/);
    expect(entry?.bodyBytes).toBe(52);
    const small = new Journal({ maxBytes: 300 });
    for (let i = 0; i < 20; i++) small.add(served('createCard'));
    expect(small.usage().bytes).toBeLessThanOrEqual(300);
    expect(small.usage().entries).toBeGreaterThan(0);
  });
});
