// The journal's filters, checked the same way wherever they come from: the admin route's query
// (`GET /__mock/journal?operationId=sendPix&status=4xx&since=2026-11-26T10:00:00Z&limit=20`) and the
// session handle's `entries({ ... })`. A name the route does not know, a value given twice, an operation the
// contract does not have, a time that is no time: each refused, not ignored (a typo would otherwise return
// every entry, or none, and a test would pass for the wrong reason).
import type { JournalFilter, StatusPattern } from '../api/journal.ts';
import { unknownKeys, unknownOperation } from '../api/known-keys.ts';
import type { RequestPattern } from './match.ts';

const NAMES = ['operationId', 'status', 'since', 'until', 'limit'] as const;
const statusForm = /^(?:[1-5]\d\d|[1-5]xx)$/;
const epochMs = /^\d{1,15}$/;
const MAX_LIMIT = 1_000_000;

/** The filter a query asks for (names known, none given twice, `limit` a number), or what is wrong with it. */
export function filterOfQuery(query: string): JournalFilter | string {
  const filter: Record<string, string | number> = {};
  for (const [name, value] of new URLSearchParams(query)) {
    if (!(NAMES as readonly string[]).includes(name))
      return `unknown filter ${name.slice(0, 64)}: the journal filters by ${NAMES.join(', ')}`;
    if (name in filter) return `${name} is given twice`;
    filter[name] = name === 'limit' && /^\d{1,7}$/.test(value) ? Number(value) : value;
  }
  return filter as JournalFilter;
}

/** A filter checked, its times read: a pattern for the matcher (match.ts), and how many of the newest to keep. */
export type CheckedFilter = RequestPattern & { limit?: number | undefined };

/** The filter with its times read, or what is wrong with it. */
export function checkedFilter(
  filter: JournalFilter,
  operationIds: readonly string[],
): CheckedFilter | string {
  const [unknown] = unknownKeys(filter, NAMES);
  if (unknown)
    return `unknown filter ${unknown.key.slice(0, 64)}: the journal filters by ${NAMES.join(', ')}`;
  const { operationId, status, limit } = filter;
  if (operationId !== undefined && !operationIds.includes(operationId))
    return unknownOperation(operationId, operationIds);
  if (status !== undefined && !statusForm.test(String(status)))
    return 'status is a status code (422) or a class (4xx)';
  if (limit !== undefined && !(Number.isInteger(limit) && limit >= 1 && limit <= MAX_LIMIT))
    return `limit is a whole number from 1 to ${MAX_LIMIT}`;
  const since = timeOf(filter.since);
  const until = timeOf(filter.until);
  if (Number.isNaN(since) || Number.isNaN(until))
    return 'since and until are ISO 8601 times, epoch milliseconds or Dates';
  const statusValue = (typeof status === 'string' && !status.endsWith('xx') ? Number(status) : status) as
    | StatusPattern
    | undefined;
  return { operationId, status: statusValue, since, until, limit };
}

/** A time as epoch milliseconds: a Date, a number, digits, or ISO 8601 text (`2026-11-26T10:00:00Z`). */
function timeOf(value: JournalFilter['since']): number | undefined {
  if (value === undefined) return undefined;
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'number') return Number.isFinite(value) ? value : Number.NaN;
  if (epochMs.test(value)) return Number(value);
  return /^\d{4}-\d{2}-\d{2}/.test(value) ? Date.parse(value) : Number.NaN;
}
