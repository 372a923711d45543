// The admin route in one table, as WireMock's AdminRoutes: each call of the session interface
// (api/session.ts) with the method and path it travels by under /__mock/, and how its arguments and result
// become the request and the answer. The route serves each entry by calling the session in the mock's own
// process (admin/handlers.ts); the admin client makes each method of its handle by sending it
// (admin/remote-session.ts). The mock's own routes (sessions, usage, health) are here too, by method and
// path. admin-openapi.yaml documents the same routes, by the same operationIds (a test holds them equal).
import type { Fault } from '../api/fault.ts';
import type { JournalEntry, JournalFilter } from '../api/journal.ts';
import type { SessionInfo, TokenRequest } from '../api/session.ts';
import type { AnyOperations, StoredStub, UntypedStub } from '../api/stub.ts';
import type { UsageDocument } from '../api/usage.ts';
import type { RegisteredWebhook, WebhookRegistration } from '../api/webhooks.ts';
import { filterOfQuery } from '../session/journal-filter.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What travels besides method and resource: the path segment after it, the query, the JSON body. */
export interface Wire {
  segment: string;
  query: string;
  body: unknown;
}

/** Where a route is: its method, the first segment under /__mock/, and whether a segment follows. */
export interface Place {
  /** The admin document's operationIds: one, or two where the segment is optional (with it, without it). */
  readonly operationIds: readonly string[];
  readonly method: Method;
  readonly resource: string;
  readonly segment: 'none' | 'required' | 'optional';
  /** It takes a JSON body (within the gateway's JSON limits). */
  readonly body?: true;
}

/** A call of the session interface over the route. */
export interface Route<Args extends unknown[], Result> extends Place {
  /** The status of success. */
  readonly ok: 200 | 201 | 204;
  /** The call's arguments as sent (the client). */
  send(...args: Args): Partial<Wire>;
  /** The arguments from what was sent (the route). */
  read(wire: Wire): Args;
  /** The answer's JSON from the result (the route; nothing for a 204). */
  answer(result: Result, args: Args): unknown;
  /** The result from the answer's JSON (the client). */
  result(json: unknown): Result;
  /** A result `false` travels as a 404 saying this (a stub that is not there any more). */
  missing?(args: Args): string;
}

const field =
  <T>(name: string) =>
  (json: unknown): T =>
    (json as Record<string, T>)[name] as T;
const nothing = (): undefined => undefined;

/** A call with no argument and no result (a 204): a clear, the reset. */
const bare = (operationId: string, method: Method, resource: string): Route<[], void> => ({
  operationIds: [operationId],
  method,
  resource,
  segment: 'none',
  ok: 204,
  send: () => ({}),
  read: () => [],
  answer: nothing,
  result: nothing,
});

/** A listing: no argument, its result under `key` of a 200. */
function listing<T>(operationId: string, resource: string, key: string): Route<[], T> {
  return {
    operationIds: [operationId],
    method: 'GET',
    resource,
    segment: 'none',
    ok: 200,
    send: () => ({}),
    read: () => [],
    answer: (result: T) => ({ [key]: result }),
    result: field<T>(key),
  };
}
/** A value read off the wire, or a TypeError saying what is wrong with it (the route answers a 400). */
const checked = <T>(value: T | string): T => {
  if (typeof value === 'string') throw new TypeError(value);
  return value;
};

/** The session interface's calls, by group and method as on the handle (api/session.ts). */
export interface SessionRoutes {
  faults: {
    set: Route<[string, Fault], Fault>;
    clear: Route<[string?], void>;
    list: Route<[], Record<string, Fault>>;
  };
  stubs: {
    add: Route<[UntypedStub], StoredStub<AnyOperations>>;
    remove: Route<[string], boolean>;
    clear: Route<[], void>;
    list: Route<[], StoredStub<AnyOperations>[]>;
  };
  journal: {
    entries: Route<[JournalFilter?], JournalEntry[]>;
    clear: Route<[], void>;
  };
  webhooks: {
    set: Route<[string, WebhookRegistration | string], RegisteredWebhook>;
    remove: Route<[string], boolean>;
    clear: Route<[], void>;
    list: Route<[], RegisteredWebhook[]>;
  };
  reset: Route<[], void>;
  token: Route<[TokenRequest?], string>;
}

export const sessionRoutes: SessionRoutes = {
  faults: {
    set: {
      operationIds: ['setFault'],
      method: 'PUT',
      resource: 'faults',
      segment: 'required',
      body: true,
      ok: 200,
      send: (operationId: string, fault: Fault) => ({ segment: operationId, body: fault }),
      read: ({ segment, body }: Wire): [string, Fault] => [segment, body as Fault],
      answer: (fault: Fault, [operationId]: [string, Fault]) => ({ operationId, fault }),
      result: field<Fault>('fault'),
    },
    clear: {
      operationIds: ['clearFault', 'clearFaults'],
      method: 'DELETE',
      resource: 'faults',
      segment: 'optional',
      ok: 204,
      send: (operationId?: string) => ({ segment: operationId ?? '' }),
      read: ({ segment }: Wire): [string?] => (segment ? [segment] : []),
      answer: nothing,
      result: nothing,
    },
    list: listing<Record<string, Fault>>('listFaults', 'faults', 'faults'),
  },
  stubs: {
    add: {
      operationIds: ['addStub'],
      method: 'POST',
      resource: 'stubs',
      segment: 'none',
      body: true,
      ok: 201,
      send: (stub: UntypedStub) => ({ body: stub }),
      read: ({ body }: Wire): [UntypedStub] => [body as UntypedStub],
      answer: (stub: StoredStub<AnyOperations>) => ({ stub }),
      result: field<StoredStub<AnyOperations>>('stub'),
    },
    remove: {
      operationIds: ['removeStub'],
      method: 'DELETE',
      resource: 'stubs',
      segment: 'required',
      ok: 204,
      send: (id: string) => ({ segment: id }),
      read: ({ segment }: Wire): [string] => [segment],
      answer: nothing,
      result: () => true,
      missing: ([id]: [string]) => `No stub ${id} in this session.`,
    },
    clear: bare('clearStubs', 'DELETE', 'stubs'),
    list: listing<StoredStub<AnyOperations>[]>('listStubs', 'stubs', 'stubs'),
  },
  journal: {
    entries: {
      operationIds: ['readJournal'],
      method: 'GET',
      resource: 'journal',
      segment: 'none',
      ok: 200,
      send: (filter?: JournalFilter) => ({ query: filterQuery(filter ?? {}) }),
      read: ({ query }: Wire): [JournalFilter?] => [checked(filterOfQuery(query))],
      answer: (entries: JournalEntry[]) => ({ entries }),
      result: field<JournalEntry[]>('entries'),
    },
    clear: bare('clearJournal', 'DELETE', 'journal'),
  },
  webhooks: {
    set: {
      operationIds: ['setWebhook'],
      method: 'PUT',
      resource: 'webhooks',
      segment: 'required',
      body: true,
      ok: 200,
      send: (webhookId: string, registration: WebhookRegistration | string) => ({
        segment: webhookId,
        body: registration,
      }),
      read: ({ segment, body }: Wire): [string, WebhookRegistration] => [
        segment,
        body as WebhookRegistration,
      ],
      answer: (webhook: RegisteredWebhook) => ({ webhook }),
      result: field<RegisteredWebhook>('webhook'),
    },
    remove: {
      operationIds: ['removeWebhook'],
      method: 'DELETE',
      resource: 'webhooks',
      segment: 'required',
      ok: 204,
      send: (webhookId: string) => ({ segment: webhookId }),
      read: ({ segment }: Wire): [string] => [segment],
      answer: nothing,
      result: () => true,
      missing: ([id]: [string]) => `No webhook ${id} is registered in this session.`,
    },
    clear: bare('clearWebhooks', 'DELETE', 'webhooks'),
    list: listing<RegisteredWebhook[]>('listWebhooks', 'webhooks', 'webhooks'),
  },
  reset: bare('resetSession', 'POST', 'reset'),
  token: {
    operationIds: ['mintToken'],
    method: 'POST',
    resource: 'tokens',
    segment: 'none',
    body: true,
    ok: 201,
    send: (request?: TokenRequest) => ({ body: request ?? {} }),
    read: ({ body }: Wire): [TokenRequest?] => [body as TokenRequest | undefined],
    answer: (token: string) => ({ token }),
    result: field<string>('token'),
  },
};

/** The mock's own routes, not of one session: served by admin/handlers.ts, called by admin/client.ts. */
export const mockRoutes: Record<
  'listSessions' | 'openSession' | 'closeSession' | 'readUsage' | 'readHealth',
  Place
> = {
  listSessions: { operationIds: ['listSessions'], method: 'GET', resource: 'sessions', segment: 'none' },
  openSession: {
    operationIds: ['openSession'],
    method: 'POST',
    resource: 'sessions',
    segment: 'none',
    body: true,
  },
  closeSession: {
    operationIds: ['closeSession'],
    method: 'DELETE',
    resource: 'sessions',
    segment: 'required',
  },
  readUsage: { operationIds: ['readUsage'], method: 'GET', resource: 'usage', segment: 'none' },
  readHealth: { operationIds: ['readHealth'], method: 'GET', resource: 'health', segment: 'none' },
};

/** What the mock's own routes answer. */
export interface MockAnswers {
  listSessions: { sessions: SessionInfo[]; open: number };
  openSession: { session: SessionInfo };
  readUsage: UsageDocument;
}

/** A call of the session interface: its route, and where it is on a handle (`['faults', 'set']`). */
export interface SessionCall {
  readonly route: Route<unknown[], unknown>;
  readonly at: readonly [string] | readonly [string, string];
}

/** Every call of the session interface, from the table: what both implementations are made from. */
export function sessionCalls(): SessionCall[] {
  const calls: SessionCall[] = [];
  for (const [group, entry] of Object.entries(sessionRoutes)) {
    if ('method' in entry) calls.push({ route: entry as unknown as SessionCall['route'], at: [group] });
    else
      for (const [name, route] of Object.entries(entry))
        calls.push({ route: route as unknown as SessionCall['route'], at: [group, name] });
  }
  return calls;
}

/** Every route of the table, session calls and the mock's own. */
export function allPlaces(): Place[] {
  return [...sessionCalls().map((c) => c.route), ...Object.values(mockRoutes)];
}

/** A journal filter as the route's query (a Date as ISO 8601). */
function filterQuery(filter: JournalFilter): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filter))
    if (value !== undefined) params.set(name, value instanceof Date ? value.toISOString() : String(value));
  return params.toString();
}
