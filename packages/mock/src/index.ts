// The mock as a library: Prism on the bundled spec behind the mTLS gateway. The CLI, the contract
// tests and the benchmark all start it through `startMock`. The contract comes from
// @banking-api/contract: the bundled document for Prism, the model for the gateway.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ContractModel, contractModel, openapiPath } from '@banking-api/contract';
import { type DevPki, ensureDevPki } from './dev-pki.ts';
import { type Egress, startEgress } from './egress.ts';
import { type Gateway, startGateway, type Violation } from './gateway.ts';
import { type PrismProcess, startPrism } from './prism.ts';
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
export type { Violation } from './gateway.ts';
export { type KeyPair, makeCa, makeClientCert, makeServerCert, toPkcs12, type Validity } from './pki.ts';
export { freePort, type PrismProcess, startPrism } from './prism.ts';
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
  /** Prism's port on 127.0.0.1; 0 or absent picks a free one. */
  prismPort?: number;
  dynamic?: boolean;
  errors?: boolean;
  seed?: string;
  prismLogLevel?: string;
  prismOutput?: NodeJS.WritableStream;
  /** Proxy mode: forward to this real environment instead of mocking. */
  proxy?: { upstream: string; cert?: string; key?: string; ca?: string };
  onViolation?: (violation: Violation) => void;
}

export interface Mock {
  /** The gateway's https URL. */
  url: string;
  /** Prism's own plain-HTTP URL (for benchmarks and diagnostics; it has no TLS and no token checks). */
  prismUrl: string;
  pki: DevPki;
  /** The model the gateway routes by. */
  model: ContractModel;
  /** Resolves when Prism exits on its own; `close()` does not resolve it. */
  prismExited: Promise<{ code: number | null; output: string }>;
  close(): Promise<void>;
}

export async function startMock(options: MockOptions): Promise<Mock> {
  const model = options.model ?? contractModel();
  const doc = withoutMutualTls(await readSpec(options.specPath ?? openapiPath), model);
  const work = await mkdtemp(join(tmpdir(), 'banking-mock-'));
  const prismSpec = join(work, 'openapi.json');
  await writeFile(prismSpec, JSON.stringify(doc));

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
    pki = await ensureDevPki(options.pkiDir, { renew: options.renewPki });
    prism = await starting;
    gateway = await startGateway({
      pki,
      prism: { host: '127.0.0.1', port: prism.port },
      model,
      mode: egress ? 'proxy' : 'mock',
      host: options.host,
      port: options.port,
      onViolation: options.onViolation,
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
  return { url: gateway.url, prismUrl: prism.url, pki, model, prismExited, close };
}
