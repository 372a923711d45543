// The verify command as a function: options in, exit code out (0 conforms, 1 deviates, 2 could not
// verify: usage or connection error). The reports go to the terminal and, when asked, to files.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Credential, checkById, createClient, isCompactJws } from '@banking-api/conformance';
import { type ContractModel, contractModel, type Operation, redact } from '@banking-api/contract';
import { type Fixtures, noFixtures, readFixtures } from './fixtures.js';
import { type Scrub, scrubberOf, scrubReport } from './known-secrets.js';
import { oneLine } from './one-line.js';
import { type CliOptions, parseOptions, UsageError, usage } from './options.js';
import { compareWithMock, type ParityReport } from './parity.js';
import { checkCredentials } from './preflight.js';
import { productionMatches } from './production.js';
import { githubAnnotations, jsonReport, junitReport, terminalReport } from './reporters.js';
import { failuresOf } from './rerun.js';
import { type Report, runVerify } from './runner.js';
import { selectionOf } from './selection.js';
import { ConnectionError, type Send } from './types.js';

export interface Console {
  log(text: string): void;
  error(text: string): void;
}

export interface Outcome {
  readonly code: 0 | 1 | 2;
  readonly report?: Report;
}

export interface CommandHooks {
  /** Reads `--spec FILE` into a model (the repository passes its loader; the package reads model JSON). */
  readonly loadSpec?: (file: string) => Promise<ContractModel>;
}

export async function verifyCommand(
  argv: readonly string[],
  out: Console = console,
  hooks: CommandHooks = {},
): Promise<Outcome> {
  let scrub: Scrub = (text) => text;
  try {
    const options = parseOptions(argv);
    if (options.help) {
      out.log(usage);
      return { code: 0 };
    }
    scrub = scrubberOf(options);
    const report = scrubReport(await verifyTarget(options, hooks), scrub);
    out.log(terminalReport(report));
    if (options.annotations) out.log(githubAnnotations(report, (id) => checkById(id)?.level ?? 'error'));
    await writeReports(options, report);
    return { code: deviates(report) ? 1 : 0, report };
  } catch (error) {
    if (error instanceof UsageError)
      out.error(`✖ verify: ${error.message}${error.showUsage ? `\n\n${usage}` : ''}`);
    else if (error instanceof ConnectionError)
      out.error(
        `✖ verify: no answer from the server (${scrub(oneLine(redact(error.message)))}). Check --target, and that --ca, --cert and --key are the environment's.`,
      );
    else throw error;
    return { code: 2 };
  }
}

/** A failure of an error-level check (a check the engine does not know counts as one). */
const deviates = (report: Report) =>
  report.failures.some((f) => (checkById(f.check)?.level ?? 'error') === 'error');

async function verifyTarget(options: CliOptions, hooks: CommandHooks): Promise<Report> {
  const model = await modelOf(options.spec, hooks);
  refuseProduction(options, model);
  const selection = selectionOf(model, {
    include: options.include,
    exclude: options.exclude,
    ...(options.rerun && { rerun: await failuresOf(options.rerun) }),
  });
  const fixtures: Fixtures = options.fixtures ? await readFixtures(options.fixtures, model) : noFixtures;
  const tls = {
    ca: await pem(options.ca, '--ca'),
    cert: await pem(options.cert, '--cert'),
    key: await pem(options.key, '--key'),
  };
  const tokens = {
    token: options.token,
    ...(options.unscopedToken && { unscoped: options.unscopedToken }),
    ...(options.expiredToken && { expired: options.expiredToken }),
    ...(options.otherEnvToken && { otherEnvironment: options.otherEnvToken }),
  };
  const credentials: Credential[] = [];
  if (options.expiredToken) credentials.push('expired');
  if (options.otherEnvToken) credentials.push('other-environment');
  const client = createClient({ target: options.target, tls, tokens });
  try {
    await checkCredentials(model, client.send, options.seed);
    const report = await runVerify(model, client.send, {
      target: options.target,
      seed: options.seed,
      maxExamples: options.maxExamples,
      scopeChecks: Boolean(options.unscopedToken),
      credentials,
      forgeableToken: isCompactJws(options.token),
      fixtures: fixtures.operations,
      setup: fixtures.setup,
      selection,
      files: { ca: options.ca, cert: options.cert, key: options.key },
    });
    if (!options.parity) return report;
    const ops = model.operations.filter(selection.operation);
    return { ...report, parity: await parityWith(options.parity, ops, client.send, options.seed) };
  } finally {
    await client.close();
  }
}

/** The same example requests to the --parity-target, compared with the target's answers. */
async function parityWith(
  parity: NonNullable<CliOptions['parity']>,
  ops: readonly Operation[],
  server: Send,
  seed: number,
): Promise<ParityReport> {
  const tls = {
    ca: await pem(parity.ca, '--parity-ca'),
    cert: await pem(parity.cert, '--parity-cert'),
    key: await pem(parity.key, '--parity-key'),
  };
  const mock = createClient({ target: parity.target, tls, tokens: { token: parity.token } });
  try {
    return { mock: parity.target, ...(await compareWithMock(ops, { server, mock: mock.send }, seed)) };
  } finally {
    await mock.close();
  }
}

/** The contract @banking-api/contract ships, or the one `--spec` names. */
async function modelOf(spec: string | undefined, hooks: CommandHooks): Promise<ContractModel> {
  if (!spec) return contractModel();
  try {
    if (hooks.loadSpec) return await hooks.loadSpec(spec);
    return JSON.parse(await readFile(spec, 'utf8')) as ContractModel;
  } catch (error) {
    throw new UsageError(`--spec ${spec} could not be read as a contract: ${(error as Error).message}`);
  }
}

function refuseProduction(options: CliOptions, model: ContractModel): void {
  const matches = productionMatches(options.target, model.servers);
  if (matches.length === 0 || options.allowProduction) return;
  throw new UsageError(
    `--target ${options.target} is listed as production in the contract (${matches.join(', ')}); verification creates resources there. Point it at another server, or pass --allow-production if you mean it.`,
  );
}

async function pem(file: string, flag: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    throw new UsageError(
      `${flag} ${file} cannot be read: ${(error as NodeJS.ErrnoException).code ?? error}.`,
    );
  }
}

async function writeReports(options: CliOptions, report: Report): Promise<void> {
  const write = async (file: string, text: string) => {
    await mkdir(path.dirname(path.resolve(file)), { recursive: true });
    await writeFile(file, text);
  };
  if (options.report) await write(options.report, jsonReport(report));
  if (options.junit) await write(options.junit, junitReport(report));
}
