// The journal's filters as the admin route takes them, `GET /__mock/journal?operationId=sendPix&status=4xx
// &since=2026-11-26T10:00:00Z&limit=20`: each one checked, and a name the route does not know refused
// rather than ignored (a typo would otherwise return every entry).
import type { JournalFilter } from './journal.ts';

const known = new Set(['operationId', 'status', 'since', 'until', 'limit']);
const statusForm = /^(?:[1-5]\d\d|[1-5]xx)$/;
const epochMs = /^\d{1,15}$/;

/** The filter a query asks for, or what is wrong with it. */
export function journalFilter(query: string): JournalFilter | string {
  const params = new URLSearchParams(query);
  const filter: JournalFilter = {};
  for (const [name, value] of params) {
    if (!known.has(name)) return `unknown filter ${name}: the journal filters by ${[...known].join(', ')}`;
    const problem = setFilter(filter, name, value);
    if (problem) return problem;
  }
  return filter;
}

function setFilter(filter: JournalFilter, name: string, value: string): string | undefined {
  if (name === 'operationId') filter.operationId = value;
  else if (name === 'status') {
    if (!statusForm.test(value)) return 'status is a status code (422) or a class (4xx)';
    filter.status = value.endsWith('xx') ? (value as JournalFilter['status']) : Number(value);
  } else if (name === 'limit') {
    if (!/^\d{1,6}$/.test(value) || Number(value) < 1) return 'limit is a whole number of at least 1';
    filter.limit = Number(value);
  } else {
    const time = epochMs.test(value) ? Number(value) : Date.parse(value);
    if (Number.isNaN(time)) return `${name} is an ISO 8601 time or epoch milliseconds`;
    filter[name as 'since' | 'until'] = time;
  }
  return undefined;
}
