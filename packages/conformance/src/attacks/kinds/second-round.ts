// The second round (secondRoundRequests): each request's answer must be the status it states, never a 5xx
// or a held connection; the personal data it carried is handed back so that the caller can check that the
// server kept none of it.
import type { Attack } from '../attack.js';
import { wireOutcome } from '../attack.js';
import { secondRoundRequests } from '../second-round.js';

export const secondRound: Attack = {
  kind: 'second round',
  rationale:
    'deep, non-UTF-8, mistyped, cut-off and personal-data-laden requests get clear 4xx answers and leave nothing behind',
  cases: (target) =>
    secondRoundRequests(target.operations, target.tokens.all).map((hostile) => async () => {
      const answer = await target.wire(hostile.bytes, 5000, 500);
      const outcome = wireOutcome(answer);
      const { status } = answer;
      const wrong = hostile.expect !== 'below-500' && status !== undefined && status !== hostile.expect;
      const failure =
        outcome.failure ?? (wrong ? `${hostile.what} → ${status}, not ${hostile.expect}` : undefined);
      return { statuses: answer.statuses, secrets: hostile.secrets, ...(failure && { failure }) };
    }),
};
