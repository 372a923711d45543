#!/usr/bin/env node
// `banking-api-mock` (`npx @banking-api/mock`, `npm run mock` in this repo): Prism on the bundled spec
// behind the mTLS gateway, until Ctrl-C or SIGTERM. Zero configuration: the dev PKI is made on the first
// run in one per-user folder, which the banner names together with the files a client needs.
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { openapiPath, readModel } from '@banking-api/contract';
import type { MockOptions } from './api/options.ts';
import { type BannerFacts, banner } from './bin/banner.ts';
import { contractFiles } from './bin/contract-option.ts';
import { stopWithParentUnderNpx } from './bin/parent-watch.ts';
import { type Mock, startMock } from './mock.ts';
import { defaultPkiDir } from './pki/defaults.ts';
import { ensureDevPki } from './pki/dev-pki.ts';

const usage = `Usage: banking-api-mock [options]

  --host <host>          gateway address (env MOCK_HOST, default 127.0.0.1)
  --port <port>          gateway port (env MOCK_PORT, default 8443; 0 picks a free one)
  --spec <file>          bundled spec (default the one @banking-api/contract ships)
  --model <file>         its contract model, JSON (default the one @banking-api/contract ships)
  --contract <file>      serve this OpenAPI 3.0/3.1 contract (YAML or JSON) instead of --spec and --model:
                         read by @banking-api/model, which must be installed beside the mock
  --pki-dir <dir>        dev certificates and token key (env MOCK_PKI_DIR,
                         default $XDG_STATE_HOME/banking-api-mock or ~/.local/state/banking-api-mock)
  --renew-pki            re-make the dev certificates and token key
  --server-names <list>  comma-separated names and addresses the server certificate must have besides
                         localhost, 127.0.0.1 and ::1: the names clients use (a compose service, a
                         Kubernetes Service) (env MOCK_SERVER_NAMES)
  --init-pki             make (or complete) the PKI folder with those names and exit, without serving
  --stateful             stateful sandbox: idempotent replay, webhook logs and deliveries (env MOCK_STATEFUL=1)
  --webhook <id>=<url>   deliver webhook <id> (the webhookId of try and logs) to this https URL, over
                         mutual TLS with the mock's webhook client certificate (webhook-ca.pem is its CA);
                         repeatable; turns on --stateful. The contract does not show how a webhook is
                         registered: this is the mock's own choice (also PUT /__mock/webhooks/{id})
  --webhook-ca <file>    CA certificate(s) (PEM) of the receivers' server certificates (default Node's)
  --webhook-retry-schedule <s,s,...>  seconds between the automatic retries of a failed delivery (the
                         mock's choice, the contract shows none; default 1,5,25; "none" for no retry)
  --faults               honour the x-mock-fault header on each request (env MOCK_FAULTS=1)
  --journal-size <n>     requests the journal keeps (default 1000)
  --journal-max-bytes <n>  bytes the journal keeps in all (default 16777216); a body over
                         65536 bytes is kept cut, with a marker
  --state-max-entries <n>  --stateful: identifiers remembered (default 10000) and webhook logs
                         kept (default 1000) at most, each
  --state-max-bytes <n>  --stateful: bytes each store keeps (default 33554432)
  --max-sessions <n>     sessions tests may open at once (default 64)
  --session-idle-timeout <s>  a session unused this many seconds is closed (default 900)
  --dynamic              generated data instead of the named examples
  --seed <seed>          make --dynamic data repeatable
  --errors               Prism answers 500 when an example breaks its own schema
  --no-fast-path         ask Prism for every answer (by default a valid request gets the answer
                         Prism gave an earlier one of the same operation, Accept and Prefer)
  --prism-log <level>    show Prism's log at this level (trace, debug, info, warn, error)
  --proxy <https URL>    validate a real environment instead of mocking (see README)
  --upstream-cert <pem>  client certificate for the real environment (proxy mode)
  --upstream-key <pem>   its private key
  --upstream-ca <pem>    CA of the real environment's server certificate, if not a public one
  --upstream-token-file <file>  the Bearer token the real environment takes, read for every request (so a
                         token another process refreshes is used at once); your clients call the mock with
                         its own dev tokens, which never leave it
`;

type Values = ReturnType<typeof parse>['values'];

function fail(message: string): never {
  console.error(`banking-api-mock: ${message}\n\n${usage}`);
  process.exit(2);
}

function parse() {
  const flag = (name: string) => /^(1|true|yes)$/i.test(process.env[name] ?? '');
  return parseArgs({
    options: {
      host: { type: 'string', default: process.env.MOCK_HOST ?? '127.0.0.1' },
      port: { type: 'string', default: process.env.MOCK_PORT ?? '8443' },
      spec: { type: 'string', default: openapiPath },
      model: { type: 'string' },
      contract: { type: 'string' },
      'pki-dir': { type: 'string', default: defaultPkiDir() },
      'renew-pki': { type: 'boolean', default: false },
      'server-names': { type: 'string', default: process.env.MOCK_SERVER_NAMES ?? '' },
      'init-pki': { type: 'boolean', default: false },
      'max-sessions': { type: 'string' },
      'session-idle-timeout': { type: 'string' },
      stateful: { type: 'boolean', default: flag('MOCK_STATEFUL') },
      faults: { type: 'boolean', default: flag('MOCK_FAULTS') },
      'journal-size': { type: 'string', default: '1000' },
      'journal-max-bytes': { type: 'string' },
      'state-max-entries': { type: 'string' },
      'state-max-bytes': { type: 'string' },
      dynamic: { type: 'boolean', default: false },
      seed: { type: 'string' },
      errors: { type: 'boolean', default: false },
      'no-fast-path': { type: 'boolean', default: false },
      'prism-log': { type: 'string' },
      proxy: { type: 'string' },
      'upstream-cert': { type: 'string' },
      'upstream-key': { type: 'string' },
      'upstream-ca': { type: 'string' },
      'upstream-token-file': { type: 'string' },
      webhook: { type: 'string', multiple: true },
      'webhook-ca': { type: 'string' },
      'webhook-retry-schedule': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
}

function parsedArgs(): Values {
  try {
    return parse().values;
  } catch (error) {
    fail((error as Error).message);
  }
}

/** A count or time of at least 1 (0 sessions, or a timeout of 0, would close every session at once). */
const positive = (name: string, value: string, max: number) =>
  wholeNumber(name, value, max, `a whole number from 1 to ${max}`) || fail(`--${name} must be at least 1`);

function wholeNumber(name: string, value: string, max: number, what = `a whole number up to ${max}`): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > max) fail(`--${name} must be ${what}, got "${value}"`);
  return n;
}

const GiB = 1024 ** 3;

function optionalNumber(values: Values, name: 'journal-max-bytes' | 'state-max-entries' | 'state-max-bytes') {
  const value = values[name];
  return value === undefined ? undefined : wholeNumber(name, value, 4 * GiB);
}

function stateLimits(values: Values): MockOptions['stateLimits'] {
  const entries = optionalNumber(values, 'state-max-entries');
  return {
    maxRemembered: entries,
    maxWebhookLogs: entries,
    maxBytes: optionalNumber(values, 'state-max-bytes'),
  };
}

const portNumber = (name: string, value: string) => wholeNumber(name, value, 65535, 'a port number');

function pemFile(
  values: Values,
  flag: 'upstream-cert' | 'upstream-key' | 'upstream-ca' | 'webhook-ca',
): string | undefined {
  const file = values[flag];
  if (file === undefined) return undefined;
  if (!existsSync(file)) fail(`--${flag}: no such file ${file}`);
  return readFileSync(file, 'utf8');
}

/** The options of `startMock`, after checking the files and URLs the arguments name. */
function mockOptions(values: Values): MockOptions {
  if (!existsSync(values.spec)) fail(`no bundled spec at ${values.spec}: pass --spec`);
  if (values.model !== undefined && !existsSync(values.model)) fail(`--model: no such file ${values.model}`);
  if (values.proxy && !/^https:\/\//.test(values.proxy))
    fail(`--proxy needs an https:// URL, got ${values.proxy}`);
  return {
    specPath: values.spec,
    model: values.model === undefined ? undefined : readModel(values.model),
    pkiDir: values['pki-dir'],
    renewPki: values['renew-pki'],
    serverNames: serverNames(values),
    sessionLimits: sessionLimits(values),
    host: values.host,
    port: portNumber('port', values.port),
    stateful: values.stateful,
    faults: values.faults,
    journalSize: wholeNumber('journal-size', values['journal-size'], 1_000_000),
    journalMaxBytes: optionalNumber(values, 'journal-max-bytes'),
    stateLimits: stateLimits(values),
    dynamic: values.dynamic,
    errors: values.errors,
    fastPath: !values['no-fast-path'],
    seed: values.seed,
    prismLogLevel: values['prism-log'],
    prismOutput: values['prism-log'] ? process.stderr : undefined,
    proxy: values.proxy ? proxyOptions(values, values.proxy) : undefined,
    onViolation: values.proxy ? reportViolation : undefined,
    ...webhookOptions(values),
  };
}

/** --webhook id=url (repeatable), --webhook-ca, --webhook-retry-schedule; each attempt told on stderr. */
function webhookOptions(
  values: Values,
): Pick<MockOptions, 'webhooks' | 'webhookCa' | 'deliveries' | 'onDelivery'> {
  const webhooks: Record<string, string> = {};
  for (const given of values.webhook ?? []) {
    const at = given.indexOf('=');
    if (at < 1) fail(`--webhook takes <webhookId>=<https URL>, got "${given.slice(0, 80)}"`);
    webhooks[given.slice(0, at)] = given.slice(at + 1);
  }
  const schedule = values['webhook-retry-schedule'];
  const retrySchedule =
    schedule === undefined
      ? undefined
      : schedule === 'none'
        ? []
        : schedule.split(',').map((s) => wholeNumber('webhook-retry-schedule', s.trim(), 3600) * 1000);
  return {
    webhooks,
    webhookCa: pemFile(values, 'webhook-ca'),
    deliveries: { retrySchedule },
    onDelivery: (line) => console.error(line),
  };
}

function serverNames(values: Values): string[] {
  return values['server-names']
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
}

function sessionLimits(values: Values): MockOptions['sessionLimits'] {
  const max = values['max-sessions'];
  const idle = values['session-idle-timeout'];
  return {
    maxSessions: max === undefined ? undefined : positive('max-sessions', max, 10_000),
    idleTimeoutMs: idle === undefined ? undefined : positive('session-idle-timeout', idle, 86_400) * 1000,
  };
}

function proxyOptions(values: Values, upstream: string): NonNullable<MockOptions['proxy']> {
  const tokenFile = values['upstream-token-file'];
  if (tokenFile !== undefined && !existsSync(tokenFile))
    fail(`--upstream-token-file: no such file ${tokenFile}`);
  return {
    upstream,
    cert: pemFile(values, 'upstream-cert'),
    key: pemFile(values, 'upstream-key'),
    ca: pemFile(values, 'upstream-ca'),
    token: tokenFile === undefined ? undefined : async () => (await readFile(tokenFile, 'utf8')).trim(),
  };
}

const reportViolation: NonNullable<MockOptions['onViolation']> = (v) =>
  console.error(`✖ contract violation: ${v.method} ${v.path} → ${v.status}\n  ${v.violations.join('\n  ')}`);

function stopOnSignals(mock: Mock): void {
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await mock.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop); // also as PID 1 in a container, where Node ignores SIGTERM by default
  stopWithParentUnderNpx(stop);
}

async function main(): Promise<void> {
  const values = parsedArgs();
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  let mock: Mock;
  try {
    if (values.contract !== undefined) {
      if (values.spec !== openapiPath || values.model !== undefined)
        fail('--contract replaces --spec and --model');
      Object.assign(values, await contractFiles(values.contract));
    }
    const options = mockOptions(values);
    if (values['init-pki']) return initPki(options);
    mock = await startMock(options);
  } catch (error) {
    console.error(
      `banking-api-mock: could not start: ${(error as Error).message}${startHint(error, values)}`,
    );
    process.exit(1);
  }
  // stdout: the one ready line that scripts wait for; stderr: the guide, for people.
  const { ready, guide } = banner(mock, bannerFacts(values));
  console.log(ready);
  console.error(guide);
  stopOnSignals(mock);
}

/** What to do about the commonest reasons a start fails. */
function startHint(error: unknown, values: Values): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') return ' (another mock may still be running there; --port 0 picks a free port)';
  if (code !== 'EACCES' && code !== 'EROFS' && code !== 'EPERM') return '';
  const uid = process.getuid?.();
  return ` (the PKI folder ${values['pki-dir']} must be writable by this user${uid === undefined ? '' : `, uid ${uid}`}: in a container, mount a folder that user can write, or run it with --user set to the folder's owner, or mount a PKI made with --init-pki)`;
}

function bannerFacts(values: Values): BannerFacts {
  const mode = values.proxy ? `proxy to ${values.proxy}` : values.dynamic ? 'dynamic mock' : 'mock';
  const stateful = values.stateful || (values.webhook ?? []).length > 0;
  const features = [stateful && 'stateful', values.faults && 'faults'].filter((f) => typeof f === 'string');
  const inContainer = process.env.MOCK_IN_CONTAINER === '1';
  return {
    mode,
    features,
    host: values.host,
    inContainer,
    mounted: inContainer && isMountPoint(values['pki-dir']),
    webhooks: (values.webhook ?? []).map((w) => w.replace('=', ' → ')),
  };
}

/** Whether `dir` is a mount point of this process (Linux: /proc/self/mountinfo); false when unknown. */
function isMountPoint(dir: string): boolean {
  try {
    return readFileSync('/proc/self/mountinfo', 'utf8')
      .split('\n')
      .some((line) => line.split(' ')[4] === dir);
  } catch {
    return false;
  }
}

/** --init-pki: the PKI folder made or completed with the server names, for a read-only mount elsewhere. */
async function initPki(options: MockOptions): Promise<void> {
  const pki = await ensureDevPki(options.pkiDir ?? defaultPkiDir(), {
    renew: options.renewPki,
    serverNames: options.serverNames,
  });
  console.log(`PKI in ${pki.dir}; the server certificate names ${pki.serverNames.join(', ')}`);
}

await main();
