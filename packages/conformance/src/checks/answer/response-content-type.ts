// The content type is one the documented response lists (when it documents a body at all). An answer
// without a body is not held to a content type where it may have none: a 204 (or 205, 304) never carries
// content (RFC 9110), and where the contract leaves the success body open (an `x-unspecified` response
// gap, a free-form schema) an empty answer states nothing it could contradict.
import { isFreeForm } from '@banking-api/contract/validators';
import { type AnswerCheck, type AnswerView, fail, pass, skip } from '../check.js';

const WITHOUT_CONTENT = new Set([204, 205, 304]);

export const responseContentType: AnswerCheck = {
  id: 'response-content-type',
  kind: 'answer',
  level: 'error',
  rationale: 'a client parses the body by the content type the contract documents for the status',
  judge: (view) => {
    const { answer, response, media } = view;
    if (!response || response.content.length === 0) return skip; // no body documented: nothing stated
    if (media) return pass;
    if (answer.text === '' && WITHOUT_CONTENT.has(answer.status)) return pass;
    if (answer.text === '' && !answer.mediaType && isOpen(view))
      return { outcome: 'pass', note: 'an empty answer where the contract leaves the body open' };
    const listed = response.content.map((m) => m.mediaType).join(' or ');
    return fail(
      `content-type ${listed}`,
      `${answer.status} with content-type ${answer.mediaType || '(none)'}`,
    );
  },
};

/** Whether the contract leaves this success body open: a response gap, or only free-form schemas. */
const isOpen = ({ op, answer, response }: AnswerView): boolean =>
  answer.status < 300 &&
  (op.gaps.some((g) => g.topic === 'response') ||
    (response?.content.every((m) => isFreeForm(m.schema)) ?? false));
