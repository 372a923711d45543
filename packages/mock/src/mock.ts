// The mock as a library: Prism on the bundled spec behind the mTLS gateway, in one process. The CLI,
// the contract tests, the benchmark and other teams' test suites all start it through `startMock`. The
// contract comes from @banking-api/contract: the bundled document for Prism, the model for the gateway.
import { allScopes, type ContractModel, contractModel, openapiPath } from '@banking-api/contract';
import { adminScope } from './admin.ts';
import type { MockConnection, MockSession, OpenSessionOptions } from './admin-api.ts';
import { defaultPkiDir } from './defaults.ts';
import { definedOnly } from './defined.ts';
import { type DevPki, type Environment, ensureDevPki } from './dev-pki.ts';
import { type Egress, startEgress } from './egress.ts';
import type { Fault } from './faults.ts';
import { type Features, featuresOf, hooksOf } from './features.ts';
import { type Gateway, startGateway } from './gateway.ts';
import type { JournalEntry, JournalFilter } from './journal.ts';
import { localSession } from './local-session.ts';
import type { MockOptions } from './mock-options.ts';
import type { KeyPair } from './pki.ts';
import { createPrismEngine } from './prism-engine.ts';
import { checkedSessionOptions } from './sessions.ts';
import { readSpec, withoutMutualTls } from './spec.ts';
import type { StoredStub, Stub } from './stubs.ts';
import { signToken } from './tokens.ts';
import type { UsageDocument } from './usage.ts';

export { adminScope } from './admin.ts';
// The sessions' vocabulary and the admin client, as `@banking-api/mock/admin` exports them.
export * from './admin-client.ts';
export { defaultPkiDir } from './defaults.ts';
export {
  type DevPki,
  defaultServerNames,
  type Environment,
  ensureDevPki,
  environments,
  type PkiOptions,
  p12Passphrase,
  pkiFiles,
} from './dev-pki.ts';
export { type ErrorEnvelope, envelope, type ViolationDetail, violationDetails } from './envelope.ts';
export { type Fault, faultHeader } from './faults.ts';
export type { Answer, GatewayHooks, HookAnswer, RequestContext, Violation } from './gateway.ts';
export {
  defaultJournalLimits,
  type JournalEntry,
  type JournalFilter,
  type JournalLimits,
} from './journal.ts';
export { defaultLimits, type Limits } from './limits.ts';
export type { MockOptions } from './mock-options.ts';
export { type KeyPair, makeCa, makeClientCert, makeServerCert, toPkcs12, type Validity } from './pki.ts';
export { defaultSessionLimits, type SessionLimits, TooManySessionsError } from './sessions.ts';
export { type OpenApiDocument, readSpec, withoutMutualTls } from './spec.ts';
export {
  defaultStateLimits,
  replayHeader,
  type StateLimits,
  type WebhookAttempt,
  type WebhookLog,
} from './state.ts';
export { defaultStubLimits, type StoredStub, type Stub, type StubLimits } from './stubs.ts';
export { signToken, type TokenOptions, TokenVerifier } from './tokens.ts';
export { type OperationUsage, USAGE_VERSION, type UsageDocument } from './usage.ts';

export interface Mock {
  /** The gateway's https URL. */
  url: string;
  /** Trust anchor of the gateway's server certificate: a client's `ca`. */
  ca: string;
  /** A client certificate and key per environment; the certificate's CA selects the environment. */
  clients: Record<Environment, KeyPair>;
  /**
   * A dev token with these scopes (default: every scope the contract names, as the CLI's token and
   * `connection()` give; `[]` for none), for the sandbox unless `env` says otherwise.
   */
  token(
    scopes?: string[],
    options?: { env?: Environment | undefined; ttlSeconds?: number | undefined },
  ): Promise<string>;
  /** A token of the admin credential (scope `mock.admin`), for the /__mock/ admin route. */
  adminToken(env?: Environment): Promise<string>;
  /**
   * What a test file in another process needs to call this mock and open sessions on it, as plain data
   * (vitest's `provide`): URL, CA, a client certificate, a token with every scope of the contract, the
   * admin token. Give it to `openMockSession` of `@banking-api/mock/admin`.
   */
  connection(options?: { env?: Environment | undefined }): Promise<MockConnection>;
  /** Opens a session of its own for a test: faults, stubs, journal and state no other session sees. */
  openSession(options?: OpenSessionOptions): Promise<MockSession>;
  pki: DevPki;
  /** The model the gateway routes by. */
  model: ContractModel;
  /** The default session's faults (requests without a session header), per operationId (`*`: every operation). */
  faults: {
    set(operationId: string, fault: Fault): void;
    clear(operationId?: string): void;
    list(): Record<string, Fault>;
  };
  /** The default session's stubs; `add` throws a StubRefusedError when the contract forbids the stub. */
  stubs: {
    add(stub: Stub): StoredStub;
    remove(id: string): boolean;
    clear(): void;
    list(): StoredStub[];
  };
  /** The default session's journal: every request answered, with its operation, validation, status and answer; redacted. */
  journal: { entries(filter?: JournalFilter): JournalEntry[]; clear(): void };
  /** What this mock's callers used (operations, parameters, field names; counts, never values), for consumers/. */
  usage(): UsageDocument;
  /** Forgets the default session's state, stubs, faults and journal. */
  reset(): void;
  stop(): Promise<void>;
  /** The same as `stop()`. */
  close(): Promise<void>;
}

export async function startMock(options: MockOptions = {}): Promise<Mock> {
  const model = options.model ?? contractModel();
  const specPath = options.specPath ?? openapiPath;
  const document = async () => withoutMutualTls(await readSpec(specPath), model);
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
      ensureDevPki(options.pkiDir ?? defaultPkiDir(), {
        renew: options.renewPki,
        serverNames: options.serverNames,
      }),
    ]);
    // The packaged bundle is read when Prism first needs it; a spec of the caller's is read now, so that a
    // file that cannot be read, or holds no operation, fails the start and not a request.
    if (specPath !== openapiPath) await engine.ready();
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

function mockOf(running: Pick<Mock, 'url' | 'pki' | 'model' | 'close'>, { sessions, usage }: Features): Mock {
  const { pki, model } = running;
  const { faults, stubs, journal } = sessions.default;
  const token: Mock['token'] = (scopes = allScopes(model.operations), { env = 'sandbox', ttlSeconds } = {}) =>
    signToken(pki.jwt.privateKey, { env, scopes, ttlSeconds });
  const adminToken = (env: Environment = 'sandbox') =>
    signToken(pki.jwt.privateKey, { env, scopes: [adminScope] });
  return {
    ...running,
    ca: pki.serverCa,
    clients: pki.clients,
    token,
    adminToken,
    connection: async ({ env = 'sandbox' } = {}) => ({
      url: running.url,
      ca: pki.serverCa,
      ...pki.clients[env],
      token: await token(allScopes(model.operations), { env }),
      adminToken: await adminToken(env),
    }),
    openSession: async (options = {}) => {
      const checked = checkedSessionOptions(definedOnly(options));
      if (typeof checked === 'string') throw new TypeError(`openSession: ${checked}`);
      const session = sessions.open(checked);
      return localSession(session, {
        close: () => sessions.close(session.id),
        isOpen: () => sessions.get(session.id) === session,
        defaultCalls: (operationId) => sessions.default.journal.entries({ operationId }).length,
      });
    },
    faults: {
      set: (operationId, fault) => faults.set(operationId, fault),
      clear: (operationId) => faults.clear(operationId),
      list: () => faults.list(),
    },
    stubs: {
      add: (stub) => stubs.add(stub),
      remove: (id) => stubs.remove(id),
      clear: () => stubs.clear(),
      list: () => stubs.list(),
    },
    journal: { entries: (filter) => journal.entries(filter), clear: () => journal.clear() },
    usage: () => usage.document(),
    reset: () => sessions.default.reset(),
    stop: running.close,
  };
}
