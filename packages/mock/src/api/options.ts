// The options of `startMock`: where the contract and the dev PKI come from, the gateway's address and
// limits, Prism's mode, and the mock's own features (sessions, stateful sandbox, faults, journal).
import type { ContractModel } from '@banking-api/contract';
import type { Fault } from './fault.ts';
import type { DeliveryLimits, Limits, SessionLimits, StateLimits } from './limits.ts';
import type { WebhookRegistration } from './webhooks.ts';

/** A request or answer that breaks the contract, as proxy mode reports it (`onViolation`). */
export interface Violation {
  method: string;
  path: string;
  status: number;
  /** Prism's violations, as "location: message". */
  violations: string[];
}

/** Proxy mode: where the real environment is, and the credentials the mock sends it on your clients' behalf. */
export interface ProxyOptions {
  /** Its base URL (https), e.g. https://sandbox.example.com/api. */
  upstream: string;
  /** PEM client certificate and key for its mutual TLS, and the CA of its server certificate if not public. */
  cert?: string | undefined;
  key?: string | undefined;
  ca?: string | undefined;
  /**
   * The Bearer token it takes, read for every request (a function may refresh it). Your clients call the
   * mock with the mock's own dev tokens, which never leave it; without this, no Authorization is sent on.
   */
  token?: string | (() => string | Promise<string>) | undefined;
}

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
  /**
   * Names the gateway's server certificate must have besides localhost and the loopback addresses: the
   * names clients reach it by (a compose service, a Kubernetes Service, an IP address).
   */
  serverNames?: readonly string[] | undefined;
  host?: string | undefined;
  /** Gateway port; 0 or absent picks a free one. */
  port?: number | undefined;
  dynamic?: boolean | undefined;
  errors?: boolean | undefined;
  seed?: string | undefined;
  prismLogLevel?: string | undefined;
  prismOutput?: NodeJS.WritableStream | undefined;
  /**
   * Proxy mode: forward to this real environment instead of mocking, on the same one port, behind the same
   * mutual TLS, dev-token and scope checks as the mock.
   */
  proxy?: ProxyOptions | undefined;
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
  /** Sessions that tests open: how many at once, their idle timeout, their stores' bounds (`defaultSessionLimits`). */
  sessionLimits?: Partial<SessionLimits> | undefined;
  /**
   * Webhooks of the default session, by webhookId: an https URL, or a registration (types, signing,
   * faults). They turn on the stateful sandbox of the default session, and stay after a reset. The contract
   * does not show how webhooks are registered: this, the admin route's /__mock/webhooks and the session
   * handle's `webhooks` are the mock's own choice (docs/mock.md).
   */
  webhooks?: Readonly<Record<string, WebhookRegistration | string>> | undefined;
  /** The CA(s) of the receivers' server certificates (PEM); default Node's bundled CAs. */
  webhookCa?: string | undefined;
  /** Time-outs, queues and the retry schedule of deliveries (`defaultDeliveryLimits`). */
  deliveries?: Partial<DeliveryLimits> | undefined;
  /** Where each delivery attempt is told in one line (the CLI prints them, as `stripe listen` does); default nowhere. */
  onDelivery?: ((line: string) => void) | undefined;
}
