// The request journal: every request the gateway answered, with the operation it named, the result of
// validating it and the status it got; tokens, secrets and personal data are redacted (the shared
// redaction of @banking-api/contract, linear in the text) when it is read. Bounded in entries and in
// bytes: a body is kept up to `maxBodyBytes` (the rest cut, with a marker), and the oldest entries make
// room. The mock's own webhook deliveries go in too, one entry per attempt (`delivery` set), under the same
// redaction and bounds.
import type { IncomingHttpHeaders } from 'node:http';
import { type ContractModel, createRedactor, type Redactor, redactHeaderValues } from '@banking-api/contract';
import type { DeliveryFacts, JournalEntry } from '../api/journal.ts';
import { defaultJournalLimits, type JournalLimits } from '../api/limits.ts';
import type { ServedRequest } from '../http/served.ts';
import type { Environment } from '../pki/dev-pki.ts';
import type { CheckedFilter } from './journal-filter.ts';
import { matches, type SeenRequest } from './match.ts';

/**
 * What is kept of a request on the hot path: a few references, not the request and response objects
 * (keeping a thousand of those alive cost the gateway a tenth of its throughput); redacted and shaped only
 * when the journal is read.
 */
interface Recorded {
  seq: number;
  /** The request as served, its body cut to the body limit (the other fields are small or shared). */
  served: ServedRequest;
  /** The whole request body's size (what is kept may be cut). */
  bodyBytes: number;
  answer: Kept | undefined;
  /** Bytes this record holds (bodies, URL, headers), for the journal's byte budget. */
  bytes: number;
}

/** One attempt of a webhook delivery, as the delivery engine reports it: plain values. */
export interface DeliveryRecord {
  /** Epoch milliseconds when the attempt started. */
  started: number;
  durationMs: number;
  /** The receiver's URL. */
  url: string;
  environment: Environment | undefined;
  headers: Readonly<Record<string, string>>;
  body: Buffer;
  /** The receiver's status; 0 when no answer came. */
  status: number;
  /** The first bytes of its answer, and how many were read. */
  answer: Buffer | undefined;
  answerBytes: number;
  facts: DeliveryFacts;
}

interface RecordedDelivery {
  seq: number;
  delivery: DeliveryRecord;
  /** The whole delivered body's size (what is kept may be cut). */
  bodyBytes: number;
  bytes: number;
}

/** The answer as kept: its body (cut to the body limit) and the whole body's size. */
interface Kept {
  status: number;
  body: string | Buffer | undefined;
  bodyBytes: number;
}

/** At most `max` bytes of a body, copied when cut (the rest of the buffer is not kept alive). */
const cut = (body: Buffer | undefined, max: number) =>
  body && body.length > max ? Buffer.from(body.subarray(0, max)) : body;

/** The answer as sent, its body kept by reference (answers are not changed once sent), cut to the limit. */
function keptAnswer(served: ServedRequest, maxBodyBytes: number): Kept | undefined {
  const { answer } = served;
  if (!answer) return undefined;
  const body = answer.body;
  const bodyBytes = body === undefined ? 0 : typeof body === 'string' ? Buffer.byteLength(body) : body.length;
  const kept = bodyBytes > maxBodyBytes ? cut(Buffer.from(body as string), maxBodyBytes) : body;
  return { status: answer.status, body: kept, bodyBytes };
}

function headerBytes(headers: IncomingHttpHeaders): number {
  let n = 0;
  for (const [name, value] of Object.entries(headers)) n += name.length + String(value ?? '').length;
  return n;
}

/**
 * The journal's placeholders say what was there: `[cpf]`, `[email]`, `[token]`; secrets `[redacted]`. Made
 * when the journal is first read: reading the contract's secret fields walks every schema, which grew the
 * mock's start with the contract (a CPU profile at 2,002 operations).
 */
export function journalRedactor(model?: ContractModel): Redactor {
  let made: Redactor | undefined;
  const redactor = () => {
    made ??= createRedactor({
      model,
      placeholder: (kind) => (kind === 'secret' ? '[redacted]' : `[${kind}]`),
    });
    return made;
  };
  return {
    text: (text) => redactor().text(text),
    value: (value) => redactor().value(value),
    isSecretKey: (name) => redactor().isSecretKey(name),
    placeholder: (kind) => redactor().placeholder(kind),
  };
}

export class Journal {
  readonly #recorded: (Recorded | RecordedDelivery)[] = [];
  readonly #limits: JournalLimits;
  readonly #redactor: Redactor;
  #bytes = 0;
  #seq = 0;

  constructor(limits: Partial<JournalLimits> = {}, redactor: Redactor = journalRedactor()) {
    const given = Object.entries(limits).filter(([, v]) => v !== undefined);
    this.#limits = { ...defaultJournalLimits, ...Object.fromEntries(given) };
    this.#redactor = redactor;
  }

  /** The entries, oldest first, redacted; only those the filter keeps (checked: journal-filter.ts). */
  entries(filter: CheckedFilter = {}): JournalEntry[] {
    const kept = this.#recorded.filter((recorded) => matches(filter, seenOf(recorded)));
    const newest = filter.limit === undefined ? kept : kept.slice(Math.max(0, kept.length - filter.limit));
    // Made anew on each read, not kept: the journal's byte budget counts what it holds.
    return newest.map((recorded) => entryOf(recorded, this.#redactor));
  }

  /** Entries and bytes held now. */
  usage(): { entries: number; bytes: number } {
    return { entries: this.#recorded.length, bytes: this.#bytes };
  }

  clear(): void {
    this.#recorded.length = 0;
    this.#bytes = 0;
  }

  /** Records a request once it was served (cheaply: the gateway's throughput should not pay for the journal). */
  add(served: ServedRequest): void {
    const { maxBodyBytes } = this.#limits;
    this.#seq += 1;
    const answer = keptAnswer(served, maxBodyBytes);
    const body = cut(served.body, maxBodyBytes);
    const bytes =
      (body?.length ?? 0) +
      Math.min(answer?.bodyBytes ?? 0, maxBodyBytes) +
      served.url.length +
      headerBytes(served.headers);
    const bodyBytes = served.body?.length ?? 0;
    const kept = body === served.body ? served : { ...served, body };
    this.#push({ seq: this.#seq, served: kept, bodyBytes, answer, bytes });
  }

  /** Records an attempt of one of the mock's webhook deliveries, its bodies cut to the body limit. */
  addDelivery(record: DeliveryRecord): void {
    const { maxBodyBytes } = this.#limits;
    this.#seq += 1;
    const body = cut(record.body, maxBodyBytes) ?? Buffer.alloc(0);
    const answer = cut(record.answer, maxBodyBytes);
    const bytes = body.length + (answer?.length ?? 0) + record.url.length + 512;
    const delivery = { ...record, body, answer };
    this.#push({ seq: this.#seq, delivery, bodyBytes: record.body.length, bytes });
  }

  #push(recorded: Recorded | RecordedDelivery): void {
    const { maxEntries, maxBytes } = this.#limits;
    if (maxEntries === 0) return;
    this.#recorded.push(recorded);
    this.#bytes += recorded.bytes;
    while (this.#recorded.length > maxEntries || (this.#bytes > maxBytes && this.#recorded.length > 1))
      this.#bytes -= this.#recorded.shift()?.bytes ?? 0;
  }
}

/** What the matcher reads of a record: operation, status (0 when dropped) and arrival time. */
function seenOf(recorded: Recorded | RecordedDelivery): SeenRequest {
  if ('delivery' in recorded) {
    const { delivery } = recorded;
    const at = { operationId: undefined, status: delivery.status, arrived: delivery.started };
    return { ...at, query: '', headers: {}, body: () => undefined };
  }
  const { served } = recorded;
  return {
    operationId: served.match?.operation.operationId,
    status: served.status,
    arrived: served.started,
    query: served.target.query,
    headers: served.headers,
    body: () => undefined,
  };
}

function entryOf(recorded: Recorded | RecordedDelivery, redactor: Redactor): JournalEntry {
  if ('delivery' in recorded) return deliveryEntryOf(recorded, redactor);
  const { seq, served, answer, bodyBytes } = recorded;
  return {
    id: String(seq),
    requestId: redactor.text(served.requestId),
    time: new Date(served.started).toISOString(),
    method: served.method,
    url: redactUrl(served.url, redactor),
    operationId: served.match?.operation.operationId,
    environment: served.caller.env,
    headers: redactHeaderValues(served.headers, redactor),
    ...redactedBody(served.body, bodyBytes, redactor),
    validation: validationOf(served, answer, redactor),
    status: served.status,
    response: responseOf(served.status, answer, redactor),
    answeredBy: served.answeredBy,
    ...(served.stubId ? { stubId: served.stubId } : {}),
    durationMs: served.finished - served.started,
  };
}

/** A delivery attempt as an entry: the mock's POST, the receiver's answer, and what was delivered. */
function deliveryEntryOf({ seq, delivery, bodyBytes }: RecordedDelivery, redactor: Redactor): JournalEntry {
  const { facts, answer, status } = delivery;
  const error = facts.error === undefined ? {} : { error: redactor.text(facts.error) };
  const requestBody = redactedBody(delivery.body, bodyBytes, redactor);
  const answerBody = answer ? redactedBody(answer, delivery.answerBytes, redactor) : {};
  return {
    id: String(seq),
    requestId: facts.notificationId,
    time: new Date(delivery.started).toISOString(),
    method: 'POST',
    url: redactUrl(delivery.url, redactor),
    operationId: undefined,
    environment: delivery.environment,
    headers: redactHeaderValues({ ...delivery.headers }, redactor),
    ...requestBody,
    validation: { result: 'not-checked' },
    status,
    response: status === 0 ? { status } : { status, ...answerBody },
    answeredBy: 'receiver',
    delivery: { ...facts, ...error },
    durationMs: delivery.durationMs,
  };
}

/**
 * Passed when the request was found valid; otherwise what an answer of the mock's own path says (a 400
 * VALIDATION_ERROR names the violations); not checked when a feature answered (a fault, the sandbox).
 */
function validationOf(
  served: ServedRequest,
  answer: Kept | undefined,
  redactor: Redactor,
): JournalEntry['validation'] {
  if (served.validated) return { result: 'passed' };
  const byFeature =
    served.answeredBy === 'fault' || served.answeredBy === 'state' || served.answeredBy === 'stub';
  return answer && !byFeature ? answerValidation(answer, redactor) : { result: 'not-checked' };
}

/** The answer's status and body, redacted; a body cut to the limit says so. */
function responseOf(status: number, answer: Kept | undefined, redactor: Redactor): JournalEntry['response'] {
  if (!answer || status === 0 || answer.body === undefined) return { status };
  return { status, ...redactedBody(Buffer.from(answer.body), answer.bodyBytes, redactor) };
}

/** The kept body, redacted; a cut one ends at a delimiter (no half of a number left) and says so. */
function redactedBody(
  body: Buffer | undefined,
  bodyBytes: number,
  redactor: Redactor,
): { body?: string; bodyBytes?: number } {
  if (!body?.length) return {};
  if (body.length >= bodyBytes) return { body: redactor.text(body.toString('utf8')) };
  const text = cutAtDelimiter(body.toString('utf8'));
  return { body: `${redactor.text(text)}…[truncated: ${bodyBytes} bytes in all]`, bodyBytes };
}

/** Text cut mid-value would leave part of a datum the redaction no longer recognizes: drop that part. */
function cutAtDelimiter(text: string): string {
  for (let i = text.length - 1; i >= Math.max(0, text.length - 256); i--)
    if ('"\n,{}[]&;=:'.includes(text[i] as string)) return text.slice(0, i + 1);
  return text.slice(0, Math.max(0, text.length - 256));
}

/** What Prism's answer says about validation: a 400 VALIDATION_ERROR names the violations. */
function answerValidation(answer: Kept, redactor: Redactor): JournalEntry['validation'] {
  const { status, body } = answer;
  if (status === 0 || body === undefined) return { result: 'not-checked' };
  if (status < 400) return { result: 'passed' };
  const envelope = parseJson(Buffer.from(body)) as { code?: unknown; details?: unknown } | undefined;
  if (status === 400 && envelope?.code === 'VALIDATION_ERROR') {
    const details = Array.isArray(envelope.details) ? envelope.details : [];
    return { result: 'failed', details: redactor.value(details) as unknown[] };
  }
  return { result: 'not-checked' };
}

function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** The URL with a query's `+` read as a space, then redacted (the redaction decodes percent-escapes). */
function redactUrl(url: string, redactor: Redactor): string {
  const query = url.indexOf('?');
  return redactor.text(query === -1 ? url : url.slice(0, query) + url.slice(query).replaceAll('+', ' '));
}
