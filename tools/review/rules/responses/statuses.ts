// Response statuses that go or come (compare/response-pairs.ts pairs them first, so a status the head still
// answers through a range or `default` is compared with what answers it, not removed). A status removed
// breaks readers that handle it; one now covered by `default` or its range is info (its body is compared as
// any pair is); an error status added is an addition. Success statuses added: success-status.ts.
import type { Fact } from '../../compare/facts.ts';
import { child } from '../../effective/reader.ts';
import { code } from '../../text/plain.ts';
import type { ResponsesRule } from '../rule.ts';

const isSuccess = (status: string) => /^2/.test(status);

export const statuses: ResponsesRule = {
  level: 'responses',
  name: 'statuses',
  produces: ['response-removed', 'response-covered-by-default', 'response-added'],
  covers: [
    'a response status removed: breaking',
    'a status removed that `default` (or its range) still answers: info, and its body compared with what answers it now',
    'a success range narrowed to codes inside it (`2XX` → `200`) with the same response: nothing',
    'an error status added: non-breaking',
  ],
  oasdiff: [
    'response-success-status-removed',
    'response-non-success-status-removed',
    'response-non-success-status-added',
  ],
  compare(pairing, before, after) {
    const facts: Fact[] = [];
    for (const status of pairing.removed)
      facts.push({
        rule: 'response-removed',
        message: `Response ${code(status)} removed.`,
        at: { side: 'base', pointer: child(child(before.at, 'responses'), status) },
        byRole: { send: 'major', read: 'major' },
        oasdiff: isSuccess(status)
          ? 'response-success-status-removed'
          : 'response-non-success-status-removed',
      });
    for (const { before: b, after: a, covered } of pairing.pairs)
      if (covered)
        facts.push({
          rule: 'response-covered-by-default',
          message: `Response ${code(b)} was removed; ${code(a)} still covers it${''}.`,
          at: { side: 'head', pointer: child(child(after.at, 'responses'), a) },
          impact: 'patch',
          oasdiff: 'response-non-success-status-removed',
        });
    for (const status of pairing.added.filter((s) => !isSuccess(s)))
      facts.push({
        rule: 'response-added',
        message: `Response ${code(status)} added.`,
        at: { side: 'head', pointer: child(child(after.at, 'responses'), status) },
        byRole: { send: 'minor', read: 'minor' },
        oasdiff: 'response-non-success-status-added',
      });
    return facts;
  },
};
