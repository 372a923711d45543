// The command line of `npm run verify`, checked into options; every mistake is a UsageError that says
// what to fix (exit 2).
import { parseArgs } from 'node:util';
import { withoutTrailingSlashes } from '@banking-api/contract';
import { tokenArgs, tokenOf } from './token-options.js';
import { UsageError } from './usage-error.js';

export { UsageError } from './usage-error.js';

export const usage = `Usage: banking-api-verify --target https://host:port --ca ca.pem --cert client.pem \\
    --key client-key.pem --token TOKEN [options]        (or: npx @banking-api/verify …)
  --target            base URL of the server to verify (https)
  --ca                CA certificate (PEM) that issued the server's certificate
  --cert, --key       client certificate and key (PEM) of the environment
  --token             a token carrying every scope the contract names
  --unscoped-token    a valid token without scopes: turns on the scope checks (403)
  --expired-token     an expired token of the environment: turns on the expired-token check (401)
  --other-env-token   a valid token of another environment: turns on the cross-environment check
  --token-file FILE   each token option has a -file form (--unscoped-token-file, --expired-token-file,
                      --other-env-token-file, --parity-token-file) reading the token from FILE: a token on
                      the command line shows in the process list and shell history (keep that for local use)
  --fixtures FILE     identifiers and setup requests for a server with state (JSON, see the guide)
  --include LIST      only these operations (operationId or "METHOD /path") and checks (id), comma-separated;
                      only these operations are called, and those that issue the identifiers they need
  --exclude LIST      leave out these operations and checks
  --rerun REPORT      only the operations and checks that failed in that JSON report
  --parity-target URL the mock (or another server) to send the same example requests to, reporting where
                      its answers differ from the target's; with --parity-cert, --parity-key, --parity-token
                      and --parity-ca (default --ca)
  --junit FILE        also write JUnit XML
  --report FILE       also write the JSON report
  --annotations       also print GitHub Actions annotations (::error) for each failure
  --seed N            seed of the generated inputs (default 1): the same seed sends the same inputs
  --max-examples N    generated invalid bodies per operation and media type (default 10)
  --timeout SECONDS   per request: to connect, for the headers, between body chunks (default 10); a
                      request without an answer in time fails answers-within-limits on its operation
  --spec FILE         verify against this contract: its model JSON (banking-api-model writes it), or
                      the OpenAPI document itself with @banking-api/model installed
  --allow-production  verify a target the contract lists as production (verification creates resources)
  --webhook-receiver HOST:PORT  run an mTLS webhook receiver there (point your server's webhook at it) and
                      check that try, retry and resend deliver (webhook-delivered); with
                      --webhook-receiver-cert, --webhook-receiver-key (its server certificate, which your
                      server must trust), --webhook-client-ca (the CA of your server's delivery client
                      certificate), --webhook-id (the webhookId pointed at it) and --webhook-wait SECONDS
                      (how long a delivery may take, default 30)
Exit codes: 0 the server conforms, 1 it deviates (including an operation that gave no answer in time),
2 verify could not verify: usage, files, a server not reached, or no check ran.`;

export interface CliOptions {
  readonly target: string;
  readonly ca: string;
  readonly cert: string;
  readonly key: string;
  readonly token: string;
  readonly unscopedToken?: string;
  readonly expiredToken?: string;
  readonly otherEnvToken?: string;
  readonly fixtures?: string;
  readonly include: readonly string[];
  readonly exclude: readonly string[];
  readonly rerun?: string;
  readonly parity?: {
    readonly target: string;
    readonly ca: string;
    readonly cert: string;
    readonly key: string;
    readonly token: string;
  };
  readonly junit?: string;
  readonly report?: string;
  readonly annotations: boolean;
  readonly seed: number;
  readonly maxExamples: number;
  /** Per request, in milliseconds. */
  readonly timeoutMs: number;
  readonly spec?: string;
  readonly allowProduction: boolean;
  /** --webhook-receiver and its files: the delivery check runs with it. */
  readonly webhookReceiver?: {
    readonly host: string;
    readonly port: number;
    readonly cert: string;
    readonly key: string;
    readonly clientCa: string;
    readonly webhookId: string;
    readonly waitMs: number;
  };
  readonly help: boolean;
}

const spec = {
  target: { type: 'string' },
  ca: { type: 'string' },
  cert: { type: 'string' },
  key: { type: 'string' },
  ...tokenArgs,
  fixtures: { type: 'string' },
  include: { type: 'string', multiple: true },
  exclude: { type: 'string', multiple: true },
  rerun: { type: 'string' },
  'parity-target': { type: 'string' },
  'parity-ca': { type: 'string' },
  'parity-cert': { type: 'string' },
  'parity-key': { type: 'string' },
  junit: { type: 'string' },
  report: { type: 'string' },
  annotations: { type: 'boolean', default: false },
  seed: { type: 'string', default: '1' },
  'max-examples': { type: 'string', default: '10' },
  timeout: { type: 'string', default: '10' },
  spec: { type: 'string' },
  'allow-production': { type: 'boolean', default: false },
  'webhook-receiver': { type: 'string' },
  'webhook-receiver-cert': { type: 'string' },
  'webhook-receiver-key': { type: 'string' },
  'webhook-client-ca': { type: 'string' },
  'webhook-id': { type: 'string' },
  'webhook-wait': { type: 'string', default: '30' },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

export function parseOptions(argv: readonly string[]): CliOptions {
  const { values } = parseArgsOrUsage(argv);
  if (values.help) return { help: true } as CliOptions;
  const required = (name: 'target' | 'ca' | 'cert' | 'key' | 'token') => {
    const value = name === 'token' ? tokenOf(values, 'token') : values[name];
    if (!value) {
      const also = name === 'token' ? ' (or --token-file)' : '';
      throw new UsageError(`--${name}${also} is required.`, { showUsage: true });
    }
    return value;
  };
  return {
    target: httpsUrl(required('target')),
    ca: required('ca'),
    cert: required('cert'),
    key: required('key'),
    token: required('token'),
    unscopedToken: tokenOf(values, 'unscoped-token'),
    expiredToken: tokenOf(values, 'expired-token'),
    otherEnvToken: tokenOf(values, 'other-env-token'),
    fixtures: values.fixtures,
    include: list(values.include),
    exclude: list(values.exclude),
    rerun: values.rerun,
    ...parityOf(values),
    junit: values.junit,
    report: values.report,
    annotations: values.annotations,
    seed: integer('--seed', values.seed, 0),
    maxExamples: integer('--max-examples', values['max-examples'], 0),
    timeoutMs: integer('--timeout', values.timeout, 1) * 1000,
    spec: values.spec,
    allowProduction: values['allow-production'],
    ...receiverOf(values),
    help: false,
  };
}

/** The --webhook-* options: all of them once --webhook-receiver names where to listen. */
function receiverOf(values: Readonly<Record<string, unknown>>): Pick<CliOptions, 'webhookReceiver'> {
  const at = values['webhook-receiver'];
  if (typeof at !== 'string') return {};
  const need = (name: string) => {
    const value = values[name];
    if (typeof value !== 'string' || !value)
      throw new UsageError(`--${name} is required with --webhook-receiver.`, { showUsage: true });
    return value;
  };
  const match = /^(.+):(\d{1,5})$/.exec(at);
  const port = Number(match?.[2]);
  if (!match || port > 65535)
    throw new UsageError(
      `--webhook-receiver ${at}: give HOST:PORT, e.g. 0.0.0.0:9443 (port 0 picks a free one).`,
    );
  return {
    webhookReceiver: {
      host: (match[1] as string).replace(/^\[|\]$/g, ''),
      port,
      cert: need('webhook-receiver-cert'),
      key: need('webhook-receiver-key'),
      clientCa: need('webhook-client-ca'),
      webhookId: need('webhook-id'),
      waitMs: integer('--webhook-wait', String(values['webhook-wait'] ?? '30'), 1) * 1000,
    },
  };
}

function parseArgsOrUsage(argv: readonly string[]) {
  try {
    return parseArgs({ args: [...argv], options: spec, strict: true, allowPositionals: false });
  } catch (error) {
    throw new UsageError((error as Error).message, { showUsage: true });
  }
}

function httpsUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(
      `--target ${value} is not a URL; give the server's base URL, e.g. https://host:8443.`,
    );
  }
  if (url.protocol !== 'https:')
    throw new UsageError(`--target ${value} is not https: the contract requires mutual TLS.`);
  if (url.search || url.hash)
    throw new UsageError(`--target ${value}: give a base URL without query or fragment.`);
  return withoutTrailingSlashes(value);
}

function integer(flag: string, value: string, min: number): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < min)
    throw new UsageError(`${flag} must be an integer ≥ ${min}, not ${value}.`);
  return n;
}

/** `--include a,b --include c` → [a, b, c]. */
const list = (values: readonly string[] | undefined): string[] =>
  (values ?? [])
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);

/** The --parity-* options: all of cert, key and token once a parity target is named. */
function parityOf(values: Readonly<Record<string, unknown>>): Pick<CliOptions, 'parity'> {
  const target = values['parity-target'];
  if (typeof target !== 'string') return {};
  const need = (name: string) => {
    const value = values[name];
    if (typeof value !== 'string' || !value)
      throw new UsageError(`--${name} is required with --parity-target.`, { showUsage: true });
    return value;
  };
  const ca = typeof values['parity-ca'] === 'string' ? values['parity-ca'] : need('ca');
  return {
    parity: {
      target: httpsUrl(target),
      ca,
      cert: need('parity-cert'),
      key: need('parity-key'),
      token: tokenOf(values, 'parity-token') ?? need('parity-token'),
    },
  };
}
