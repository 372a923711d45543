// A success body matches the schema its response documents. Where the contract leaves the body open (an
// `x-unspecified` response gap, or a free-form schema) a note says what was checked instead. A body that
// breaks the schema but is the contract's own example for that status is the contract's finding, not the
// server's (judge/own-example.ts).
import { isFreeForm } from '@banking-api/contract/validators';
import { bodyVerdict } from '../../judge/body.js';
import { ownExampleOf } from '../../judge/own-example.js';
import { type AnswerCheck, type AnswerVerdict, type AnswerView, skip } from '../check.js';

export const responseSchema: AnswerCheck = {
  id: 'response-schema',
  kind: 'answer',
  level: 'error',
  rationale: 'a success body is what the contract documents for it, field by field',
  judge: (view) => {
    if (view.answer.status >= 400 || !view.media) return skip;
    const schema = view.media.schema;
    const note = openNote(view);
    if (note && isFreeForm(schema)) return { outcome: 'skip', note };
    const verdict = asContractsOwn(view, bodyVerdict(view.answer, schema, 'the documented schema'));
    return note && verdict.outcome !== 'fail' && verdict.outcome !== 'contract'
      ? { ...verdict, note }
      : verdict;
  },
};

/** A failing body that equals the contract's own example: the contract's finding. */
function asContractsOwn(view: AnswerView, verdict: AnswerVerdict): AnswerVerdict {
  if (verdict.outcome !== 'fail') return verdict;
  const example = ownExampleOf(view.response, view.answer);
  if (example === undefined) return verdict;
  const message = `the contract's own response example "${example}" breaks its schema: ${verdict.got}`;
  return { outcome: 'contract', message };
}

/** What the contract leaves open about the success body, when it does. */
function openNote({ op, media }: AnswerView): string | undefined {
  const gap = op.gaps.find((g) => g.topic === 'response');
  const freeForm = isFreeForm(media?.schema);
  if (!gap && !freeForm) return undefined;
  const open = gap ? `open in the contract: ${gap.detail}` : 'the success schema is free-form.';
  const checked = freeForm ? 'only status and content type checked' : 'only the fields it states checked';
  return `${open} (${checked})`;
}
