// The one matcher: whether a request meets a pattern. A stub's `when` asks it of each valid request, the
// journal's filters and `expectCalled`'s `where` of each request the journal kept; every field a pattern
// gives must hold. Plain values in, a yes or no out: the admin client runs it too, on entries it read.
import type { StatusPattern } from '../api/journal.ts';

export interface RequestPattern {
  operationId?: string | undefined;
  /** The answer's status, exact (`422`) or its class (`'4xx'`). */
  status?: StatusPattern | undefined;
  /** Arrived at or after, and before, these times (epoch milliseconds). */
  since?: number | undefined;
  until?: number | undefined;
  /** Equal path parameters, query parameters and headers (header names in any case). */
  path?: Readonly<Record<string, string>> | undefined;
  query?: Readonly<Record<string, string>> | undefined;
  headers?: Readonly<Record<string, string>> | undefined;
  /** Part of the JSON body: every field it names must be there with an equal value. */
  body?: unknown;
}

/** A request as the matcher sees it. */
export interface SeenRequest {
  readonly operationId: string | undefined;
  readonly status?: number | undefined;
  readonly arrived?: number | undefined;
  readonly params?: Readonly<Record<string, string>> | undefined;
  /** The raw query, without `?`. */
  readonly query: string;
  /** By lower-case name. */
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The parsed JSON body, read only when a pattern names a body. */
  body(): unknown;
}

export function matches(pattern: RequestPattern, seen: SeenRequest): boolean {
  const { operationId, status, since, until, body } = pattern;
  if (operationId !== undefined && seen.operationId !== operationId) return false;
  if (status !== undefined && !statusMatches(seen.status ?? 0, status)) return false;
  if (since !== undefined && !((seen.arrived ?? 0) >= since)) return false;
  if (until !== undefined && !((seen.arrived ?? 0) < until)) return false;
  const query = pattern.query && new URLSearchParams(seen.query);
  return (
    every(pattern.path, (name, value) => seen.params?.[name] === value) &&
    every(pattern.query, (name, value) => query?.get(name) === value) &&
    every(pattern.headers, (name, value) => seen.headers[name.toLowerCase()] === value) &&
    (body === undefined || hasPart(seen.body(), body))
  );
}

const every = (
  wanted: Readonly<Record<string, string>> | undefined,
  test: (name: string, value: string) => boolean,
) => !wanted || Object.entries(wanted).every(([name, value]) => test(name, value));

/** Whether a status is the one a pattern names: exact (422) or its class ('4xx'). */
export function statusMatches(actual: number, wanted: StatusPattern): boolean {
  return typeof wanted === 'number' ? actual === wanted : String(actual)[0] === wanted[0];
}

/** `actual` has `part`: every field of an object part is there with its value; anything else is equal. */
export function hasPart(actual: unknown, part: unknown): boolean {
  if (Array.isArray(part))
    return (
      Array.isArray(actual) && actual.length === part.length && part.every((v, i) => hasPart(actual[i], v))
    );
  if (part === null || typeof part !== 'object') return Object.is(actual, part);
  if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return false;
  return Object.entries(part).every(
    ([key, value]) => Object.hasOwn(actual, key) && hasPart((actual as Record<string, unknown>)[key], value),
  );
}

/** JSON text parsed, or undefined when it is none. */
export function parsedJson(text: string | Buffer | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text.toString());
  } catch {
    return undefined;
  }
}
