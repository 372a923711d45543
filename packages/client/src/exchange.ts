// One attempt over undici's low-level `dispatch`: no body stream in between, so the answer's bytes are
// counted as they arrive (over the limit, the request is aborted before more memory is spent) and the
// attempt can be aborted at any moment, queued or in flight (the call's deadline, the caller's signal).
import type { Dispatcher } from 'undici';

export type RawHeaders = Record<string, string | string[] | undefined>;

/** An answer: status, headers and the body, in memory (null when the status has none) or as a stream. */
export interface Answer {
  status: number;
  headers: RawHeaders;
  body: Uint8Array | null | ReadableStream<Uint8Array>;
}

export interface ExchangeOptions {
  /** Largest body accepted, in bytes. */
  maxBytes: number;
  /** Hand the body over as a stream (resolve at the headers) instead of reading it into memory. */
  stream: boolean;
  /** The error for a body over the limit. */
  oversize: (status: number) => Error;
  /** Called once when the exchange is over: body complete, failed or aborted. */
  onEnd: () => void;
}

/** Statuses whose answer has no body. */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

const declaredLength = (headers: RawHeaders) => {
  const value = headers['content-length'];
  return typeof value === 'string' ? Number(value) : Number.NaN;
};

/** One request/answer; `answer` settles with the answer or the first failure. */
export class Exchange implements Dispatcher.DispatchHandler {
  readonly answer: Promise<Answer>;
  /** The status, once the answer has started. */
  status: number | undefined;
  #resolve!: (answer: Answer) => void;
  #reject!: (error: Error) => void;
  #options: ExchangeOptions;
  #controller: Dispatcher.DispatchController | undefined;
  #failure: Error | undefined;
  #done = false;
  #headers: RawHeaders = {};
  #chunks: Buffer[] = [];
  #size = 0;
  #stream: ReadableStreamDefaultController<Uint8Array> | undefined;

  constructor(dispatcher: Dispatcher, request: Dispatcher.DispatchOptions, options: ExchangeOptions) {
    this.#options = options;
    this.answer = new Promise<Answer>((resolve, reject) => {
      this.#resolve = resolve;
      this.#reject = reject;
    });
    dispatcher.dispatch(request, this);
  }

  /** Stops the exchange with `error`: at once, whether it is queued, waiting for the answer or reading it. */
  abort(error: Error): void {
    if (this.#done) return;
    this.#failure ??= error;
    this.#controller?.abort(error);
    this.#fail(error); // a queued request is aborted by onRequestStart once it gets a connection
  }

  /** The exchange is over: body complete, failed or aborted. */
  get ended(): boolean {
    return this.#done;
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.#controller = controller;
    if (this.#failure) controller.abort(this.#failure);
  }

  onResponseStart(controller: Dispatcher.DispatchController, status: number, headers: RawHeaders): void {
    this.status = status;
    this.#headers = headers;
    if (declaredLength(headers) > this.#options.maxBytes) this.abort(this.#options.oversize(status));
    else if (this.#options.stream && !NULL_BODY.has(status)) this.#resolve(this.#streamed(controller));
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.#done) return;
    this.#size += chunk.length;
    if (this.#size > this.#options.maxBytes) this.abort(this.#options.oversize(this.status ?? 0));
    else if (!this.#stream) this.#chunks.push(chunk);
    else this.#forward(controller, chunk);
  }

  /** Streams a chunk to the reader; pauses the connection while the reader is behind (it resumes in pull). */
  #forward(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.#stream?.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length));
    if ((this.#stream?.desiredSize ?? 1) <= 0) controller.pause();
  }

  onResponseEnd(): void {
    if (this.#done) return;
    this.#done = true;
    if (this.#stream) this.#stream.close();
    else this.#resolve({ status: this.status ?? 0, headers: this.#headers, body: this.#body() });
    this.#options.onEnd();
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    this.#fail(this.#failure ?? error);
  }

  #fail(error: Error): void {
    if (this.#done) return;
    this.#done = true;
    if (this.#stream) this.#stream.error(error);
    else this.#reject(error);
    this.#options.onEnd();
  }

  #body(): Uint8Array | null {
    if (NULL_BODY.has(this.status ?? 0)) return null;
    const chunks = this.#chunks;
    return chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, this.#size);
  }

  /** The answer with its body as a web stream that pulls from the connection (backpressure). */
  #streamed(controller: Dispatcher.DispatchController): Answer {
    const body = new ReadableStream<Uint8Array>({
      start: (stream) => {
        this.#stream = stream;
      },
      pull: () => controller.resume(),
      cancel: () => this.abort(new Error('the response body was cancelled by its reader')),
    });
    return { status: this.status ?? 0, headers: this.#headers, body };
  }
}
