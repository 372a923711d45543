// Judging one answer: every answer check (checks/answer/registry.ts) in its order, until one fails (a 5xx is not
// checked for a documented status, an undocumented status not for its body). The one judgement verify,
// the contract tests and the fuzzer all make of an answer.
import type { Operation } from '@banking-api/contract';
import { listedMedia, responseFor } from '@banking-api/contract';
import { answerChecks } from '../checks/answer/registry.js';
import type { AnswerView } from '../checks/check.js';
import type { Answer, Findings, Probe } from '../types.js';

export interface Judgement {
  /** The checks that ran on the answer, in order. */
  readonly ran: readonly string[];
  readonly failures: readonly { readonly check: string; readonly expected: string; readonly got: string }[];
  /** What was left unchecked because the contract leaves it open. */
  readonly notes: readonly { readonly check: string; readonly message: string }[];
  /** What is the contract's own fault (the answer is its example, which breaks its schema). */
  readonly contractIssues: readonly { readonly check: string; readonly message: string }[];
}

export function judgeAnswer(op: Operation, answer: Answer, request?: Probe): Judgement {
  const response = responseFor(op, answer.status);
  const media = response && listedMedia(response.content, answer.mediaType);
  const view: AnswerView = { op, answer, response, media, ...(request && { request }) };
  const judgement = {
    ran: [] as string[],
    failures: [] as Judgement['failures'][number][],
    notes: [] as Judgement['notes'][number][],
    contractIssues: [] as Judgement['contractIssues'][number][],
  };
  for (const check of answerChecks) {
    const verdict = check.judge(view);
    if ('note' in verdict && verdict.note) judgement.notes.push({ check: check.id, message: verdict.note });
    if (verdict.outcome === 'skip') continue;
    judgement.ran.push(check.id);
    if (verdict.outcome === 'contract')
      judgement.contractIssues.push({ check: check.id, message: verdict.message });
    if (verdict.outcome === 'fail') {
      judgement.failures.push({ check: check.id, expected: verdict.expected, got: verdict.got });
      break;
    }
  }
  return judgement;
}

/** A judgement into findings, each failure with the probe that drew it (and the answer, when given). */
export function recordJudgement(
  findings: Findings,
  op: Operation,
  probe: Probe,
  judgement: Judgement,
  answer?: Answer,
): void {
  for (const note of judgement.notes) findings.note(op, note.check, note.message);
  for (const issue of judgement.contractIssues) findings.contractIssue(op, issue.check, issue.message);
  for (const check of judgement.ran) findings.ran(op, check);
  for (const f of judgement.failures) findings.fail(op, f.check, f.expected, f.got, probe, answer);
}
