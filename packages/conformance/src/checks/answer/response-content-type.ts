// The content type is one the documented response lists (when it documents a body at all).
import { type AnswerCheck, fail, pass, skip } from '../check.js';

export const responseContentType: AnswerCheck = {
  id: 'response-content-type',
  kind: 'answer',
  level: 'error',
  rationale: 'a client parses the body by the content type the contract documents for the status',
  judge: ({ answer, response, media }) => {
    if (!response || response.content.length === 0) return skip; // no body documented: nothing stated
    if (media) return pass;
    const listed = response.content.map((m) => m.mediaType).join(' or ');
    return fail(
      `content-type ${listed}`,
      `${answer.status} with content-type ${answer.mediaType || '(none)'}`,
    );
  },
};
