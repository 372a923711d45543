// One attempt over undici's low-level `dispatch`: no body stream in between, so the answer's bytes are
// counted as they arrive (over the limit, the request is aborted before more memory is spent) and the
// attempt can be aborted at any moment, queued or in flight (the call's deadline, the caller's signal).
// The exchange settles with the Response itself (or the typed failure), so that an attempt is one promise.
// The client's own pool is driven through undici 7's v1 handler shape (RawHandler, below), which hands the
// answer's headers over raw; a dispatcher passed in gets the v2 shape (the exchange itself).
import type { Dispatcher } from 'undici';
import type { Body } from './body.js';
import { type Call, contextOf, disarmCall } from './call.js';
import { type BankingClientError, ResponseTooLargeError } from './errors.js';
import { type HeaderSource, headerValue } from './headers.js';
import { BufferedResponse, streamedResponse } from './response.js';

/** What the exchange does to the request in flight. */
type Controller = Pick<Dispatcher.DispatchController, 'abort' | 'pause' | 'resume'>;

/** What every exchange of a client shares, made once by the attempt layer. */
export interface ExchangeContext {
  dispatcher: Dispatcher;
  /** Largest body accepted, in bytes. */
  maxBytes: number;
  /** The typed error for what undici or Node threw (a promise when the server must be asked first). */
  failure(call: Call, error: unknown): BankingClientError | Promise<BankingClientError>;
  /** Told when an answer starts: the server has accepted our certificate. */
  answered(): void;
  /** Drive the dispatcher through undici 7's v1 handler shape (RawHandler): only the client's own pool. */
  v1: boolean;
}

/** Statuses whose answer has no body. */
const nullBody = (status: number) =>
  status === 204 || status === 304 || status === 205 || status === 101 || status === 103;

const declaredLength = (headers: HeaderSource) => {
  const value = headerValue(headers, 'content-length');
  return value === null ? Number.NaN : Number(value);
};

/** One request/answer; `answer` settles with the Response or the attempt's typed failure. */
export class Exchange implements Dispatcher.DispatchHandler {
  readonly answer: Promise<Response>;
  /** The status, once the answer has started. */
  status: number | undefined;
  /** Why the attempt failed, once it has (for the hooks). */
  failure: BankingClientError | undefined;
  #resolve!: (answer: Response | Promise<never>) => void;
  #reject!: (error: Error) => void;
  readonly #call: Call;
  readonly #context: ExchangeContext;
  #controller: Controller | undefined;
  #aborted: Error | undefined;
  #done = false;
  #headers: HeaderSource = {};
  /** The body's chunks: most bodies are one, kept without an array. */
  #chunk: Buffer | undefined;
  #chunks: Buffer[] | undefined;
  #size = 0;
  #stream: ReadableStreamDefaultController<Uint8Array> | undefined;

  constructor(call: Call, context: ExchangeContext, body: Body | null) {
    this.#call = call;
    this.#context = context;
    this.answer = new Promise<Response>((resolve, reject) => {
      this.#resolve = resolve;
      this.#reject = reject;
    });
    call.exchange = this;
    const { req } = call;
    const request: Dispatcher.DispatchOptions = {
      origin: req.origin,
      path: req.target,
      method: req.method as Dispatcher.HttpMethod,
      headers: req.headers,
      body,
      // The call's own deadline bounds the attempt: undici's per-attempt timers are not needed.
      headersTimeout: 0,
      bodyTimeout: 0,
    };
    context.dispatcher.dispatch(request, context.v1 ? new RawHandler(this) : this);
  }

  /** Stops the exchange with `error`: at once, whether it is queued, waiting for the answer or reading it. */
  abort(error: Error): void {
    if (this.#done) return;
    this.#aborted ??= error;
    this.#controller?.abort(error);
    this.#fail(error); // a queued request is aborted by onRequestStart once it gets a connection
  }

  /** The exchange is over: body complete, failed or aborted. */
  get ended(): boolean {
    return this.#done;
  }

  onRequestStart(controller: Controller): void {
    this.#controller = controller;
    if (this.#aborted) controller.abort(this.#aborted);
  }

  onResponseStart(controller: Controller, status: number, headers: HeaderSource): void {
    this.status = status;
    this.#headers = headers;
    this.#context.answered();
    if (declaredLength(headers) > this.#context.maxBytes) this.abort(this.#oversize());
    else if (this.#call.req.stream && !nullBody(status)) this.#resolve(this.#streamed(controller));
  }

  onResponseData(controller: Controller, chunk: Buffer): void {
    if (this.#done) return;
    this.#size += chunk.length;
    if (this.#size > this.#context.maxBytes) this.abort(this.#oversize());
    else if (this.#stream) this.#forward(controller, chunk);
    else if (this.#chunk === undefined) this.#chunk = chunk;
    else {
      this.#chunks ??= [this.#chunk];
      this.#chunks.push(chunk);
    }
  }

  onResponseEnd(): void {
    if (this.#done) return;
    this.#done = true;
    if (this.#stream) this.#stream.close();
    else
      this.#resolve(new BufferedResponse(this.#body(), this.status ?? 0, this.#headers, this.#call.req.url));
    this.#ended();
  }

  onResponseError(_controller: Controller, error: Error): void {
    this.#fail(this.#aborted ?? error);
  }

  #fail(error: Error): void {
    if (this.#done) return;
    this.#done = true;
    if (this.#stream) this.#stream.error(error);
    else this.#settleFailure(error);
    this.#ended();
  }

  /** Rejects `answer` with the typed failure (once the server has been asked, when that is needed). */
  #settleFailure(error: Error): void {
    const failure = this.#context.failure(this.#call, error);
    if (!(failure instanceof Promise)) {
      this.failure = failure;
      this.#reject(failure);
      return;
    }
    this.#resolve(
      failure.then((typed) => {
        this.failure = typed;
        throw typed;
      }),
    );
  }

  /** Only the body handed to the caller ends the call; a discarded attempt's body does not. */
  #ended(): void {
    const call = this.#call;
    if (call.streaming && call.exchange === this) disarmCall(call);
  }

  #oversize(): ResponseTooLargeError {
    const { maxBytes } = this.#context;
    return new ResponseTooLargeError(maxBytes, contextOf(this.#call, this.status ?? 0));
  }

  #body(): Uint8Array | null {
    if (nullBody(this.status ?? 0)) return null;
    if (this.#chunks) return Buffer.concat(this.#chunks, this.#size);
    return this.#chunk ?? Buffer.alloc(0);
  }

  /** Streams a chunk to the reader; pauses the connection while the reader is behind (it resumes in pull). */
  #forward(controller: Controller, chunk: Buffer): void {
    this.#stream?.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length));
    if ((this.#stream?.desiredSize ?? 1) <= 0) controller.pause();
  }

  /** The answer with its body as a web stream that pulls from the connection (backpressure). */
  #streamed(controller: Controller): Response {
    const body = new ReadableStream<Uint8Array>({
      start: (stream) => {
        this.#stream = stream;
      },
      pull: () => controller.resume(),
      cancel: () => this.abort(new Error('the response body was cancelled by its reader')),
    });
    this.#call.streaming = true; // the deadline stays on until the body is read
    return streamedResponse(body, { status: this.status ?? 0, headers: this.#headers }, this.#call.req.url);
  }
}

/**
 * undici 7's v1 handler shape over an exchange, as undici.request itself drives its dispatcher: the answer's
 * headers arrive as raw bytes (headers.ts), where the v2 bridge parses each of them into a record first.
 * It is also the exchange's controller. Only for the client's own pool (undici 7, its dependency): a
 * dispatcher passed in gets the v2 shape, the only one undici 8 has.
 */
class RawHandler {
  readonly #exchange: Exchange;
  #abort: ((error: Error) => void) | undefined;
  #resume: (() => void) | undefined;
  #paused = false;
  #aborted = false;

  constructor(exchange: Exchange) {
    this.#exchange = exchange;
  }

  abort(error: Error): void {
    if (this.#aborted) return;
    this.#aborted = true;
    this.#abort?.(error);
  }
  pause(): void {
    this.#paused = true;
  }
  resume(): void {
    if (!this.#paused) return;
    this.#paused = false;
    this.#resume?.();
  }

  onConnect(abort: (error: Error) => void): void {
    this.#abort = abort;
    this.#exchange.onRequestStart(this);
  }
  onHeaders(status: number, headers: Buffer[], resume: () => void): boolean {
    this.#resume = resume;
    this.#exchange.onResponseStart(this, status, headers);
    return !this.#paused;
  }
  onData(chunk: Buffer): boolean {
    this.#exchange.onResponseData(this, chunk);
    return !this.#paused;
  }
  onComplete(): void {
    this.#exchange.onResponseEnd();
  }
  onError(error: Error): void {
    this.#exchange.onResponseError(this, error);
  }
}
