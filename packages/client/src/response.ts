// The Response a call returns. A body read into memory is a BufferedResponse: a Response (instanceof,
// same API) whose headers are read straight from what undici handed over (raw, parsed when first read;
// headers.ts). A streamed answer (`parseAs: 'stream'`) is a plain Response over the exchange's web stream.

import { inspect } from 'node:util';
import { type HeaderRecord, type HeaderSource, headerRecord, headerValue } from './headers.js';
import { redact } from './redact.js';

const utf8 = new TextDecoder();

const joined = (value: string | string[] | undefined) =>
  value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;

/** Immutable response headers over undici's lower-cased header object (instanceof Headers). */
class ReceivedHeaders extends Headers {
  readonly #raw: HeaderRecord;
  constructor(raw: HeaderRecord) {
    super();
    this.#raw = raw;
  }
  override get(name: string): string | null {
    return joined(this.#raw[name.toLowerCase()]);
  }
  override has(name: string): boolean {
    return this.#raw[name.toLowerCase()] !== undefined;
  }
  override getSetCookie(): string[] {
    const value = this.#raw['set-cookie'];
    return value === undefined ? [] : Array.isArray(value) ? value : [value];
  }
  override *entries(): HeadersIterator<[string, string]> {
    for (const name of Object.keys(this.#raw).sort()) {
      const value = joined(this.#raw[name]);
      if (value !== null) yield [name, value];
    }
  }
  override *keys(): HeadersIterator<string> {
    for (const [name] of this.entries()) yield name;
  }
  override *values(): HeadersIterator<string> {
    for (const [, value] of this.entries()) yield value;
  }
  override [Symbol.iterator]() {
    return this.entries();
  }
  override forEach(
    callback: (value: string, name: string, parent: Headers) => void,
    thisArg?: unknown,
  ): void {
    for (const [name, value] of this.entries()) callback.call(thisArg, value, name, this);
  }
  override append(): void {
    throw new TypeError('Headers of a received response are immutable');
  }
  override set(): void {
    throw new TypeError('Headers of a received response are immutable');
  }
  override delete(): void {
    throw new TypeError('Headers of a received response are immutable');
  }
}

/** A BufferedResponse's own state. */
interface BodyState {
  bytes: Uint8Array | null;
  used: boolean;
  stream: ReadableStream<Uint8Array<ArrayBuffer>> | undefined;
  headers: HeaderSource;
  received: ReceivedHeaders | undefined;
}

/** The body, once: a second read fails as Response's does. */
function take(state: BodyState): Uint8Array {
  if (state.used) throw new TypeError('Body is unusable: Body has already been read');
  state.used = true;
  return state.bytes ?? new Uint8Array(0);
}

/**
 * A Response over a body already in memory: `instanceof Response`, same API, but it does not run Response's
 * constructor (webidl checks, a Headers object and a body stream per call, which cost more than the request
 * here), so every accessor and method of Response is its own. Its state is one private object: five
 * private fields measured slower to set up per answer (bench/client.ts), and public ones would show the
 * body to Object.keys and JSON.stringify, which a Response's does not.
 */
export class BufferedResponse implements Response {
  readonly status: number;
  readonly url: string;
  readonly #s: BodyState;

  constructor(bytes: Uint8Array | null, status: number, headers: HeaderSource, url: string) {
    this.status = status;
    this.url = url;
    this.#s = { bytes, used: false, stream: undefined, headers, received: undefined };
  }

  get ok(): boolean {
    return this.status >= 200 && this.status <= 299;
  }
  get statusText(): string {
    return '';
  }
  get type(): ResponseType {
    return 'default';
  }
  get redirected(): boolean {
    return false;
  }
  get headers(): Headers {
    if (!this.#s.received) {
      this.#s.headers = headerRecord(this.#s.headers); // parsed once, kept parsed
      this.#s.received = new ReceivedHeaders(this.#s.headers);
    }
    return this.#s.received;
  }
  get bodyUsed(): boolean {
    return this.#s.used;
  }
  get body(): ReadableStream<Uint8Array<ArrayBuffer>> | null {
    if (this.#s.bytes === null) return null;
    this.#s.stream ??= new ReadableStream<Uint8Array<ArrayBuffer>>({
      pull: (controller) => {
        controller.enqueue(take(this.#s) as Uint8Array<ArrayBuffer>); // undici's buffers are never shared
        controller.close();
      },
    });
    return this.#s.stream;
  }

  /** The body as text now, without a promise (the client's own JSON reading). */
  static textOf(response: BufferedResponse): string {
    return utf8.decode(take(response.#s));
  }

  /** A response header (`name` in lower case) as undici gave it, without parsing the others. */
  static headerOf(response: BufferedResponse, name: string): string | null {
    return headerValue(response.#s.headers, name);
  }

  async text(): Promise<string> {
    return utf8.decode(take(this.#s));
  }
  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }
  async arrayBuffer(): Promise<ArrayBuffer> {
    return new Uint8Array(take(this.#s)).buffer;
  }
  async bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return new Uint8Array(take(this.#s));
  }
  async blob(): Promise<Blob> {
    return new Blob([new Uint8Array(take(this.#s))], { type: this.headers.get('content-type') ?? '' });
  }
  async formData(): Promise<FormData> {
    return new Response(new Uint8Array(take(this.#s)), { headers: this.headers }).formData();
  }
  clone(): Response {
    if (this.#s.used) throw new TypeError('Response.clone: Body has already been consumed.');
    return new BufferedResponse(this.#s.bytes, this.status, this.#s.headers, this.url);
  }

  static {
    Object.setPrototypeOf(BufferedResponse.prototype, Response.prototype); // instanceof Response
    // Response's own inspect reads its internal state, which this object does not have.
    Object.defineProperty(BufferedResponse.prototype, inspect.custom, {
      value(this: BufferedResponse): string {
        return `Response { status: ${this.status}, url: '${redact(this.url)}', bodyUsed: ${this.#s.used} }`;
      },
    });
  }
}

/** Headers as a HeadersInit (repeated headers as repeated pairs). */
function headersInit(raw: HeaderRecord): HeadersInit {
  const pairs: [string, string][] = [];
  for (const [name, value] of Object.entries(raw)) {
    if (Array.isArray(value)) for (const item of value) pairs.push([name, item]);
    else if (value !== undefined) pairs.push([name, value]);
  }
  return pairs;
}

/** A Response over a body handed over unread. */
export function streamedResponse(
  body: ReadableStream<Uint8Array>,
  answer: { status: number; headers: HeaderSource },
  url: string,
): Response {
  const headers = headersInit(headerRecord(answer.headers));
  const response = new Response(body, { status: answer.status, headers });
  Object.defineProperty(response, 'url', { value: url });
  return response;
}
