// Stubs: a session's own answers to an operation, in place of the contract's example ("this card
// creation answers 422 this time"). Checked against the contract when added (stub-check.ts); they answer
// only requests the contract accepts (an invalid request still gets its 400), newest stub first, for `times`
// requests or until removed. Bounded per session in number and bytes: a stub is kept as the JSON text it
// came as (what the budget counts is what it holds), its match conditions parsed, and those few.
import { randomBytes } from 'node:crypto';
import { type ContractModel, defaultRedactor, redactHeaderValues } from '@banking-api/contract';
import { StubRefusedError } from '../api/errors.ts';
import { defaultStubLimits, type StubLimits } from '../api/limits.ts';
import type { UntypedStub as Stub } from '../api/stub.ts';
import { matches, type RequestPattern, type SeenRequest } from './match.ts';
import type { StubAnswer } from './stub-answer.ts';
import { stubViolations } from './stub-check.ts';

/** A stub as listed: as given, with its id and how many requests it answered. */
type StoredStub = Stub & { id: string; hits: number };

/** A stub as a session keeps it. */
interface Kept {
  id: string;
  /** What a request must meet: the operation and the stub's `when`. */
  pattern: RequestPattern;
  answer: StubAnswer;
  times: number | undefined;
  hits: number;
  /** The stub as it was given, as JSON: what a listing shows, and what the byte budget counts. */
  text: string;
}

export class StubRules {
  readonly #stubs: Kept[] = [];
  readonly #model: ContractModel;
  readonly #limits: StubLimits;
  #bytes = 0;

  constructor(model: ContractModel, limits: Partial<StubLimits> = {}) {
    this.#model = model;
    this.#limits = { ...defaultStubLimits, ...limits };
  }

  /** Checks and keeps a stub; throws StubRefusedError with every violation. */
  add(stub: Stub): StoredStub {
    const violations = stubViolations(this.#model, stub);
    const text = violations.length ? '' : JSON.stringify(stub);
    if (!violations.length && this.#stubs.length >= this.#limits.maxStubs)
      violations.push({ at: '', message: `the session holds ${this.#limits.maxStubs} stubs already` });
    if (!violations.length && this.#bytes + text.length > this.#limits.maxBytes)
      violations.push({ at: '', message: `the session's stubs would exceed ${this.#limits.maxBytes} bytes` });
    if (violations.length) throw new StubRefusedError(violations);
    const kept = keptStub(stub, text);
    this.#stubs.push(kept);
    this.#bytes += text.length;
    return listed(kept);
  }

  /** False when no stub has this id. */
  remove(id: string): boolean {
    const at = this.#stubs.findIndex((s) => s.id === id);
    if (at < 0) return false;
    this.#bytes -= this.#stubs[at]?.text.length ?? 0;
    this.#stubs.splice(at, 1);
    return true;
  }

  clear(): void {
    this.#stubs.length = 0;
    this.#bytes = 0;
  }

  /** How many stubs the session holds now. */
  get count(): number {
    return this.#stubs.length;
  }

  /** Oldest first, as given, with their ids and hits; secret header values masked. */
  list(): StoredStub[] {
    return this.#stubs.map(listed);
  }

  /** The answer of the newest stub matching a valid request, counted against its `times`. */
  answerFor(request: SeenRequest): { id: string; answer: StubAnswer } | undefined {
    for (let i = this.#stubs.length - 1; i >= 0; i--) {
      const stub = this.#stubs[i] as Kept;
      if (!matches(stub.pattern, request)) continue;
      stub.hits++;
      if (stub.times !== undefined && stub.hits >= stub.times) this.remove(stub.id);
      return { id: stub.id, answer: stub.answer };
    }
    return undefined;
  }
}

function keptStub(stub: Stub, text: string): Kept {
  const { status, body, headers = {} } = stub.answer;
  return {
    id: randomBytes(9).toString('base64url'),
    pattern: { operationId: stub.operationId, ...structuredClone(stub.when ?? {}) },
    answer: { status, body: body === undefined ? undefined : JSON.stringify(body), headers: { ...headers } },
    times: stub.times,
    hits: 0,
    text,
  };
}

function listed(kept: Kept): StoredStub {
  const stub = JSON.parse(kept.text) as Stub;
  if (stub.when?.headers) stub.when.headers = redactHeaderValues(stub.when.headers, defaultRedactor());
  return { ...stub, id: kept.id, hits: kept.hits };
}
