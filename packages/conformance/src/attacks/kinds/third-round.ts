// The third round (thirdRoundRequests): each request's answer must be the status it states and none it must not
// have, never a 5xx or a held connection; the personal data it carried is handed back so that the caller can
// check that the server kept none of it.
import type { Attack } from '../attack.js';
import { wireOutcome } from '../attack.js';
import { thirdRoundRequests } from '../third-round.js';

export const thirdRound: Attack = {
  kind: 'third round',
  rationale:
    'dot segments in any writing, many small headers under the limit and alphanumeric CNPJs get the documented answers and leave nothing behind',
  cases: (target) =>
    thirdRoundRequests(target.operations, target.tokens.all).map((hostile) => async () => {
      const answer = await target.wire(hostile.bytes, 5000, 500);
      const outcome = wireOutcome(answer);
      const { status } = answer;
      const wrong =
        status !== undefined &&
        ((hostile.expect !== 'below-500' && status !== hostile.expect) || hostile.never?.includes(status));
      const failure =
        outcome.failure ??
        (wrong
          ? `${hostile.what} → ${status}, not ${hostile.expect}${hostile.never ? ` (never ${hostile.never})` : ''}`
          : undefined);
      return { statuses: answer.statuses, secrets: hostile.secrets, ...(failure && { failure }) };
    }),
};
