// The status policy for probes flawed on purpose (judge/standard-refusal.ts): where the contract documents
// no answer to the refusal, the HTTP-standard status passes with a note that the contract is silent; another
// 4xx still fails, and where the contract documents the refusal the server is held to it.
import { judgeAnswer, type Probe, requestFor } from '@banking-api/conformance';
import type { Operation } from '@banking-api/contract';
import { describe, expect, it } from 'vitest';
import { operationWith, successStatus } from '../harness.ts';

const documented = operationWith((o) => o.responses.some((r) => r.status === '400'), 'a documented 400');
/** The same operation with no error documented at all: no 4xx code, no 4XX range, no default. */
const silent: Operation = { ...documented, responses: documented.responses.filter((r) => r.status < '400') };
const answer = (status: number) => ({ status, mediaType: '', headers: {}, text: '' });
const probe = (refusal?: Probe['refusal']): Probe => ({ ...requestFor(silent), ...(refusal && { refusal }) });
const statusFailures = (op: Operation, status: number, p: Probe) =>
  judgeAnswer(op, answer(status), p).failures.filter((f) => f.check === 'response-status');

describe('response-status on a refusal the contract is silent on', () => {
  it('passes the standard status of each refusal, with a note that the contract is silent', () => {
    const cases: [Probe['refusal'], number][] = [
      ['validation', 400],
      ['credential', 401],
      ['scope', 403],
      ['media-type', 415],
      ['path-value', 404],
    ];
    for (const [refusal, status] of cases) {
      const judgement = judgeAnswer(silent, answer(status), probe(refusal));
      expect(judgement.failures).toEqual([]);
      expect(judgement.notes).toContainEqual({
        check: 'response-status',
        message: expect.stringMatching(new RegExp(`contract documents no answer.*standard ${status}`)),
      });
    }
  });

  it('fails another 4xx than the standard one: 422 to invalid input, 403 without a credential', () => {
    expect(statusFailures(silent, 422, probe('validation'))).toHaveLength(1);
    expect(statusFailures(silent, 403, probe('credential'))).toHaveLength(1);
    expect(statusFailures(silent, 400, probe('media-type'))).toHaveLength(1);
  });

  it('fails an undocumented 400 to a request that asked for no refusal', () => {
    expect(statusFailures(silent, 400, probe())).toHaveLength(1);
  });

  it('holds the server to what the contract documents: its 400 passes with no note', () => {
    const judgement = judgeAnswer(documented, answer(400), probe('validation'));
    expect(judgement.failures.filter((f) => f.check === 'response-status')).toEqual([]);
    expect(judgement.notes.filter((n) => n.check === 'response-status')).toEqual([]);
    expect(successStatus(documented)).toBeLessThan(300);
  });
});
