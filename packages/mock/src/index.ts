// The mock as a library: Prism on the bundled spec behind the mTLS gateway. The CLI, the contract
// tests, the benchmark and other teams' test suites all start it through `startMock`. The contract
// comes from @banking-api/contract: the bundled document for Prism, the model for the gateway.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ContractModel, contractModel, openapiPath } from '@banking-api/contract';
import { adminHooks, adminScope } from './admin.ts';
import { defaultPkiDir } from './defaults.ts';
import { type DevPki, type Environment, ensureDevPki } from './dev-pki.ts';
import { type Egress, startEgress } from './egress.ts';
import { type Fault, FaultRules, faultHooks } from './faults.ts';
import { type Gateway, startGateway, type Violation } from './gateway.ts';
import { chainHooks, type GatewayHooks } from './hooks.ts';
import { Journal, type JournalEntry, journalHooks } from './journal.ts';
import type { KeyPair } from './pki.ts';
import { type PrismProcess, startPrism } from './prism.ts';
import { readSpec, withoutMutualTls } from './spec.ts';
import { Sandbox, sandboxHooks } from './state.ts';
import { signToken, TokenVerifier } from './tokens.ts';

export { adminScope } from './admin.ts';
export { defaultPkiDir } from './defaults.ts';
export {
  type DevPki,
  type Environment,
  ensureDevPki,
  environments,
  p12Passphrase,
  pkiFiles,
} from './dev-pki.ts';
export { type ErrorEnvelope, envelope, type ViolationDetail, violationDetails } from './envelope.ts';
export { type Fault, faultHeader } from './faults.ts';
export type { Violation } from './gateway.ts';
export type { JournalEntry } from './journal.ts';
export { type KeyPair, makeCa, makeClientCert, makeServerCert } from './pki.ts';
export { freePort, type PrismProcess, startPrism } from './prism.ts';
export { replayHeader, type WebhookAttempt, type WebhookLog } from './state.ts';
export { signToken, type TokenOptions, TokenVerifier } from './tokens.ts';

export interface MockOptions {
  /** The bundled spec Prism serves (JSON or YAML); default the one @banking-api/contract ships. */
  specPath?: string | undefined;
  /**
   * The model of that spec, which the gateway routes and checks scopes by; default the one
   * @banking-api/contract ships. With a `specPath` of another contract, give that contract's model.
   */
  model?: ContractModel | undefined;
  /**
   * Dev certificates and token key; made there when missing. Default `MOCK_PKI_DIR`, else a per-user
   * folder (`$XDG_STATE_HOME/banking-api-mock` or `~/.local/state/banking-api-mock`).
   */
  pkiDir?: string | undefined;
  /** Re-make the PKI even when the folder has one. */
  renewPki?: boolean | undefined;
  host?: string | undefined;
  /** Gateway port; 0 or absent picks a free one. */
  port?: number | undefined;
  /** Prism's port on 127.0.0.1; 0 or absent picks a free one. */
  prismPort?: number | undefined;
  dynamic?: boolean | undefined;
  errors?: boolean | undefined;
  seed?: string | undefined;
  prismLogLevel?: string | undefined;
  prismOutput?: NodeJS.WritableStream | undefined;
  /** Proxy mode: forward to this real environment instead of mocking. */
  proxy?:
    | { upstream: string; cert?: string | undefined; key?: string | undefined; ca?: string | undefined }
    | undefined;
  onViolation?: ((violation: Violation) => void) | undefined;
  /** Stateful sandbox: idempotent replay and webhook logs (docs/mock.md). Default stateless. */
  stateful?: boolean | undefined;
  /**
   * Fault injection: `true` honours the `x-mock-fault` header on each request; a record also sets
   * faults per operationId (`*`: every operation) from the start. Default off.
   */
  faults?: boolean | Record<string, Fault> | undefined;
  /** How many requests the journal keeps (oldest dropped first); default 1000, 0 turns it off. */
  journalSize?: number | undefined;
}

export interface Mock {
  /** The gateway's https URL. */
  url: string;
  /** Trust anchor of the gateway's server certificate: a client's `ca`. */
  ca: string;
  /** A client certificate and key per environment; the certificate's CA selects the environment. */
  clients: Record<Environment, KeyPair>;
  /** A dev token with these scopes, for the sandbox unless `env` says otherwise. */
  token(
    scopes?: string[],
    options?: { env?: Environment | undefined; ttlSeconds?: number | undefined },
  ): Promise<string>;
  /** A token of the admin credential (scope `mock.admin`), for the /__mock/ admin route. */
  adminToken(env?: Environment): Promise<string>;
  /** Prism's own plain-HTTP URL (for benchmarks and diagnostics; it has no TLS and no token checks). */
  prismUrl: string;
  pki: DevPki;
  /** The model the gateway routes by. */
  model: ContractModel;
  /** Faults per operationId (`*`: every operation). */
  faults: {
    set(operationId: string, fault: Fault): void;
    clear(operationId?: string): void;
    list(): Record<string, Fault>;
  };
  /** Every request answered, with its operation, validation result and status; redacted. */
  journal: { entries(): JournalEntry[]; clear(): void };
  /** Forgets the stateful sandbox's remembered answers and webhook logs (no-op when stateless). */
  reset(): void;
  /** Resolves when Prism exits on its own; `stop()` does not resolve it. */
  prismExited: Promise<{ code: number | null; output: string }>;
  stop(): Promise<void>;
  /** The same as `stop()`. */
  close(): Promise<void>;
}

/** The mock's own features, which run on the gateway's request path. */
interface Features {
  faults: FaultRules;
  journal: Journal;
  sandbox: Sandbox | undefined;
}

function featuresOf(options: MockOptions): Features {
  const faults = new FaultRules();
  if (typeof options.faults === 'object')
    for (const [operationId, fault] of Object.entries(options.faults)) faults.set(operationId, fault);
  return {
    faults,
    journal: new Journal(options.journalSize ?? 1000),
    sandbox: options.stateful ? new Sandbox() : undefined,
  };
}

/** Journal first (it taps every answer), then the admin route, faults, and the stateful sandbox. */
function hooksOf(features: Features, pki: DevPki, model: ContractModel, options: MockOptions): GatewayHooks {
  const { faults, journal, sandbox } = features;
  const operationIds = new Set(model.operations.map((op) => op.operationId));
  const verifier = new TokenVerifier(pki.jwt.publicKey);
  return chainHooks([
    ...(options.journalSize === 0 ? [] : [journalHooks(journal)]),
    adminHooks({ verifier, journal, faults, sandbox, operationIds }),
    faultHooks({ rules: faults, perRequest: options.faults !== undefined && options.faults !== false }),
    ...(sandbox ? [sandboxHooks(sandbox)] : []),
  ]);
}

export async function startMock(options: MockOptions = {}): Promise<Mock> {
  const model = options.model ?? contractModel();
  const doc = withoutMutualTls(await readSpec(options.specPath ?? openapiPath), model);
  const work = await mkdtemp(join(tmpdir(), 'banking-mock-'));
  const prismSpec = join(work, 'openapi.json');
  await writeFile(prismSpec, JSON.stringify(doc));
  const features = featuresOf(options);

  let pki: DevPki;
  let starting: Promise<PrismProcess> | undefined;
  let egress: Egress | undefined;
  let prism: PrismProcess | undefined;
  let gateway: Gateway | undefined;
  let closing = false;
  const close = async () => {
    closing = true;
    await gateway?.close();
    await prism?.stop();
    await egress?.close();
    await rm(work, { recursive: true, force: true });
  };
  try {
    if (options.proxy) egress = await startEgress(options.proxy);
    // Prism boots in its own process while this one makes the PKI (both take about a second).
    starting = startPrism({
      mode: egress ? 'proxy' : 'mock',
      specPath: prismSpec,
      upstream: egress?.url,
      port: options.prismPort,
      dynamic: options.dynamic,
      errors: options.errors,
      seed: options.seed,
      logLevel: options.prismLogLevel,
      output: options.prismOutput,
    });
    starting.catch(() => {}); // handled below; this keeps an early failure from being "unhandled"
    pki = await ensureDevPki(options.pkiDir ?? defaultPkiDir(), { renew: options.renewPki });
    prism = await starting;
    gateway = await startGateway({
      pki,
      prism: { host: '127.0.0.1', port: prism.port },
      model,
      mode: egress ? 'proxy' : 'mock',
      host: options.host,
      port: options.port ?? 0,
      onViolation: options.onViolation,
      hooks: egress ? undefined : hooksOf(features, pki, model, options),
    });
  } catch (error) {
    prism ??= await starting?.catch(() => undefined); // a Prism still booting is stopped too
    await close();
    throw error;
  }
  const running = prism;
  const prismExited = new Promise<{ code: number | null; output: string }>((resolve) => {
    void running.exited.then((exit) => {
      if (!closing) resolve(exit);
    });
  });
  return mockOf({ url: gateway.url, prismUrl: prism.url, pki, model, prismExited, close }, features);
}

function mockOf(
  running: Pick<Mock, 'url' | 'prismUrl' | 'pki' | 'model' | 'prismExited' | 'close'>,
  { faults, journal, sandbox }: Features,
): Mock {
  const { pki } = running;
  return {
    ...running,
    ca: pki.serverCa,
    clients: pki.clients,
    token: (scopes = [], { env = 'sandbox', ttlSeconds } = {}) =>
      signToken(pki.jwt.privateKey, { env, scopes, ttlSeconds }),
    adminToken: (env = 'sandbox') => signToken(pki.jwt.privateKey, { env, scopes: [adminScope] }),
    faults: {
      set: (operationId, fault) => faults.set(operationId, fault),
      clear: (operationId) => faults.clear(operationId),
      list: () => faults.list(),
    },
    journal: { entries: () => journal.entries(), clear: () => journal.clear() },
    reset: () => sandbox?.reset(),
    stop: running.close,
  };
}
