// How the verifier treats what the contract leaves open (`x-unspecified` gaps): it never fails a server
// on a silence, and says in a note what it did instead. Topics not listed here change no check.
import type { ContractModel } from '@banking-api/contract';
import type { Findings } from './types.js';

const treatment: Readonly<Record<string, string>> = {
  'error-codes':
    'expects 401 without a token, 403 without the needed scope and 400 without x-account-id (the usual HTTP meanings; the account header guide states the 400), 400 for invalid input where the operation documents its 400 (its validation error), else any 4xx, any 4xx for the wrong kind of body or an unsupported method; error bodies are checked against the envelope, their codes are not',
  scopes: 'the 403 scope check runs only on operations whose scopes the contract names',
  'idempotency-replay': 'an idempotency identifier is never repeated: every request gets a fresh one',
  'required-fields': 'only what the contract marks required (body fields, parameters) is ever left out',
  'allowed-values': 'invalid values are sent only where an enum, pattern or format is stated',
  limits: 'a size, length or amount bound is probed only where the schema states one',
  envelope: 'a success body is checked against its documented schema, whatever envelope that shows',
};

/** One note per open question that changes what verify checks: the contract's, then each operation's. */
export function noteOpenQuestions(model: ContractModel, findings: Findings): void {
  for (const gap of model.gaps) {
    const done = treatment[gap.topic];
    if (done) findings.note('contract', gap.topic, `${gap.detail} verify: ${done}.`);
  }
  for (const op of model.operations) {
    for (const gap of op.gaps) {
      const done = treatment[gap.topic];
      if (done) findings.note(op, gap.topic, `${gap.detail} verify: ${done}.`);
    }
  }
}
