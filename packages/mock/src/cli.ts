// `npm run mock`: Prism on the bundled spec behind the mTLS gateway, until Ctrl-C.
import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { openapiPath, readModel } from '@banking-api/contract';
import { defaultPkiDir } from './defaults.ts';
import { type Mock, startMock } from './index.ts';

const usage = `Usage: npm run mock -- [options]

  --host <host>          gateway address (env MOCK_HOST, default 127.0.0.1)
  --port <port>          gateway port (env MOCK_PORT, default 8443; 0 picks a free one)
  --prism-port <port>    Prism's loopback port (env MOCK_PRISM_PORT, default a free one)
  --spec <file>          bundled spec (default the one @banking-api/contract ships)
  --model <file>         its contract model, JSON (default the one @banking-api/contract ships)
  --pki-dir <dir>        dev certificates and token key (env MOCK_PKI_DIR, default ./.dev-pki)
  --renew-pki            re-make the dev certificates and token key
  --dynamic              generated data instead of the named examples
  --seed <seed>          make --dynamic data repeatable
  --errors               Prism answers 500 when an example breaks its own schema
  --prism-log <level>    show Prism's log at this level (trace, debug, info, warn, error)
  --proxy <https URL>    validate a real environment instead of mocking (see README)
  --upstream-cert <pem>  client certificate for the real environment (proxy mode)
  --upstream-key <pem>   its private key
  --upstream-ca <pem>    CA of the real environment's server certificate, if not a public one
`;

function fail(message: string): never {
  console.error(`mock: ${message}\n\n${usage}`);
  process.exit(2);
}

let args: ReturnType<typeof parse>;
function parse() {
  return parseArgs({
    options: {
      host: { type: 'string', default: process.env.MOCK_HOST ?? '127.0.0.1' },
      port: { type: 'string', default: process.env.MOCK_PORT ?? '8443' },
      'prism-port': { type: 'string', default: process.env.MOCK_PRISM_PORT ?? '0' },
      spec: { type: 'string', default: openapiPath },
      model: { type: 'string' },
      'pki-dir': { type: 'string', default: defaultPkiDir },
      'renew-pki': { type: 'boolean', default: false },
      dynamic: { type: 'boolean', default: false },
      seed: { type: 'string' },
      errors: { type: 'boolean', default: false },
      'prism-log': { type: 'string' },
      proxy: { type: 'string' },
      'upstream-cert': { type: 'string' },
      'upstream-key': { type: 'string' },
      'upstream-ca': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
}
try {
  args = parse();
} catch (error) {
  fail((error as Error).message);
}
const { values } = args;
if (values.help) {
  console.log(usage);
  process.exit(0);
}

const port = (name: string, value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) fail(`--${name} must be a port number, got "${value}"`);
  return n;
};
const pem = (flag: string) => {
  const file = values[flag as 'upstream-cert'];
  if (file === undefined) return undefined;
  if (!existsSync(file)) fail(`--${flag}: no such file ${file}`);
  return readFileSync(file, 'utf8');
};
const specPath = values.spec;
if (!existsSync(specPath))
  fail(`no bundled spec at ${specPath}: run \`npm run build\` first, or pass --spec`);
if (values.model !== undefined && !existsSync(values.model)) fail(`--model: no such file ${values.model}`);
if (values.proxy && !/^https:\/\//.test(values.proxy))
  fail(`--proxy needs an https:// URL, got ${values.proxy}`);

let mock: Mock;
try {
  mock = await startMock({
    specPath,
    model: values.model === undefined ? undefined : readModel(values.model),
    pkiDir: values['pki-dir'],
    renewPki: values['renew-pki'],
    host: values.host,
    port: port('port', values.port),
    prismPort: port('prism-port', values['prism-port']),
    dynamic: values.dynamic,
    errors: values.errors,
    seed: values.seed,
    prismLogLevel: values['prism-log'],
    prismOutput: values['prism-log'] ? process.stderr : undefined,
    proxy: values.proxy
      ? {
          upstream: values.proxy,
          cert: pem('upstream-cert'),
          key: pem('upstream-key'),
          ca: pem('upstream-ca'),
        }
      : undefined,
    onViolation: values.proxy
      ? (v) =>
          console.error(
            `✖ contract violation: ${v.method} ${v.path} → ${v.status}\n  ${v.violations.join('\n  ')}`,
          )
      : undefined,
  });
} catch (error) {
  console.error(`mock: could not start: ${(error as Error).message}`);
  process.exit(1);
}

const mode = values.proxy ? `proxy to ${values.proxy}` : values.dynamic ? 'dynamic mock' : 'mock';
console.log(`Banking API ${mode} ready at ${mock.url} — certificates in ${mock.pki.dir}`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await mock.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
void mock.prismExited.then(async ({ code, output }) => {
  console.error(`mock: Prism exited unexpectedly (code ${code}); stopping the gateway.\n${output}`);
  await mock.close();
  process.exit(1);
});
