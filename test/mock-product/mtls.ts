// Calls to a started mock over real mutual TLS, with the client certificate of one environment.
import type { Operation } from '@banking-api/contract';
import type { Environment, Mock } from '@banking-api/mock';
import { Agent, request } from 'undici';
import { validRequest } from '../support/requests.ts';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body parsed as JSON, or its text. */
  body: unknown;
}

export interface Caller {
  call(
    method: string,
    path: string,
    options?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<Answer>;
  close(): Promise<void>;
}

export function caller(mock: Mock, env: Environment = 'sandbox'): Caller {
  const { cert, key } = mock.clients[env];
  const dispatcher = new Agent({ connect: { ca: mock.ca, cert, key } });
  return {
    async call(method, path, { token, body, headers = {} } = {}) {
      const answer = await request(`${mock.url}${path}`, {
        dispatcher,
        method: method as 'GET',
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? null : JSON.stringify(body),
      });
      const text = await answer.body.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON: the text
      }
      return { status: answer.statusCode, headers: answer.headers, body: parsed };
    },
    close: () => dispatcher.close(),
  };
}

/** A valid call of `op` from the model's examples: method, URL, body and the account header. */
export function validCall(op: Operation): {
  method: string;
  url: string;
  body: unknown;
  headers: Record<string, string>;
} {
  const { url, body } = validRequest(op);
  return { method: op.method, url, body, headers: op.accountHeader ? { 'x-account-id': 'acc-1' } : {} };
}

/** The operation with this operationId in the mock's model (a test names an operation it is about). */
export function operation(mock: Mock, operationId: string): Operation {
  const op = mock.model.operations.find((o) => o.operationId === operationId);
  if (!op) throw new Error(`no operation ${operationId} in the model`);
  return op;
}
