// Mock ⇄ server parity: the same requests (each operation's named examples) sent to the server and to the
// mock, and where their answers differ — status class, the error envelope's code, the fields of the body.
// Not a verdict on the contract (both may conform): it tells a backend team where the mock its consumers
// test against is not what it ships.
import { exampleRequests, type Probe, type Send, UnsendableRequest } from '@banking-api/conformance';
import { type Operation, redact } from '@banking-api/contract';
import { redactUrl } from './curl.js';
import { oneLine } from './one-line.js';
import type { Answer } from './types.js';

export type ParityAspect = 'status-class' | 'error-code' | 'fields';

export interface ParityDifference {
  readonly operation: string;
  readonly operationId: string;
  readonly request: { readonly method: string; readonly path: string };
  readonly aspect: ParityAspect;
  readonly server: string;
  readonly mock: string;
}

export interface ParityReport {
  readonly mock: string;
  readonly requests: number;
  readonly differences: readonly ParityDifference[];
}

export async function compareWithMock(
  ops: readonly Operation[],
  sends: { readonly server: Send; readonly mock: Send },
  seed: number,
): Promise<Omit<ParityReport, 'mock'>> {
  const differences: ParityDifference[] = [];
  let requests = 0;
  for (const op of ops) {
    for (const { probe } of exampleRequests(op, seed)) {
      const answers = await bothAnswers(sends, probe);
      if (!answers) continue; // a request that cannot be sent: its checks note it
      const [server, mock] = answers;
      requests += 1;
      const request = { method: probe.method, path: redactUrl(probe.path) };
      for (const d of differencesOf(server, mock))
        differences.push({ operation: op.key, operationId: op.operationId, request, ...d });
    }
  }
  return { requests, differences };
}

/** Both answers to `probe`, or none when it cannot be sent; each send settled before any error is thrown. */
async function bothAnswers(
  sends: { readonly server: Send; readonly mock: Send },
  probe: Probe,
): Promise<[Answer, Answer] | undefined> {
  const [server, mock] = await Promise.allSettled([sends.server(probe), sends.mock(probe)]);
  for (const s of [server, mock])
    if (s.status === 'rejected') {
      if (s.reason instanceof UnsendableRequest) return undefined;
      throw s.reason;
    }
  return [(server as PromiseFulfilledResult<Answer>).value, (mock as PromiseFulfilledResult<Answer>).value];
}

const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

/**
 * What differs between two answers to one request: status class first; bodies only when it agrees. The
 * error codes and field names are the servers' text, redacted like any.
 */
export function differencesOf(
  server: Answer,
  mock: Answer,
): { aspect: ParityAspect; server: string; mock: string }[] {
  if (statusClass(server.status) !== statusClass(mock.status))
    return [{ aspect: 'status-class', server: String(server.status), mock: String(mock.status) }];
  const [a, b] = [parse(server.text), parse(mock.text)];
  const found: { aspect: ParityAspect; server: string; mock: string }[] = [];
  const code = (body: unknown) =>
    body && typeof body === 'object' ? (body as { code?: unknown }).code : undefined;
  if (server.status >= 400 && code(a) !== code(b))
    found.push({
      aspect: 'error-code',
      server: redact(String(code(a) ?? '(none)')),
      mock: redact(String(code(b) ?? '(none)')),
    });
  const [fa, fb] = [fieldsOf(a), fieldsOf(b)];
  const onlyServer = [...fa].filter((f) => !fb.has(f));
  const onlyMock = [...fb].filter((f) => !fa.has(f));
  if (onlyServer.length || onlyMock.length)
    found.push({ aspect: 'fields', server: redact(list(onlyServer)), mock: redact(list(onlyMock)) });
  return found;
}

const list = (fields: string[]) => (fields.length ? fields.sort().join(', ') : '(none of its own)');

const MAX_FIELDS = 500;

/** The field paths of a JSON body (`refund.id`, `data[].id`), to a bounded depth and count. */
export function fieldsOf(body: unknown): Set<string> {
  const fields = new Set<string>();
  const walk = (value: unknown, at: string, depth: number) => {
    if (depth > 6 || fields.size >= MAX_FIELDS || !value || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const item of value.slice(0, 20)) walk(item, `${at}[]`, depth + 1);
      return;
    }
    for (const [key, child] of Object.entries(value)) {
      if (fields.size >= MAX_FIELDS) return;
      const path = at ? `${at}.${key}` : key;
      fields.add(path);
      walk(child, path, depth + 1);
    }
  };
  walk(body, '', 0);
  return fields;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The parity section of the terminal report. */
export function parityLines(parity: ParityReport): string[] {
  const lines = ['', `Parity with the mock at ${parity.mock} (${parity.requests} requests sent to both):`];
  if (!parity.differences.length)
    lines.push('  the server and the mock answer alike (status class, error code, fields).');
  for (const d of parity.differences)
    lines.push(
      oneLine(
        `  ≠ ${d.operation} (${d.operationId}) ${d.aspect}: server ${d.server}; mock ${d.mock}  [${d.request.method} ${d.request.path}]`,
      ),
    );
  return lines;
}
