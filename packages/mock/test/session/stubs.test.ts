// The stubs store (src/session/stubs.ts): checked against the contract when added, matched by the one
// matcher, newest first, counted down, listed as given with secrets masked, bounded.
import { describe, expect, it } from 'vitest';
import { StubRefusedError } from '../../src/api/errors.ts';
import type { SeenRequest } from '../../src/session/match.ts';
import { StubRules } from '../../src/session/stubs.ts';
import { model } from './served.ts';

const request = (over: Partial<SeenRequest> = {}): SeenRequest => ({
  operationId: 'createCard',
  query: '',
  headers: {},
  body: () => ({ typeCard: 'Virtual' }),
  ...over,
});

describe('the stubs store', () => {
  it('refuses a stub the contract forbids, with every violation', () => {
    const stubs = new StubRules(model);
    const refused = (() => {
      try {
        stubs.add({ operationId: 'createCard', when: { path: { id: 'x' } }, answer: { status: 201 } });
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(StubRefusedError);
    expect((refused as StubRefusedError).violations.map((v) => v.at)).toEqual([
      '/answer/status',
      '/when/path/id',
    ]);
  });

  it('answers with the newest stub whose operation and `when` a request meets, `times` times', () => {
    const stubs = new StubRules(model);
    const older = stubs.add({ operationId: 'createCard', answer: { status: 503 } });
    const newer = stubs.add({
      operationId: 'createCard',
      when: { body: { typeCard: 'Virtual' } },
      answer: { status: 422 },
      times: 1,
    });
    expect(stubs.answerFor(request({ operationId: 'sendPix' }))).toBeUndefined();
    expect(stubs.answerFor(request())?.id).toBe(newer.id);
    expect(stubs.answerFor(request())?.id).toBe(older.id); // the newer one answered its one time and went
    expect(stubs.answerFor(request({ body: () => ({ typeCard: 'Physical' }) }))?.answer.status).toBe(503);
    expect(stubs.list().map((s) => [s.id, s.hits])).toEqual([[older.id, 2]]);
  });

  it('lists stubs as given, secret header values masked; holds no more than its limits', () => {
    const stubs = new StubRules(model, { maxStubs: 1 });
    stubs.add({
      operationId: 'createCard',
      when: { headers: { authorization: 'Bearer abc.def.ghi' } },
      answer: { status: 422 },
    });
    expect(JSON.stringify(stubs.list())).not.toContain('abc.def.ghi');
    expect(() => stubs.add({ operationId: 'createCard', answer: { status: 422 } })).toThrow(
      /holds 1 stubs already/,
    );
    const small = new StubRules(model, { maxBytes: 80 });
    expect(() =>
      small.add({
        operationId: 'createCard',
        answer: { status: 422, headers: { 'retry-after': '9'.repeat(80) } },
      }),
    ).toThrow(/exceed 80 bytes/);
  });
});
