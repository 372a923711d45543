// Stubs: a session's own answers to an operation, in place of the contract's example ("this card
// creation answers 422 this time"). Checked against the contract when added (stub-check.ts); they answer
// only requests the contract accepts (an invalid request still gets its 400), newest stub first, for `times`
// requests or until removed. Bounded per session in number and bytes.
import { randomBytes } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import {
  type ContractModel,
  envelopeKind,
  jsonContent,
  type MediaType,
  type Operation,
  responseFor,
} from '@banking-api/contract';
import { StubRefusedError } from './admin-api.ts';
import { echoFor } from './echo.ts';
import { envelope } from './envelope.ts';
import type { Answer } from './forward.ts';
import type { GatewayHooks, RequestContext } from './hooks.ts';
import { holds } from './journal-expect.ts';
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

export class StubRules {
  readonly #stubs: { stub: StoredStub; bytes: number }[] = [];
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
    const bytes = violations.length ? 0 : JSON.stringify(stub).length;
    if (!violations.length && this.#stubs.length >= this.#limits.maxStubs)
      violations.push({ at: '', message: `the session holds ${this.#limits.maxStubs} stubs already` });
    if (!violations.length && this.#bytes + bytes > this.#limits.maxBytes)
      violations.push({ at: '', message: `the session's stubs would exceed ${this.#limits.maxBytes} bytes` });
    if (violations.length) throw new StubRefusedError(violations);
    const stored: StoredStub = {
      ...structuredClone(stub),
      id: randomBytes(9).toString('base64url'),
      hits: 0,
    };
    this.#stubs.push({ stub: stored, bytes });
    this.#bytes += bytes;
    return structuredClone(stored);
  }

  /** False when no stub has this id. */
  remove(id: string): boolean {
    const at = this.#stubs.findIndex((s) => s.stub.id === id);
    if (at < 0) return false;
    this.#bytes -= this.#stubs[at]?.bytes ?? 0;
    this.#stubs.splice(at, 1);
    return true;
  }

  clear(): void {
    this.#stubs.length = 0;
    this.#bytes = 0;
  }

  /** Copies, oldest first. */
  list(): StoredStub[] {
    return this.#stubs.map((s) => structuredClone(s.stub));
  }

  /** The newest stub matching a valid request, counted against its `times`. */
  take(ctx: RequestContext, body: unknown): StoredStub | undefined {
    for (let i = this.#stubs.length - 1; i >= 0; i--) {
      const stub = this.#stubs[i]?.stub as StoredStub;
      if (!matches(stub, ctx, body)) continue;
      stub.hits++;
      if (stub.times !== undefined && stub.hits >= stub.times) this.remove(stub.id);
      return stub;
    }
    return undefined;
  }
}

function matches(stub: Stub, ctx: RequestContext, body: unknown): boolean {
  const { when = {} } = stub;
  if (ctx.match?.operation.operationId !== stub.operationId) return false;
  const params = ctx.match.params;
  const query = when.query && new URLSearchParams(ctx.target.query);
  return (
    every(when.path, (name, value) => params[name] === value) &&
    every(when.query, (name, value) => query?.get(name) === value) &&
    every(when.headers, (name, value) => ctx.req.headers[name.toLowerCase()] === value) &&
    (when.body === undefined || holds(body, when.body))
  );
}

const every = (wanted: Record<string, string> | undefined, test: (name: string, value: string) => boolean) =>
  !wanted || Object.entries(wanted).every(([name, value]) => test(name, value));

/**
 * The stub's answer: its body, the contract's echo rules applied. Without a body, an error status the error
 * envelope documents gets the envelope (code from the status: `UNPROCESSABLE_ENTITY`), anything else the
 * response's first example.
 */
export function stubAnswer(op: Operation, stub: StoredStub, ctx: RequestContext): Answer {
  const { status, headers = {} } = stub.answer;
  const media = jsonContent(responseFor(op, status)?.content ?? []);
  let body = stub.answer.body ?? defaultBody(media, status, ctx.path);
  const params = ctx.match?.params ?? {};
  const echo = echoFor(op, status);
  if (echo && body && typeof body === 'object') {
    body = structuredClone(body);
    echo(body as Record<string, unknown>, params);
  }
  const noBody = body === undefined || status === 204 || status === 304;
  const type: Record<string, string> = noBody
    ? {}
    : { 'content-type': media?.mediaType ?? 'application/json' };
  return { status, headers: { ...type, ...headers }, ...(noBody ? {} : { body: JSON.stringify(body) }) };
}

function defaultBody(media: MediaType | undefined, status: number, path: string): unknown {
  if (envelopeKind(media?.schema) !== 'error') return media?.examples[0]?.value;
  const reason = STATUS_CODES[status] ?? `HTTP ${status}`;
  const code = reason.toUpperCase().replace(/[^A-Z0-9]+/g, '_');
  return envelope(status, code, `${reason} (a stub of this session).`, path);
}

/** The hook that answers a valid request with the session's newest matching stub. */
export function stubHooks(): GatewayHooks {
  return {
    async onValidRequest(ctx, body) {
      const op = ctx.match?.operation;
      const stub = op && ctx.session?.stubs.take(ctx, body);
      if (!op || !stub) return undefined;
      ctx.stubId = stub.id;
      ctx.answeredBy = 'stub';
      return stubAnswer(op, stub, ctx);
    },
  };
}
