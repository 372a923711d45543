// Stubs: a session's own answers to an operation, in place of the contract's example ("this card
// creation answers 422 this time"). Checked against the contract when added (stub-check.ts); they answer
// only requests the contract accepts (an invalid request still gets its 400), newest stub first, for `times`
// requests or until removed. Bounded per session in number and bytes: a stub is kept as the JSON text it
// came as (what the budget counts is what it holds), its match conditions parsed, and those few.
import { randomBytes } from 'node:crypto';
import { type ContractModel, defaultRedactor, redactHeaderValues } from '@banking-api/contract';
import { StubRefusedError } from './admin-api.ts';
import type { GatewayHooks, RequestContext } from './hooks.ts';
import { hasPart } from './journal-expect.ts';
import { type StubAnswer, stubAnswer } from './stub-answer.ts';
import { stubViolations } from './stub-check.ts';

export interface Stub {
  /** The operation it answers. */
  operationId: string;
  /** Only requests that match every condition given: equal path and query parameters and headers, and a body holding `body`. */
  when?:
    | {
        path?: Record<string, string> | undefined;
        query?: Record<string, string> | undefined;
        /** Header names in any case. */
        headers?: Record<string, string> | undefined;
        /** Part of the JSON body: every field it names must be there with an equal value. */
        body?: unknown;
      }
    | undefined;
  /** A status the operation documents, a body its schema accepts (default: the response's first example), headers. */
  answer: { status: number; body?: unknown; headers?: Record<string, string> | undefined };
  /** Answer this many requests, then go; default until removed. */
  times?: number | undefined;
}

/** A stub as kept: its id and how many requests it answered. */
export interface StoredStub extends Stub {
  id: string;
  hits: number;
}

export interface StubLimits {
  /** Stubs a session keeps; default 100. */
  maxStubs: number;
  /** Bytes of stubs (as JSON) a session keeps; default 1 MiB. */
  maxBytes: number;
}

export const defaultStubLimits: StubLimits = { maxStubs: 100, maxBytes: 1024 * 1024 };

/** A stub as a session keeps it. */
interface Kept {
  id: string;
  operationId: string;
  when: NonNullable<Stub['when']>;
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

  /** Oldest first, as given, with their ids and hits; secret header values masked. */
  list(): StoredStub[] {
    return this.#stubs.map(listed);
  }

  /** The answer of the newest stub matching a valid request, counted against its `times`. */
  answerFor(ctx: RequestContext, body: unknown): { id: string; answer: StubAnswer } | undefined {
    for (let i = this.#stubs.length - 1; i >= 0; i--) {
      const stub = this.#stubs[i] as Kept;
      if (!matches(stub, ctx, body)) continue;
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
    operationId: stub.operationId,
    when: structuredClone(stub.when ?? {}),
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

function matches(stub: Kept, ctx: RequestContext, body: unknown): boolean {
  const { when } = stub;
  if (ctx.match?.operation.operationId !== stub.operationId) return false;
  const params = ctx.match.params;
  const query = when.query && new URLSearchParams(ctx.target.query);
  return (
    every(when.path, (name, value) => params[name] === value) &&
    every(when.query, (name, value) => query?.get(name) === value) &&
    every(when.headers, (name, value) => ctx.req.headers[name.toLowerCase()] === value) &&
    (when.body === undefined || hasPart(body, when.body))
  );
}

const every = (wanted: Record<string, string> | undefined, test: (name: string, value: string) => boolean) =>
  !wanted || Object.entries(wanted).every(([name, value]) => test(name, value));

/** The hook that answers a valid request with the session's newest matching stub. */
export function stubHooks(): GatewayHooks {
  return {
    async onValidRequest(ctx, body) {
      const op = ctx.match?.operation;
      const found = op && ctx.session?.stubs.answerFor(ctx, body);
      if (!op || !found) return undefined;
      ctx.stubId = found.id;
      ctx.answeredBy = 'stub';
      return stubAnswer(op, found.answer, ctx);
    },
  };
}
