// Fault injection, so that clients can test their retries and timeouts: latency, a chosen 5xx with a
// realistic error envelope, or a dropped connection. Per operation (programmatic API, admin route) or
// per request (the `x-mock-fault` header, honoured only when the mock was started with faults on).
// Also the simulated failures a caller asks for with `Prefer: code=...`, which Prism cannot make
// realistic: it has no 5xx examples to serve, and its 400 example has empty details.
import { setTimeout as delay } from 'node:timers/promises';
import { jsonContent, type Operation, responseFor } from '@banking-api/contract';
import { envelope } from './envelope.ts';
import { type GatewayHooks, type HookAnswer, jsonAnswer, type RequestContext } from './hooks.ts';
import { unknownKeys, unknownOperation } from './known-keys.ts';

export interface Fault {
  /** Milliseconds to wait before answering (or dropping). */
  latencyMs?: number | undefined;
  /** Answer with this 5xx instead of the operation's answer. */
  status?: number | undefined;
  /** Close the connection without an answer. */
  drop?: boolean | undefined;
  /** Apply to this many requests, then stop; default every request. */
  times?: number | undefined;
  /**
   * The `Retry-After` of the `status` answer, in whole seconds; `null` sends none. Default
   * 1 on a 503 (as a gateway shedding load says), none otherwise.
   */
  retryAfterSeconds?: number | null | undefined;
}

/** The `Retry-After` of a 503 whose fault names none. */
export const DEFAULT_RETRY_AFTER_SECONDS = 1;

/**
 * The header that asks for a fault on one request: `latency=2000`, `status=503`, `retry-after=5` (or
 * `none`), `drop`, comma-separated.
 */
export const faultHeader = 'x-mock-fault';

/** Per-operation faults; the key `*` applies to every operation. */
export class FaultRules {
  readonly #rules = new Map<string, Fault>();
  readonly #operationIds: ReadonlySet<string> | undefined;

  /** With the contract's operationIds, a fault set on any other name (a typo) is refused, not ignored. */
  constructor(operationIds?: Iterable<string>) {
    this.#operationIds = operationIds && new Set(operationIds);
  }

  /** `*` or an operationId of the contract (any name when the rules were made without the contract). */
  knows(operationId: string): boolean {
    return operationId === '*' || !this.#operationIds || this.#operationIds.has(operationId);
  }

  set(operationId: string, fault: Fault): void {
    if (!this.knows(operationId))
      throw new Error(`No fault set: ${unknownOperation(operationId, this.#operationIds ?? [])}`);
    this.#rules.set(operationId, checkedFault(fault));
  }

  clear(operationId?: string): void {
    if (operationId === undefined) this.#rules.clear();
    else this.#rules.delete(operationId);
  }

  list(): Record<string, Fault> {
    return Object.fromEntries(this.#rules);
  }

  /** The fault for one request to `operationId`, counting it against `times`. */
  take(operationId: string): Fault | undefined {
    for (const key of [operationId, '*']) {
      const fault = this.#rules.get(key);
      if (!fault) continue;
      if (fault.times !== undefined) {
        if (fault.times <= 1) this.#rules.delete(key);
        else this.#rules.set(key, { ...fault, times: fault.times - 1 });
      }
      return fault;
    }
    return undefined;
  }
}

const FAULT_KEYS = ['latencyMs', 'status', 'drop', 'times', 'retryAfterSeconds'] as const;

/** Throws on a fault that cannot be applied, with the reason (the admin route answers it as a 400). */
export function checkedFault(fault: Fault): Fault {
  if (fault === null || typeof fault !== 'object' || Array.isArray(fault))
    throw new Error('a fault is an object');
  const [unknown] = unknownKeys(fault, FAULT_KEYS);
  if (unknown) throw new Error(`${unknown.key.slice(0, 64)} ${unknown.message}`);
  const { latencyMs, status, times, retryAfterSeconds } = fault;
  if (latencyMs !== undefined && !(Number.isInteger(latencyMs) && latencyMs >= 0 && latencyMs <= 120_000))
    throw new Error('latencyMs must be whole milliseconds between 0 and 120000');
  if (status !== undefined && !(Number.isInteger(status) && status >= 500 && status <= 599))
    throw new Error('status must be a 5xx status code');
  if (times !== undefined && !(Number.isInteger(times) && times >= 1))
    throw new Error('times must be a whole number of at least 1');
  if (latencyMs === undefined && status === undefined && !fault.drop)
    throw new Error('a fault needs latencyMs, status or drop');
  checkRetryAfter(retryAfterSeconds, status);
  return { latencyMs, status, drop: fault.drop === true ? true : undefined, times, retryAfterSeconds };
}

function checkRetryAfter(seconds: Fault['retryAfterSeconds'], status: Fault['status']): void {
  if (seconds === undefined) return;
  if (status === undefined) throw new Error('retryAfterSeconds needs a status to answer with');
  if (seconds !== null && !(Number.isInteger(seconds) && seconds >= 0 && seconds <= 86_400))
    throw new Error('retryAfterSeconds must be whole seconds between 0 and 86400, or null for no header');
}

/** A header argument in decimal digits only (`Number` would also take `0x1e`, `1e3` and an empty string). */
function wholeNumber(name: string, arg: string | undefined): number {
  if (arg !== undefined && /^\d+$/.test(arg)) return Number(arg);
  throw new Error(`${name} must be a whole number, not "${arg ?? ''}"`);
}

/** The fault the `x-mock-fault` header asks for, e.g. `latency=1500, status=503`. */
export function parseFaultHeader(value: string): Fault {
  const fault: Fault = {};
  for (const part of value.split(',').map((p) => p.trim().toLowerCase())) {
    const [name, arg] = part.split('=').map((s) => s.trim());
    if (name === 'drop') fault.drop = true;
    else if (name === 'latency') fault.latencyMs = wholeNumber(name, arg);
    else if (name === 'status') fault.status = wholeNumber(name, arg);
    else if (name === 'retry-after') fault.retryAfterSeconds = arg === 'none' ? null : wholeNumber(name, arg);
    else if (name)
      throw new Error(`unknown fault "${name}" (latency=<ms>, status=<5xx>, retry-after=<s>|none, drop)`);
  }
  return checkedFault(fault);
}

/** Codes and messages a real gateway gives its 5xx answers (the mock's choice: the contract shows none). */
const failures: Record<number, [string, string]> = {
  500: ['INTERNAL_ERROR', 'An unexpected error occurred. Try again later.'],
  502: ['BAD_GATEWAY', 'An upstream service answered with an error. Try again later.'],
  503: ['SERVICE_UNAVAILABLE', 'The service is temporarily unavailable. Try again later.'],
  504: ['GATEWAY_TIMEOUT', 'An upstream service did not answer in time. Try again later.'],
};

/** The code and message the mock gives a 5xx it makes (a fault, `Prefer: code=`, a stub without a body). */
export function failureOf(status: number): [string, string] {
  return failures[status] ?? ['SERVER_ERROR', 'The server could not answer. Try again later.'];
}

/** A simulated server failure, in the contract's error envelope, with `Retry-After` as the fault says. */
export function failureAnswer(
  status: number,
  path: string,
  retryAfterSeconds?: Fault['retryAfterSeconds'],
): HookAnswer {
  const [code, message] = failureOf(status);
  const seconds =
    retryAfterSeconds === undefined
      ? status === 503
        ? DEFAULT_RETRY_AFTER_SECONDS
        : null
      : retryAfterSeconds;
  const headers: Record<string, string> = seconds === null ? {} : { 'retry-after': String(seconds) };
  return jsonAnswer(status, envelope(status, code, message, path), headers);
}

export interface FaultOptions {
  /** Honour the `x-mock-fault` header. */
  perRequest: boolean;
}

/** The hook that applies the session's faults and answers `Prefer: code=400` and `code=5xx` itself. */
export function faultHooks({ perRequest }: FaultOptions): GatewayHooks {
  return {
    async onRequest(ctx) {
      const asked = requestFault(ctx, perRequest);
      if (asked && 'refusal' in asked) return asked.refusal;
      const fault = asked?.fault ?? (ctx.match && ctx.session?.faults.take(ctx.match.operation.operationId));
      if (fault) return applyFault(fault, ctx);
      return preferredFailure(ctx);
    },
  };
}

/** The fault the request's header asks for, or the 400 answer to a header that asks for none. */
function requestFault(
  ctx: RequestContext,
  perRequest: boolean,
): { fault: Fault } | { refusal: HookAnswer } | undefined {
  const header = ctx.req.headers[faultHeader];
  if (!perRequest || typeof header !== 'string') return undefined;
  try {
    return { fault: parseFaultHeader(header) };
  } catch (error) {
    const message = (error as Error).message;
    const detail = { location: 'header', field: faultHeader, code: 'invalid', message };
    return {
      refusal: jsonAnswer(
        400,
        envelope(400, 'VALIDATION_ERROR', 'The request is invalid.', ctx.path, [detail]),
      ),
    };
  }
}

async function applyFault(fault: Fault, ctx: RequestContext): Promise<HookAnswer | undefined> {
  if (fault.latencyMs) await delay(fault.latencyMs);
  if (fault.drop || fault.status) ctx.answeredBy = 'fault';
  if (fault.drop) return { drop: true };
  if (fault.status) return failureAnswer(fault.status, ctx.path, fault.retryAfterSeconds);
  return undefined; // latency only: the normal answer, late
}

/** `Prefer: code=5xx` or `code=400` on an operation: a realistic simulated answer. */
function preferredFailure(ctx: RequestContext): HookAnswer | undefined {
  const prefer = ctx.req.headers.prefer;
  const code = typeof prefer === 'string' ? /(?:^|[\s,;])code=(\d{3})/.exec(prefer)?.[1] : undefined;
  if (!code || !ctx.match) return undefined;
  const status = Number(code);
  if (status >= 500 || status === 400) ctx.answeredBy = 'fault';
  if (status >= 500) return failureAnswer(status, ctx.path);
  if (status === 400) return simulatedValidationError(ctx.match.operation, ctx.path);
  return undefined;
}

/** A forced 400: the operation's example code and message, with a detail saying what was simulated. */
function simulatedValidationError(op: Operation, path: string): HookAnswer {
  const example = jsonContent(responseFor(op, 400)?.content ?? [])?.examples[0]?.value as
    | { code?: unknown; message?: unknown; details?: unknown }
    | undefined;
  const code = typeof example?.code === 'string' ? example.code : 'VALIDATION_ERROR';
  const message = typeof example?.message === 'string' ? example.message : 'The request is invalid.';
  const given = Array.isArray(example?.details) ? example.details : [];
  const details = given.length
    ? given
    : [
        {
          location: 'request',
          code: 'simulated',
          message: 'A validation failure asked for with Prefer: code=400.',
        },
      ];
  return jsonAnswer(400, envelope(400, code, message, path, details));
}
