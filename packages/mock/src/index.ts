// The mock as a library: Prism on the bundled spec behind the mTLS gateway, in one process. The CLI,
// the contract tests and the benchmark all start it through `startMock`. The contract comes from
// @banking-api/contract: the bundled document for Prism, the model for the gateway.
import { type ContractModel, contractModel, openapiPath } from '@banking-api/contract';
import { type DevPki, ensureDevPki } from './dev-pki.ts';
import { type Egress, startEgress } from './egress.ts';
import { type Gateway, startGateway, type Violation } from './gateway.ts';
import type { Limits } from './limits.ts';
import { createPrismEngine } from './prism-engine.ts';
import { readSpec, withoutMutualTls } from './spec.ts';

export {
  type DevPki,
  type Environment,
  ensureDevPki,
  environments,
  p12Passphrase,
  pkiFiles,
} from './dev-pki.ts';
export { type ErrorEnvelope, envelope, type ViolationDetail, violationDetails } from './envelope.ts';
export type { Answer, GatewayHooks, RequestContext, Violation } from './gateway.ts';
export { defaultLimits, type Limits } from './limits.ts';
export { type KeyPair, makeCa, makeClientCert, makeServerCert, toPkcs12, type Validity } from './pki.ts';
export { freePort, type PrismProcess, startPrism } from './prism.ts';
export { type OpenApiDocument, readSpec, withoutMutualTls } from './spec.ts';
export { signToken, type TokenOptions, TokenVerifier } from './tokens.ts';

export interface MockOptions {
  /** The bundled spec Prism serves (JSON or YAML); default the one @banking-api/contract ships. */
  specPath?: string;
  /**
   * The model of that spec, which the gateway routes and checks scopes by; default the one
   * @banking-api/contract ships. With a `specPath` of another contract, give that contract's model.
   */
  model?: ContractModel;
  pkiDir: string;
  /** Re-make the PKI even when the folder has one. */
  renewPki?: boolean;
  host?: string;
  /** Gateway port; 0 picks a free one. */
  port?: number;
  /** Unused: Prism runs inside the mock's process and has no port of its own (kept for callers). */
  prismPort?: number;
  dynamic?: boolean;
  errors?: boolean;
  seed?: string;
  prismLogLevel?: string;
  prismOutput?: NodeJS.WritableStream;
  /** Proxy mode: forward to this real environment instead of mocking. */
  proxy?: { upstream: string; cert?: string; key?: string; ca?: string };
  onViolation?: (violation: Violation) => void;
  /** Changes to the gateway's limits (timeouts, sizes, connection cap, clock skew). */
  limits?: Partial<Limits>;
  /** Where faults of single requests are logged (with the request id); default stderr. */
  log?: (line: string) => void;
}

export interface Mock {
  /** The gateway's https URL. */
  url: string;
  /** Empty: Prism runs inside the mock's process, behind the gateway only (kept for callers). */
  prismUrl: string;
  pki: DevPki;
  /** The model the gateway routes by. */
  model: ContractModel;
  /** Never resolves: Prism runs in this process and cannot exit alone (kept for callers). */
  prismExited: Promise<{ code: number | null; output: string }>;
  close(): Promise<void>;
}

export async function startMock(options: MockOptions): Promise<Mock> {
  const model = options.model ?? contractModel();
  const document = withoutMutualTls(await readSpec(options.specPath ?? openapiPath), model);
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
      ensureDevPki(options.pkiDir, { renew: options.renewPki }),
    ]);
    gateway = await startGateway({
      pki,
      engine,
      model,
      mode,
      host: options.host,
      port: options.port,
      limits: options.limits,
      onViolation: options.onViolation,
      log: options.log,
    });
    const prismExited = new Promise<{ code: number | null; output: string }>(() => {});
    return { url: gateway.url, prismUrl: '', pki, model, prismExited, close };
  } catch (error) {
    await close();
    throw error;
  }
}
