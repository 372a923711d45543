// Stubs on the request path: a valid request gets its session's newest matching stub (session/stubs.ts), with
// the answer the stub names or the one the contract documents (session/stub-answer.ts).
import { stubAnswer } from '../session/stub-answer.ts';
import type { Feature } from './feature.ts';

export function stubFeature(): Feature {
  return {
    async valid({ request, session }, body) {
      const { match } = request;
      if (!match || !session?.stubs.count) return undefined;
      const found = session.stubs.answerFor({
        operationId: match.operation.operationId,
        params: match.params,
        query: request.target.query,
        headers: request.headers,
        body: () => body,
      });
      if (!found) return undefined;
      const answer = stubAnswer(match.operation, found.answer, request.target.path, match.params);
      return { answer, answeredBy: 'stub', stubId: found.id };
    },
  };
}
