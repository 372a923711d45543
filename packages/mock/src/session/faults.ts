// A session's faults (features/faults.ts applies them): per operation, the key `*` for every one, each
// checked when set, counted down by `times`; and the fault the `x-mock-fault` header asks for, read as
// strictly (`latency=2000`, `status=503`, `retry-after=5` or `none`, `drop`, comma-separated).
import type { Fault } from '../api/fault.ts';
import { unknownKeys, unknownOperation } from '../api/known-keys.ts';

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

  /** Keeps the fault, checked; the fault as kept. */
  set(operationId: string, fault: Fault): Fault {
    if (!this.knows(operationId))
      throw new TypeError(`No fault set: ${unknownOperation(operationId, this.#operationIds ?? [])}`);
    const checked = checkedFault(fault);
    this.#rules.set(operationId, checked);
    return checked;
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
    throw new TypeError('a fault is an object');
  const [unknown] = unknownKeys(fault, FAULT_KEYS);
  if (unknown) throw new TypeError(`${unknown.key.slice(0, 64)} ${unknown.message}`);
  const { latencyMs, status, times, retryAfterSeconds } = fault;
  if (latencyMs !== undefined && !(Number.isInteger(latencyMs) && latencyMs >= 0 && latencyMs <= 120_000))
    throw new TypeError('latencyMs must be whole milliseconds between 0 and 120000');
  if (status !== undefined && !(Number.isInteger(status) && status >= 500 && status <= 599))
    throw new TypeError('status must be a 5xx status code');
  if (times !== undefined && !(Number.isInteger(times) && times >= 1))
    throw new TypeError('times must be a whole number of at least 1');
  if (latencyMs === undefined && status === undefined && !fault.drop)
    throw new TypeError('a fault needs latencyMs, status or drop');
  checkRetryAfter(retryAfterSeconds, status);
  return { latencyMs, status, drop: fault.drop === true ? true : undefined, times, retryAfterSeconds };
}

function checkRetryAfter(seconds: Fault['retryAfterSeconds'], status: Fault['status']): void {
  if (seconds === undefined) return;
  if (status === undefined) throw new TypeError('retryAfterSeconds needs a status to answer with');
  if (seconds !== null && !(Number.isInteger(seconds) && seconds >= 0 && seconds <= 86_400))
    throw new TypeError('retryAfterSeconds must be whole seconds between 0 and 86400, or null for no header');
}

/** A header argument in decimal digits only (`Number` would also take `0x1e`, `1e3` and an empty string). */
function wholeNumber(name: string, arg: string | undefined): number {
  if (arg !== undefined && /^\d+$/.test(arg)) return Number(arg);
  throw new TypeError(`${name} must be a whole number, not "${arg ?? ''}"`);
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
      throw new TypeError(`unknown fault "${name}" (latency=<ms>, status=<5xx>, retry-after=<s>|none, drop)`);
  }
  return checkedFault(fault);
}
