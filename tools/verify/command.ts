// `npm run verify` as a function: options in, exit code out (0 conforms, 1 deviates, 2 usage or
// connection error). The reports go to the terminal and, when asked, to files.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type ContractModel, contractModel } from '@banking-api/contract';
import { createClient } from './http.ts';
import { type CliOptions, parseOptions, UsageError, usage } from './options.ts';
import { checkCredentials } from './preflight.ts';
import { productionMatches } from './production.ts';
import { jsonReport, junitReport, terminalReport } from './reporters.ts';
import { type Report, runVerify } from './runner.ts';
import { ConnectionError } from './types.ts';

export interface Console {
  log(text: string): void;
  error(text: string): void;
}

export interface Outcome {
  readonly code: 0 | 1 | 2;
  readonly report?: Report;
}

export async function verifyCommand(argv: readonly string[], out: Console = console): Promise<Outcome> {
  try {
    const options = parseOptions(argv);
    if (options.help) {
      out.log(usage);
      return { code: 0 };
    }
    const report = await verifyTarget(options);
    out.log(terminalReport(report));
    await writeReports(options, report);
    return { code: report.failures.length ? 1 : 0, report };
  } catch (error) {
    if (error instanceof UsageError)
      out.error(`✖ verify: ${error.message}${error.showUsage ? `\n\n${usage}` : ''}`);
    else if (error instanceof ConnectionError)
      out.error(
        `✖ verify: no answer from the server (${error.message}). Check --target, and that --ca, --cert and --key are the environment's.`,
      );
    else throw error;
    return { code: 2 };
  }
}

async function verifyTarget(options: CliOptions): Promise<Report> {
  const model = await modelOf(options.spec);
  refuseProduction(options, model);
  const tls = {
    ca: await pem(options.ca, '--ca'),
    cert: await pem(options.cert, '--cert'),
    key: await pem(options.key, '--key'),
  };
  const tokens = {
    token: options.token,
    ...(options.unscopedToken ? { unscoped: options.unscopedToken } : {}),
  };
  const client = createClient({ target: options.target, tls, tokens });
  try {
    await checkCredentials(model, client.send, options.seed);
    return await runVerify(model, client.send, {
      target: options.target,
      seed: options.seed,
      maxExamples: options.maxExamples,
      scopeChecks: Boolean(options.unscopedToken),
      files: { ca: options.ca, cert: options.cert, key: options.key },
    });
  } finally {
    await client.close();
  }
}

/** The repository's contract, or the model of the file given with --spec (loaded through model/). */
async function modelOf(spec: string | undefined): Promise<ContractModel> {
  if (!spec) return contractModel();
  const { loadContract } = await import('../../model/load.ts');
  try {
    return (await loadContract(path.resolve(spec))).model;
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
