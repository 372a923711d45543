// The mock as a library: Prism on the bundled spec behind the mTLS gateway, in one process. The CLI,
// the contract tests, the benchmark and other teams' test suites all start it through `startMock`. The
// contract comes from @banking-api/contract: the bundled document for Prism, the model for the gateway.
import { type ContractModel, contractModel, openapiPath } from '@banking-api/contract';
import { adminHooks, adminScope } from './admin.ts';
import { defaultPkiDir } from './defaults.ts';
import { type DevPki, type Environment, ensureDevPki } from './dev-pki.ts';
import { type Egress, startEgress } from './egress.ts';
import { type Fault, FaultRules, faultHooks } from './faults.ts';
import { type Gateway, startGateway, type Violation } from './gateway.ts';
import { chainHooks, type GatewayHooks } from './hooks.ts';
import { Journal, type JournalEntry, journalHooks, journalRedactor } from './journal.ts';
import type { Limits } from './limits.ts';
import type { KeyPair } from './pki.ts';
import { createPrismEngine } from './prism-engine.ts';
import { readSpec, withoutMutualTls } from './spec.ts';
import { Sandbox, type StateLimits, sandboxHooks } from './state.ts';
import { signToken, TokenVerifier } from './tokens.ts';
import { type UsageDocument, UsageRecorder, usageHooks } from './usage.ts';

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
export type { Answer, GatewayHooks, HookAnswer, RequestContext, Violation } from './gateway.ts';
export { defaultJournalLimits, type JournalEntry, type JournalLimits } from './journal.ts';
export { defaultLimits, type Limits } from './limits.ts';
export { type KeyPair, makeCa, makeClientCert, makeServerCert, toPkcs12, type Validity } from './pki.ts';
export { type OpenApiDocument, readSpec, withoutMutualTls } from './spec.ts';
export {
  defaultStateLimits,
  replayHeader,
  type StateLimits,
  type WebhookAttempt,
  type WebhookLog,
} from './state.ts';
export { signToken, type TokenOptions, TokenVerifier } from './tokens.ts';
export { type OperationUsage, USAGE_VERSION, type UsageDocument } from './usage.ts';

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
  /** Changes to the gateway's limits (timeouts, sizes, connection cap, clock skew). */
  limits?: Partial<Limits> | undefined;
  /** Where faults of single requests are logged (with the request id); default stderr. */
  log?: ((line: string) => void) | undefined;
  /** Stateful sandbox: idempotent replay and webhook logs (docs/mock.md). Default stateless. */
  stateful?: boolean | undefined;
  /**
   * Fault injection: `true` honours the `x-mock-fault` header on each request; a record also sets
   * faults per operationId (`*`: every operation) from the start. Default off.
   */
  faults?: boolean | Record<string, Fault> | undefined;
  /** How many requests the journal keeps (oldest dropped first); default 1000, 0 turns it off. */
  journalSize?: number | undefined;
  /** Bytes the journal keeps in all (oldest dropped first); default 16 MiB. */
  journalMaxBytes?: number | undefined;
  /** Bytes of one request body the journal keeps (the rest cut, with a marker); default 64 KiB. */
  journalMaxBodyBytes?: number | undefined;
  /** Bounds of the stateful sandbox's stores (remembered answers, webhook logs); see `defaultStateLimits`. */
  stateLimits?: Partial<StateLimits> | undefined;
  /**
   * Answer a valid request with the answer Prism gave an earlier one of the same operation, Accept and
   * Prefer, without asking Prism again (the same bytes; docs/mock.md, "Speed"). Default on.
   */
  fastPath?: boolean | undefined;
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
  /** What this mock's callers used (operations, parameters, field names; counts, never values), for consumers/. */
  usage(): UsageDocument;
  /** Forgets the stateful sandbox's remembered answers and webhook logs (no-op when stateless). */
  reset(): void;
  stop(): Promise<void>;
  /** The same as `stop()`. */
  close(): Promise<void>;
}

/** The mock's own features, which run on the gateway's request path. */
interface Features {
  faults: FaultRules;
  journal: Journal;
  sandbox: Sandbox | undefined;
  usage: UsageRecorder;
}

function featuresOf(options: MockOptions, model: ContractModel): Features {
  const faults = new FaultRules(model.operations.map((op) => op.operationId));
  if (typeof options.faults === 'object')
    for (const [operationId, fault] of Object.entries(options.faults)) faults.set(operationId, fault);
  return {
    faults,
    journal: new Journal(
      {
        maxEntries: options.journalSize,
        maxBytes: options.journalMaxBytes,
        maxBodyBytes: options.journalMaxBodyBytes,
      },
      journalRedactor(model),
    ),
    sandbox: options.stateful ? new Sandbox(definedOnly(options.stateLimits ?? {})) : undefined,
    usage: new UsageRecorder(model),
  };
}

/** The options a caller set (an `undefined` keeps the default). */
function definedOnly<T extends object>(options: T): Partial<T> {
  return Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** Journal first (it records every answer), then the admin route, faults, and the stateful sandbox. */
function hooksOf(features: Features, pki: DevPki, options: MockOptions): GatewayHooks {
  const { faults, journal, sandbox, usage } = features;
  const verifier = new TokenVerifier(pki.jwt.publicKey);
  return chainHooks(
    [
      usageHooks(usage),
      ...(options.journalSize === 0 ? [] : [journalHooks(journal)]),
      adminHooks({ verifier, journal, faults, sandbox, usage: () => usage.document() }),
      faultHooks({ rules: faults, perRequest: options.faults !== undefined && options.faults !== false }),
      ...(sandbox ? [sandboxHooks(sandbox)] : []),
    ],
    options.log,
  );
}

export async function startMock(options: MockOptions = {}): Promise<Mock> {
  const model = options.model ?? contractModel();
  const document = withoutMutualTls(await readSpec(options.specPath ?? openapiPath), model);
  const features = featuresOf(options, model);
  let egress: Egress | undefined;
  let gateway: Gateway | undefined;
  const close = async () => {
    await gateway?.close();
    await egress?.close();
  };
  try {
    if (options.proxy) egress = await startEgress(options.proxy);
    const mode = egress ? 'proxy' : 'mock';
    const [engine, pki] = await Promise.all([
      createPrismEngine({
        document,
        mode,
        upstream: egress?.url,
        dynamic: options.dynamic,
        errors: options.errors,
        seed: options.seed,
        logLevel: options.prismLogLevel,
        output: options.prismOutput,
      }),
      ensureDevPki(options.pkiDir ?? defaultPkiDir(), { renew: options.renewPki }),
    ]);
    gateway = await startGateway({
      pki,
      engine,
      model,
      mode,
      host: options.host,
      port: options.port ?? 0,
      limits: options.limits,
      fastPath: options.fastPath,
      onViolation: options.onViolation,
      log: options.log,
      hooks: egress ? undefined : hooksOf(features, pki, options),
    });
    return mockOf({ url: gateway.url, pki, model, close }, features);
  } catch (error) {
    await close();
    throw error;
  }
}

function mockOf(
  running: Pick<Mock, 'url' | 'pki' | 'model' | 'close'>,
  { faults, journal, sandbox, usage }: Features,
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
    usage: () => usage.document(),
    reset: () => sandbox?.reset(),
    stop: running.close,
  };
}
