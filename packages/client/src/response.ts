// A real Response (instanceof Response, same API) whose body is already in memory and whose headers are
// read straight from undici's header object: it skips the web-stream and header-validation work that
// `new Response(bytes, { headers })` does for every call, which costs more than the request itself here.
// A streamed answer (`parseAs: 'stream'`) is a plain Response over the exchange's web stream.

const utf8 = new TextDecoder();

type RawHeaders = Record<string, string | string[] | undefined>;
const joined = (value: string | string[] | undefined) =>
  value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;

/** Immutable response headers over undici's lower-cased header object (instanceof Headers). */
class ReceivedHeaders extends Headers {
  readonly #raw: RawHeaders;
  constructor(raw: RawHeaders) {
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

export class BufferedResponse extends Response {
  #bytes: Uint8Array | null;
  #url: string;
  #used = false;
  #stream: ReadableStream<Uint8Array> | null | undefined;
  #headers: RawHeaders;
  #received: ReceivedHeaders | undefined;

  constructor(bytes: Uint8Array | null, status: number, headers: RawHeaders, url: string) {
    super(null, { status });
    this.#bytes = bytes;
    this.#headers = headers;
    this.#url = url;
  }

  #take(): Uint8Array {
    if (this.#used) throw new TypeError('Body is unusable: Body has already been read');
    this.#used = true;
    return this.#bytes ?? new Uint8Array(0);
  }

  override async text(): Promise<string> {
    return utf8.decode(this.#take());
  }
  override async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }
  override async arrayBuffer(): Promise<ArrayBuffer> {
    return new Uint8Array(this.#take()).buffer;
  }
  override async blob(): Promise<Blob> {
    return new Blob([new Uint8Array(this.#take())], { type: this.headers.get('content-type') ?? '' });
  }
  override async formData(): Promise<FormData> {
    return new Response(new Uint8Array(this.#take()), { headers: this.headers }).formData();
  }
  override clone(): Response {
    if (this.#used) throw new TypeError('Response.clone: Body has already been consumed.');
    return new BufferedResponse(this.#bytes, this.status, this.#headers, this.#url);
  }

  // Accessors defined here, not as `get`: TypeScript declares them as plain properties of Response.
  static {
    Object.defineProperties(BufferedResponse.prototype, {
      url: {
        get(this: BufferedResponse) {
          return this.#url;
        },
      },
      headers: {
        get(this: BufferedResponse) {
          this.#received ??= new ReceivedHeaders(this.#headers);
          return this.#received;
        },
      },
      bodyUsed: {
        get(this: BufferedResponse) {
          return this.#used;
        },
      },
      body: {
        get(this: BufferedResponse) {
          if (this.#bytes === null) return null;
          this.#stream ??= new ReadableStream<Uint8Array>({
            pull: (controller) => {
              controller.enqueue(this.#take());
              controller.close();
            },
          });
          return this.#stream;
        },
      },
    });
  }
}

/** Headers as a HeadersInit (repeated headers as repeated pairs). */
function headersInit(raw: RawHeaders): HeadersInit {
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
  answer: { status: number; headers: RawHeaders },
  url: string,
): Response {
  const response = new Response(body, { status: answer.status, headers: headersInit(answer.headers) });
  Object.defineProperty(response, 'url', { value: url });
  return response;
}
