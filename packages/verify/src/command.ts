// The verify command as a function: options in, exit code out (0 conforms, 1 deviates, 2 could not
// verify: usage, files, a server not reached, or nothing checked). The reports go to the terminal and, when asked, to files.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Credential, checkById, createClient } from '@banking-api/conformance';
import { type ContractModel, contractModel, type Operation } from '@banking-api/contract';
import { hasCredentialFor } from './check-credentials.js';
import { connectionAdvice } from './connection-advice.js';
import { type Fixtures, noFixtures, readFixtures } from './fixtures.js';
import { type Scrub, scrubberOf, scrubbingAnswers, scrubReport } from './known-secrets.js';
import { oneLine } from './one-line.js';
import { type CliOptions, parseOptions, UsageError, usage } from './options.js';
import { compareWithMock, type ParityReport } from './parity.js';
import { checkCredentials } from './preflight.js';
import { productionMatches } from './production.js';
import { githubAnnotations, jsonReport, junitReport, terminalReport } from './reporters.js';
import { type EarlierRun, earlierRun, notRechecked, refuseMissingCredentials } from './rerun.js';
import { type Report, runVerify } from './runner.js';
import { selectionOf } from './selection.js';
import { specModel } from './spec-option.js';
import { checkTlsFiles } from './tls-files.js';
import { ConnectionError, type Send } from './types.js';
import { type RunningReceiver, startReceiver } from './webhook-receiver.js';

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

/**
 * The command. What it prints goes to `out` (the console by default; pass your own to keep a library
 * caller's output clean). The --report and --junit files are removed first, so that a run that ends
 * without a report never leaves an earlier one looking current.
 */
export async function verifyCommand(
  argv: readonly string[],
  out: Console = console,
  hooks: CommandHooks = {},
): Promise<Outcome> {
  let options: CliOptions | undefined;
  let scrub: Scrub = (text) => text;
  try {
    options = parseOptions(argv);
    if (options.help) {
      out.log(usage);
      return { code: 0 };
    }
    // The earlier report is read before any report is removed: `--rerun` and `--report` may name one file.
    const earlier = options.rerun ? await earlierRun(options.rerun) : undefined;
    if (earlier?.failures.length === 0) {
      // Rerunning nothing would mean running everything: a clean report has nothing to rerun.
      out.log(`Nothing to rerun: ${options.rerun} has no failures.`);
      return { code: 0 };
    }
    await removeReports(options);
    scrub = scrubberOf(options);
    const report = scrubReport(await verifyTarget(options, { ...hooks, out }, earlier, scrub), scrub);
    if (report.checks.length === 0) throw new UsageError(nothingRan(report));
    out.log(terminalReport(report));
    if (options.annotations) out.log(githubAnnotations(report, (id) => checkById(id)?.level ?? 'error'));
    await writeReports(options, report);
    return { code: exitCodeOf(report), report };
  } catch (error) {
    if (error instanceof UsageError)
      out.error(`✖ verify: ${error.message}${error.showUsage ? `\n\n${usage}` : ''}`);
    else if (error instanceof ConnectionError && options)
      out.error(`✖ verify: ${scrub(oneLine(connectionAdvice(error, options)))}`); // its server parts redacted where made
    else throw error;
    return { code: 2 };
  }
}

/** 1 for a deviation; 2 when failures of the rerun report were not rechecked; else 0. */
const exitCodeOf = (report: Report): 0 | 1 | 2 =>
  deviates(report) ? 1 : (report.notRechecked?.length ?? 0) > 0 ? 2 : 0;

/** Why a run ran no check: the skip notes of the selected checks, or what to select instead. */
function nothingRan(report: Report): string {
  const skipped = report.notes
    .filter((n) => n.message.startsWith('skipped'))
    .map((n) => `${n.check} ${n.message}`);
  const why = skipped.length
    ? skipped.join('; ')
    : 'the selected checks do not apply to the selected operations (see "What it checks" in the guide)';
  return `no check ran on ${report.operations} operations, so nothing was verified: ${why}.`;
}

/** A failure of an error-level check (a check the engine does not know counts as one). */
const deviates = (report: Report) =>
  report.failures.some((f) => (checkById(f.check)?.level ?? 'error') === 'error');

async function verifyTarget(
  options: CliOptions,
  hooks: CommandHooks & { out: Console },
  earlier: EarlierRun | undefined,
  scrub: Scrub,
): Promise<Report> {
  const model = await modelOf(options.spec, hooks);
  refuseProduction(options, model);
  const has = hasCredentialFor(options);
  if (earlier && options.rerun) refuseMissingCredentials(options.rerun, earlier, has);
  const selection = selectionOf(model, {
    include: options.include,
    exclude: options.exclude,
    ...(earlier && { rerun: earlier.failures }),
  });
  const fixtures: Fixtures = options.fixtures ? await readFixtures(options.fixtures, model) : noFixtures;
  const tls = {
    ca: await pem(options.ca, '--ca'),
    cert: await pem(options.cert, '--cert'),
    key: await pem(options.key, '--key'),
  };
  checkTlsFiles(tls, options);
  const tokens = {
    token: options.token,
    ...(options.unscopedToken && { unscoped: options.unscopedToken }),
    ...(options.expiredToken && { expired: options.expiredToken }),
    ...(options.otherEnvToken && { otherEnvironment: options.otherEnvToken }),
  };
  const credentials: Credential[] = [];
  if (has('expired-token-refused')) credentials.push('expired');
  if (has('cross-environment-refused')) credentials.push('other-environment');
  const receiver = await receiverOf(options);
  if (receiver)
    hooks.out.log(`Webhook receiver at ${receiver.url}: webhook ${receiver.webhookId} must point there.`);
  const client = createClient({ target: options.target, tls, tokens, timeoutMs: options.timeoutMs });
  const send = scrubbingAnswers(client.send, scrub);
  try {
    const ops = model.operations.filter(selection.operation);
    await checkCredentials(ops, send, options.seed, fixtures.operations);
    const run = await runVerify(model, send, {
      target: options.target,
      seed: options.seed,
      maxExamples: options.maxExamples,
      scopeChecks: has('scope-enforced'),
      credentials,
      forgeableToken: has('forged-token-refused'),
      fixtures: fixtures.operations,
      setup: fixtures.setup,
      selection,
      files: { ca: options.ca, cert: options.cert, key: options.key },
      ...(receiver && { deliveries: receiver }),
    });
    const report = earlier ? { ...run, notRechecked: notRechecked(earlier, run.checks) } : run;
    if (!options.parity) return report;
    return { ...report, parity: await parityWith(options.parity, ops, send, options.seed) };
  } finally {
    await client.close();
    await receiver?.close();
  }
}

/** The --webhook-receiver, listening, with its files read (a file that cannot be read is a usage error). */
async function receiverOf(options: CliOptions): Promise<RunningReceiver | undefined> {
  const given = options.webhookReceiver;
  if (!given) return undefined;
  const files = {
    cert: await pem(given.cert, '--webhook-receiver-cert'),
    key: await pem(given.key, '--webhook-receiver-key'),
    clientCa: await pem(given.clientCa, '--webhook-client-ca'),
  };
  try {
    return await startReceiver({ ...given, ...files });
  } catch (error) {
    const why = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new UsageError(`--webhook-receiver ${given.host}:${given.port} could not listen: ${why}.`);
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
  const flags = { ca: '--parity-ca', cert: '--parity-cert', key: '--parity-key' };
  checkTlsFiles(tls, { ...parity, flags });
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
    return await specModel(spec);
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

async function removeReports(options: CliOptions): Promise<void> {
  for (const file of [options.report, options.junit]) if (file) await rm(file, { force: true });
}

async function writeReports(options: CliOptions, report: Report): Promise<void> {
  const write = async (file: string, text: string) => {
    await mkdir(path.dirname(path.resolve(file)), { recursive: true });
    await writeFile(file, text);
  };
  if (options.report) await write(options.report, jsonReport(report));
  if (options.junit) await write(options.junit, junitReport(report));
}
