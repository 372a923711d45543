// Prism inside the mock's own process (@stoplight/prism-http, as @stoplight/prism-http-server uses it):
// no second HTTP hop and no child process, and a fault while Prism handles one request is that
// request's rejected promise, which the gateway answers, instead of a dead Prism for everyone.
import { createRequire } from 'node:module';
import { Writable } from 'node:stream';
import { createLogger } from '@stoplight/prism-core';
import {
  createInstance,
  type IHttpConfig,
  type IHttpRequest,
  type IHttpResponse,
  type PrismHttpComponents,
  ProblemJsonError,
  VIOLATIONS,
} from '@stoplight/prism-http';
import { validateOutput } from '@stoplight/prism-http/dist/validator/index.js';
import { getHttpConfigFromRequest } from '@stoplight/prism-http-server/dist/getHttpConfigFromRequest.js';
import type { IHttpOperation } from '@stoplight/types';
import { definedOnly } from '../api/defined.ts';
import { readAbsentDeepObjectsAsAbsent } from './deep-object-query.ts';
import { documentWithOnly, METHODS, type Spec } from './one-operation.ts';
import { prismOperations } from './operations-of.ts';
import type { PrismViolation } from './problems.ts';

// Pads json-schema-faker's generated date-times to three-digit milliseconds (see the file), in this
// process as in a Prism child.
createRequire(import.meta.url)('./faker-timestamps.cjs');
readAbsentDeepObjectsAsAbsent();

export interface PrismEngineOptions {
  /**
   * The OpenAPI document Prism serves (already without mutualTLS), read when a request first needs Prism or
   * `ready()` is called.
   */
  document: () => Promise<object>;
  mode: 'mock' | 'proxy';
  /** proxy mode: the real environment, and the forwarder that reaches it over mutual TLS (upstream.ts). */
  upstream?: { url: URL; forward: PrismHttpComponents['forward'] } | undefined;
  dynamic?: boolean;
  errors?: boolean;
  seed?: string;
  /** Prism's log level; 'fatal' (default) keeps it quiet. */
  logLevel?: string;
  /** Where Prism's log lines (JSON) go; by default nowhere. */
  output?: NodeJS.WritableStream;
}

/** A request as the gateway has read it: the normalized path, the raw query, the parsed body. */
export interface PrismRequest {
  /** The operation the gateway routed to (`METHOD /path/{template}`), if any: Prism need not route again. */
  operationKey?: string;
  method: string;
  path: string;
  query: string;
  headers: Record<string, string>;
  /** Parsed JSON, text, or null for no body. */
  body: unknown;
  /** The contract's validators found the request valid where Prism misjudges it: Prism does not judge it. */
  judged?: boolean;
}

export type PrismResult =
  | { kind: 'response'; status: number; headers: Record<string, string>; body: unknown }
  | { kind: 'problem'; status: number; headers: Record<string, string>; problem: Record<string, unknown> };

export interface PrismOutcome {
  result: PrismResult;
  /** Request and response violations, in Prism's `sl-violations` shape. */
  violations: PrismViolation[];
}

export interface PrismEngine {
  /** Reads the document now; rejects when it cannot be read or holds no operation. */
  ready(): Promise<void>;
  handle(request: PrismRequest): Promise<PrismOutcome>;
  /**
   * What Prism's answer to this request depends on, if the request is valid: its operation, `Accept` and
   * the preferences Prism reads (`Prefer`, else the `__code`-style query parameters), read by Prism's own
   * reader. Undefined when Prism makes each answer anew (generated data, a seed) or cannot read the
   * preferences: the gateway may give an answer again only under the same key (fast-path.ts). An operation
   * with callbacks (Prism calls them) is the gateway's to leave out.
   */
  answerKey(request: PrismRequest): string | undefined;
}

export async function createPrismEngine(options: PrismEngineOptions): Promise<PrismEngine> {
  const operations = lazyOperations(options.document);
  const logger = createLogger('PRISM', { level: options.logLevel ?? 'fatal' }, options.output ?? sink());
  const config = engineConfig(options);
  const forward = options.upstream?.forward;
  const components = {
    logger,
    validateOutput: rememberedOutputValidation(),
    ...(forward ? { forward } : {}),
  };
  const prism = createInstance(config, components);
  return {
    ready: async () => {
      await operations.spec();
    },
    answerKey(request) {
      const { operationKey } = request;
      if (options.mode !== 'mock' || options.dynamic || !operationKey) return undefined;
      const preferences = getHttpConfigFromRequest(prismInput(request));
      if (preferences._tag === 'Left') return undefined;
      const { code, exampleKey, dynamic, seed } = preferences.right;
      if (dynamic || seed !== undefined) return undefined;
      return JSON.stringify([operationKey, request.headers.accept ?? '', code ?? '', exampleKey ?? '']);
    },
    async handle(request) {
      const input = prismInput(request);
      const preferences = getHttpConfigFromRequest(input);
      if (preferences._tag === 'Left') return { result: problemOf(preferences.left), violations: [] };
      const perRequest = {
        ...config,
        ...(request.judged ? { validateRequest: false } : {}),
        mock: { ...config.mock, ...definedOnly(preferences.right) },
      };
      // The gateway routed already (by the model, on the same path): Prism matches that one operation
      // instead of scoring every path of the spec again. Unknown paths keep all, for Prism's 404 or 405.
      const routed = request.operationKey ? await operations.alone(request.operationKey) : [];
      const candidates = routed.length ? routed : await operations.all();
      const either = await prism.request(input, candidates, perRequest)();
      if (either._tag === 'Left') return { result: problemOf(either.left), violations: [] };
      return outcomeOf(either.right, config.errors);
    },
  };
}

/**
 * Prism's operations, each made when a request first needs it (operations-of.ts). Converting every operation
 * of the document at start grew the mock's start
 * with the contract (2.7 s of CPU at 2,002 operations, a CPU profile, bench/scale.ts). A routed request
 * needs one operation: it is made once, from a copy of the document holding that operation alone (same
 * path, so the same id). A request the gateway could not route needs them all (Prism's 404 or 405):
 * made once, on the first such request. The document itself is read on first need too (parsing the bundle
 * was a third of what start grew by at 2,002 operations). A failure is not kept: the next request tries again.
 */
function lazyOperations(document: () => Promise<object>) {
  const made = new Map<string, Promise<unknown>>();
  const once = <T>(key: string, make: () => Promise<T>): Promise<T> => {
    let value = made.get(key) as Promise<T> | undefined;
    if (!value) {
      value = make();
      made.set(key, value);
      value.catch(() => made.delete(key));
    }
    return value;
  };
  const spec = () => once('document', () => document().then(withOperations));
  return {
    spec,
    all: () => once('', async () => prismOperations(structuredClone(await spec()))),
    alone: (key: string) =>
      once(`op ${key}`, async () => prismOperations(documentWithOnly(await spec(), key))),
  };
}

/** The document, if it has an operation. */
function withOperations(document: object): Spec {
  const spec = document as Spec;
  if (!Object.values(spec.paths ?? {}).some((item) => METHODS.some((m) => m in (item ?? {}))))
    throw new Error('No operations found in the spec.');
  return spec;
}

type OutputValidation = PrismHttpComponents['validateOutput'];

/**
 * Prism validates every answer it makes against the response schema. A static example is the same
 * object on every request and so is its verdict: it is remembered per example object. Generated data
 * (--dynamic) is a new object each time and is validated each time.
 */
function rememberedOutputValidation(): OutputValidation {
  const verdicts = new WeakMap<object, Map<string, ReturnType<OutputValidation>>>();
  return (args) => {
    const { body, statusCode, headers } = args.element;
    if (!body || typeof body !== 'object') return validateOutput(args);
    const key = `${(args.resource as IHttpOperation).id} ${statusCode} ${JSON.stringify(headers ?? {})}`;
    const known = verdicts.get(body) ?? new Map<string, ReturnType<OutputValidation>>();
    verdicts.set(body, known);
    const verdict = known.get(key) ?? validateOutput(args);
    known.set(key, verdict);
    return verdict;
  };
}

function engineConfig(options: PrismEngineOptions): IHttpConfig {
  const shared = {
    validateRequest: true,
    validateResponse: true,
    // The gateway admits by every scheme the contract declares (gateway/schemes.ts); Prism knows fewer.
    checkSecurity: options.mode === 'proxy',
    errors: options.errors ?? false,
    upstreamProxy: undefined,
    mock: { dynamic: options.dynamic ?? false, seed: options.seed },
  };
  return options.mode === 'proxy'
    ? { ...shared, isProxy: true, upstream: options.upstream?.url ?? new URL('https://127.0.0.1') }
    : { ...shared, isProxy: false };
}

function prismInput(request: PrismRequest): IHttpRequest {
  return {
    method: request.method.toLowerCase() as IHttpRequest['method'],
    url: { path: request.path, query: nameValues(new URLSearchParams(request.query)) },
    headers: request.headers,
    body: request.body,
  };
}

/** Query parameters as Prism takes them: one value as a string, repeated ones as a list. */
function nameValues(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    out[key] = values.length === 1 ? (values[0] as string) : values;
  }
  return out;
}

type Diagnostic = { path?: (string | number)[]; severity: number; code?: string | number; message: string };
type Validated = { output: IHttpResponse; validations: { input: Diagnostic[]; output: Diagnostic[] } };

/** Prism's response and violations; under --errors a response that breaks its own schema is a 500. */
function outcomeOf({ output, validations }: Validated, errors: boolean): PrismOutcome {
  const input = validations.input.map(violationOf('request'));
  const produced = validations.output.map(violationOf('response'));
  const violations = [...input, ...produced];
  const broken = produced.filter((v) => v.severity === 'Error');
  if (errors && broken.length > 0) {
    const detail = 'The response Prism produced breaks its own schema and --errors is set.';
    return { result: problemOf(ProblemJsonError.fromTemplate(VIOLATIONS, detail)), violations };
  }
  const headers = { ...(output.headers ?? {}) };
  return { result: { kind: 'response', status: output.statusCode, headers, body: output.body }, violations };
}

const severities = ['Error', 'Warning', 'Information', 'Hint'];

function violationOf(prefix: 'request' | 'response'): (d: Diagnostic) => PrismViolation {
  return (d) => ({
    location: [prefix, ...(d.path ?? []).map(String)],
    severity: severities[d.severity] ?? 'Error',
    code: d.code,
    message: d.message,
  });
}

function problemOf(error: Error & { status?: number; additional?: { headers?: Record<string, string> } }) {
  const problem = ProblemJsonError.toProblemJson(error) as unknown as Record<string, unknown>;
  const headers = { 'content-type': 'application/problem+json', ...(error.additional?.headers ?? {}) };
  return { kind: 'problem', status: error.status || 500, headers, problem } as const;
}

function sink(): Writable {
  return new Writable({ write: (_chunk, _encoding, done) => done() });
}
