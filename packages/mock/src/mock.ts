// `startMock`: the mock put together, in one process. Prism on the bundled spec (prism/), the stores
// (session/), the features in their order (features/), the admin route (admin/) and the gateway in front of
// them (gateway/). The CLI, the contract tests, the benchmark and other teams' test suites all start it
// here. The contract comes from @banking-api/contract: the bundled document for Prism, the model for the
// gateway.
import { allScopes, type ContractModel, contractModel, openapiPath } from '@banking-api/contract';
import type { operations } from '@banking-api/contract/api';
import { adminRoute } from './admin/dispatch.ts';
import { localSession } from './admin/local-session.ts';
import { type Minting, mintToken } from './admin/tokens.ts';
import { definedOnly } from './api/defined.ts';
import { defaultDeliveryLimits, limitsWith } from './api/limits.ts';
import { adminScope } from './api/names.ts';
import type { MockOptions } from './api/options.ts';
import type {
  MockConnection,
  MockSession,
  Now,
  OpenSessionOptions,
  SessionFaults,
  SessionJournal,
  SessionStubs,
  SessionWebhooks,
} from './api/session.ts';
import type { AnyOperations } from './api/stub.ts';
import type { UsageDocument } from './api/usage.ts';
import { Deliverer } from './deliveries/deliverer.ts';
import { featureChain } from './features/chain.ts';
import { type Gateway, startGateway } from './gateway/gateway.ts';
import type { KeyPair } from './pki/certificates.ts';
import { defaultPkiDir } from './pki/defaults.ts';
import { type DevPki, type Environment, ensureDevPki } from './pki/dev-pki.ts';
import { signToken } from './pki/tokens.ts';
import { createPrismEngine } from './prism/engine.ts';
import { readSpec, withoutMutualTls } from './prism/spec.ts';
import { upstreamForward, upstreamUrl } from './prism/upstream.ts';
import { checkedFilter } from './session/journal-filter.ts';
import type { Session } from './session/session.ts';
import { statelessWebhooks } from './session/session.ts';
import { checkedSessionOptions } from './session/sessions.ts';
import { type Stores, storesOf } from './session/stores.ts';

export interface Mock<Api = operations> {
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
   * admin token. Give it to `openMockSession` of `@banking-api/mock/admin`; its sessions mint other tokens.
   */
  connection(options?: { env?: Environment | undefined }): Promise<MockConnection>;
  /** Opens a session of its own for a test: faults, stubs, journal and state no other session sees. */
  openSession(options?: OpenSessionOptions): Promise<MockSession<Api>>;
  pki: DevPki;
  /** The model the gateway routes by. */
  model: ContractModel;
  /** The default session's faults (requests without a session header), per operationId (`*`: every operation). */
  faults: SessionFaults<Now, Api>;
  /** The default session's stubs; `add` throws a StubRefusedError when the contract forbids the stub. */
  stubs: SessionStubs<Now, Api>;
  /** The default session's journal: every request answered, with its operation, validation, status and answer; redacted. */
  journal: SessionJournal<Now>;
  /** The default session's webhook registry (the mock's choice: the contract does not show one). */
  webhooks: SessionWebhooks<Now>;
  /**
   * The CA of the client certificate the mock presents when it delivers a webhook (PEM,
   * `webhook-ca.pem` in the PKI folder): a receiver trusts it to know a delivery is the mock's.
   */
  webhookCa: string;
  /** What this mock's callers used (operations, parameters, field names; counts, never values), for consumers/. */
  usage(): UsageDocument;
  /** Forgets the default session's state, stubs, faults and journal. */
  reset(): void;
  stop(): Promise<void>;
  /** The same as `stop()`. */
  close(): Promise<void>;
}

export async function startMock<Api = operations>(options: MockOptions = {}): Promise<Mock<Api>> {
  const model = options.model ?? contractModel();
  const specPath = options.specPath ?? openapiPath;
  const document = async () => withoutMutualTls(await readSpec(specPath), model);
  const stores = storesOf(options, model);
  const upstream = options.proxy && upstreamForward(options.proxy);
  let gateway: Gateway | undefined;
  let deliverer: Deliverer | undefined;
  const close = async () => {
    deliverer?.close();
    await gateway?.close();
    upstream?.close();
  };
  try {
    const mode = upstream ? 'proxy' : 'mock';
    const [engine, pki] = await Promise.all([
      createPrismEngine({
        document,
        mode,
        upstream:
          options.proxy && upstream
            ? { url: upstreamUrl(options.proxy), forward: upstream.forward }
            : undefined,
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
    const minting: Minting = { privateKey: pki.jwt.privateKey, allScopes: allScopes(model.operations) };
    if (!upstream) deliverer = delivererOf(pki, options);
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
      mock: upstream ? undefined : mockParts(stores, minting, options, deliverer),
    });
    return mockOf<Api>({ url: gateway.url, pki, model, close }, stores, minting);
  } catch (error) {
    await close();
    throw error;
  }
}

/** The delivery engine: the PKI's webhook client certificate, the receivers' CA, the bounds. */
function delivererOf(pki: DevPki, options: MockOptions): Deliverer {
  const identity = { ...pki.webhook.client, ca: options.webhookCa };
  return new Deliverer(identity, { ...defaultDeliveryLimits, ...definedOnly(options.deliveries ?? {}) });
}

/** The sessions, the admin route and the features the gateway serves in mock mode. */
function mockParts(stores: Stores, minting: Minting, options: MockOptions, deliverer?: Deliverer) {
  const limits = limitsWith(options.limits);
  const admin = adminRoute({
    sessions: stores.sessions,
    limits,
    usage: () => stores.usage.document(),
    minting,
  });
  return { sessions: stores.sessions, admin, features: featureChain(stores, options, deliverer) };
}

type Running = Pick<Mock, 'url' | 'pki' | 'model' | 'close'>;

function mockOf<Api>(running: Running, { sessions, usage }: Stores, minting: Minting): Mock<Api> {
  const { pki, model } = running;
  const token: Mock['token'] = (scopes = allScopes(model.operations), { env = 'sandbox', ttlSeconds } = {}) =>
    signToken(pki.jwt.privateKey, { env, scopes, ttlSeconds });
  const adminToken = (env: Environment = 'sandbox') =>
    signToken(pki.jwt.privateKey, { env, scopes: [adminScope] });
  const mock: Mock<Api> = {
    ...running,
    ca: pki.serverCa,
    clients: pki.clients,
    webhookCa: pki.webhook.ca,
    token,
    adminToken,
    connection: async ({ env = 'sandbox' } = {}) => ({
      url: running.url,
      ca: pki.serverCa,
      ...pki.clients[env],
      token: await token(allScopes(model.operations), { env }),
      adminToken: await adminToken(env),
      webhookCa: pki.webhook.ca,
    }),
    openSession: async (options = {}) => {
      const checked = checkedSessionOptions(definedOnly(options));
      if (typeof checked === 'string') throw new TypeError(`openSession: ${checked}`);
      const session = sessions.open(checked);
      return localSession(session, {
        close: () => sessions.close(session.id),
        isOpen: () => sessions.get(session.id) === session,
        defaultCalls: (operationId) => sessions.default.journal.entries({ operationId }).length,
        mint: (request) => mintToken(minting, request, 'sandbox'),
      }) as unknown as MockSession<Api>;
    },
    ...defaultSession(sessions.default),
    usage: () => usage.document(),
    reset: () => sessions.default.reset(),
    stop: running.close,
  } as Mock<Api>;
  return mock;
}

/** The default session's stores, answering at once (the session interface with `Now`). */
function defaultSession(
  session: Session,
): Pick<Mock<AnyOperations>, 'faults' | 'stubs' | 'journal' | 'webhooks'> {
  const { faults, stubs, journal, webhooks } = session;
  return {
    webhooks: {
      set: (webhookId, registration) => {
        if (!session.sandbox) throw new TypeError(statelessWebhooks);
        return webhooks.set(webhookId, registration);
      },
      remove: (webhookId) => webhooks.remove(webhookId),
      clear: () => webhooks.clear(),
      list: () => webhooks.list(),
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
    journal: {
      entries: (filter = {}) => {
        const checked = checkedFilter(filter, session.operationIds);
        if (typeof checked === 'string') throw new TypeError(`journal.entries: ${checked}`);
        return journal.entries(checked);
      },
      clear: () => journal.clear(),
    },
  };
}
