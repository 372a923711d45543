// One attempt over undici's low-level `dispatch`: no body stream in between, so the answer's bytes are
// counted as they arrive (over the limit, the request is aborted before more memory is spent) and the
// attempt can be aborted at any moment, queued or in flight (the call's deadline, the caller's signal).
// The exchange settles with the Response itself (or the typed failure), so that an attempt is one promise.
// It is the dispatch handler itself, in one of undici's two handler shapes: the client's own pool is driven
// through undici 7's v1 shape, as undici.request drives it, which hands the answer's headers over raw
// (headers.ts); a dispatcher passed in gets the v2 shape, the only one undici 8 has, whose bridge parses
// every header first. Fields are plain properties: class private fields measured slower to set up per
// exchange (bench/client.ts).
import type { Dispatcher } from 'undici';
import type { Body } from './body.js';
import { type Call, contextOf, disarmCall, type InFlight } from './call.js';
import { type BankingClientError, ResponseTooLargeError } from './errors.js';
import { type HeaderSource, headerValue } from './headers.js';
import { BufferedResponse, streamedResponse } from './response.js';

/** What every exchange of a client shares, made once by the attempt layer. */
export interface ExchangeContext {
  dispatcher: Dispatcher;
  /** Largest body accepted, in bytes. */
  maxBytes: number;
  /** The typed error for what undici or Node threw (a promise when the server must be asked first). */
  failure(call: Call, error: unknown): BankingClientError | Promise<BankingClientError>;
  /** Told when an answer starts: the server has accepted our certificate. */
  answered(): void;
  /** Drive the dispatcher through undici 7's v1 handler shape: only the client's own pool. */
  v1: boolean;
}

/** Statuses whose answer has no body. */
const nullBody = (status: number) =>
  status === 204 || status === 304 || status === 205 || status === 101 || status === 103;

const declaredLength = (headers: HeaderSource) => {
  const value = headerValue(headers, 'content-length');
  return value === null ? Number.NaN : Number(value);
};

/** Sends the call's request; the exchange's `answer` settles with the Response or the typed failure. */
export function startExchange(call: Call, context: ExchangeContext, body: Body | null): Exchange {
  const current: Exchange = context.v1 ? new V1Exchange(call, context) : new V2Exchange(call, context);
  call.exchange = current;
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
  // The client never follows redirects: a 3xx is the answer. A caller's dispatcher may carry undici's
  // redirect interceptor, which would otherwise resend the headers (x-account-id), the body and our
  // certificate to wherever `location` points; it honours a per-request 0. The client's own pool never
  // redirects, so its requests are left as they are.
  if (!context.v1) (request as { maxRedirections?: number }).maxRedirections = 0;
  context.dispatcher.dispatch(request, current as Dispatcher.DispatchHandler);
  return current;
}

/** One request/answer, whichever handler shape undici drives it through. */
export abstract class Exchange implements InFlight {
  readonly answer: Promise<Response>;
  /** The status, once the answer has started. */
  status: number | undefined;
  /** Why the attempt failed, once it has (for the hooks). */
  failure: BankingClientError | undefined;
  protected settle!: (answer: Response | Promise<never>) => void;
  protected reject!: (error: Error) => void;
  protected readonly call: Call;
  protected readonly context: ExchangeContext;
  protected aborted: Error | undefined = undefined;
  protected done = false;
  protected headers: HeaderSource = {};
  /** The body's chunks: most bodies are one, kept without an array. */
  protected chunk: Buffer | undefined = undefined;
  protected chunks: Buffer[] | undefined = undefined;
  protected size = 0;
  protected stream: ReadableStreamDefaultController<Uint8Array> | undefined = undefined;

  constructor(call: Call, context: ExchangeContext) {
    this.call = call;
    this.context = context;
    this.answer = new Promise<Response>((resolve, reject) => {
      this.settle = resolve;
      this.reject = reject;
    });
  }

  /** Stops the exchange with `error`: at once, whether it is queued, waiting for the answer or reading it. */
  abort(error: Error): void {
    if (this.done) return;
    this.aborted ??= error;
    this.stopRequest(error);
    this.fail(error); // a queued request is stopped by begin() once it gets a connection
  }

  /** Aborts the request in undici (nothing yet while it is queued). */
  protected abstract stopRequest(error: Error): void;
  /** Stops reading from the connection until resumeReading. */
  protected abstract pauseReading(): void;
  protected abstract resumeReading(): void;

  /** The exchange is over: body complete, failed or aborted. */
  get ended(): boolean {
    return this.done;
  }

  /** The request has a connection. */
  protected begin(): void {
    if (this.aborted) this.stopRequest(this.aborted);
  }

  protected start(status: number, headers: HeaderSource): void {
    this.status = status;
    this.headers = headers;
    this.context.answered();
    if (declaredLength(headers) > this.context.maxBytes) this.abort(this.oversize());
    else if (this.call.req.stream && !nullBody(status)) this.settle(this.streamed());
  }

  protected data(chunk: Buffer): void {
    // undici's parser, resumed after a pause at the end of what arrived of a Content-Length body, hands over
    // an empty chunk: forwarded, the reader would pull again at once, in a microtask loop no timer (not
    // even the deadline) could break.
    if (this.done || chunk.length === 0) return;
    this.size += chunk.length;
    if (this.size > this.context.maxBytes) this.abort(this.oversize());
    else if (this.stream) this.forward(chunk);
    else if (this.chunk === undefined) this.chunk = chunk;
    else {
      this.chunks ??= [this.chunk];
      this.chunks.push(chunk);
    }
  }

  protected end(): void {
    if (this.done) return;
    this.done = true;
    if (this.stream) this.stream.close();
    else this.settle(new BufferedResponse(this.body(), this.status ?? 0, this.headers, this.call.req.url));
    this.ended_();
  }

  protected error(error: Error): void {
    this.fail(this.aborted ?? error);
  }

  private fail(error: Error): void {
    if (this.done) return;
    this.done = true;
    if (this.stream) this.stream.error(error);
    else this.settleFailure(error);
    this.ended_();
  }

  /** Rejects `answer` with the typed failure (once the server has been asked, when that is needed). */
  private settleFailure(error: Error): void {
    const failure = this.context.failure(this.call, error);
    if (!(failure instanceof Promise)) {
      this.failure = failure;
      this.reject(failure);
      return;
    }
    this.settle(
      failure.then((typed) => {
        this.failure = typed;
        throw typed;
      }),
    );
  }

  /** Only the body handed to the caller ends the call; a discarded attempt's body does not. */
  private ended_(): void {
    const { call } = this;
    if (call.streaming && call.exchange === this) disarmCall(call);
  }

  private oversize(): ResponseTooLargeError {
    return new ResponseTooLargeError(this.context.maxBytes, contextOf(this.call, this.status ?? 0));
  }

  private body(): Uint8Array | null {
    if (nullBody(this.status ?? 0)) return null;
    if (this.chunks) return Buffer.concat(this.chunks, this.size);
    return this.chunk ?? Buffer.alloc(0);
  }

  /** Streams a chunk to the reader; pauses the connection while the reader is behind (it resumes in pull). */
  private forward(chunk: Buffer): void {
    this.stream?.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length));
    if ((this.stream?.desiredSize ?? 1) <= 0) this.pauseReading();
  }

  /** The answer with its body as a web stream that pulls from the connection (backpressure). */
  private streamed(): Response {
    const body = new ReadableStream<Uint8Array>({
      start: (stream) => {
        this.stream = stream;
      },
      pull: () => this.resumeReading(),
      cancel: () => this.abort(new Error('the response body was cancelled by its reader')),
    });
    this.call.streaming = true; // the deadline stays on until the body is read
    return streamedResponse(body, { status: this.status ?? 0, headers: this.headers }, this.call.req.url);
  }
}

/** undici's v2 handler shape (a dispatcher passed in): undici's controller, headers parsed by undici. */
class V2Exchange extends Exchange implements Dispatcher.DispatchHandler {
  private controller: Dispatcher.DispatchController | undefined = undefined;

  protected stopRequest(error: Error): void {
    this.controller?.abort(error);
  }
  protected pauseReading(): void {
    this.controller?.pause();
  }
  protected resumeReading(): void {
    this.controller?.resume();
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    this.begin();
  }
  onResponseStart(_controller: Dispatcher.DispatchController, status: number, headers: HeaderSource): void {
    this.start(status, headers);
  }
  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.data(chunk);
  }
  onResponseEnd(): void {
    this.end();
  }
  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    this.error(error);
  }
}

/**
 * undici 7's v1 handler shape (the client's own pool), as undici.request itself uses it: headers arrive
 * raw. Having no onRequestStart, it is driven directly, not through undici's v2 bridge.
 */
class V1Exchange extends Exchange {
  private abortRequest: ((error: Error) => void) | undefined = undefined;
  private resumeRequest: (() => void) | undefined = undefined;
  private stopped = false;
  private paused = false;

  protected stopRequest(error: Error): void {
    if (this.stopped || !this.abortRequest) return;
    this.stopped = true;
    this.abortRequest(error);
  }
  protected pauseReading(): void {
    this.paused = true;
  }
  protected resumeReading(): void {
    if (!this.paused) return;
    this.paused = false;
    this.resumeRequest?.();
  }

  onConnect(abort: (error: Error) => void): void {
    this.abortRequest = abort;
    this.begin();
  }
  onHeaders(status: number, headers: Buffer[], resume: () => void): boolean {
    this.resumeRequest = resume;
    this.start(status, headers);
    return !this.paused;
  }
  onData(chunk: Buffer): boolean {
    this.data(chunk);
    return !this.paused;
  }
  onComplete(): void {
    this.end();
  }
  onError(error: Error): void {
    this.error(error);
  }
}
