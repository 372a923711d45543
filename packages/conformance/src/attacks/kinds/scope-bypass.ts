// A spelling of a scoped operation's path with a token that lacks the scope: never a success.
import fc from 'fast-check';
import { validRequestFor } from '../../requests/build.js';
import { renderRequest } from '../../requests/wire.js';
import { type Attack, wireOutcome } from '../attack.js';
import { scopedOperations, spellingOf } from '../spellings.js';

export const scopeBypass: Attack = {
  kind: 'scope bypass',
  rationale: 'a token without the right scope never gets through, however the path is spelled',
  cases: (target) =>
    fc
      .constantFrom(...scopedOperations(target.operations))
      .chain((op) => {
        const probe = validRequestFor(op, { idempotency: 'example' });
        const [path, query] = probe.path.split('?');
        return spellingOf(path ?? '/').map((spelled) => ({
          op,
          probe,
          spelled: query ? `${spelled}?${query}` : spelled,
        }));
      })
      .map(({ op, probe, spelled }) => async () => {
        const answer = await target.wire(
          renderRequest(probe, { token: target.tokens.none, target: spelled }),
        );
        if (answer.status !== undefined && answer.status < 400)
          return {
            statuses: answer.statuses,
            failure: `${op.method} ${spelled} without the scope → ${answer.status}`,
          };
        return wireOutcome(answer);
      }),
};
