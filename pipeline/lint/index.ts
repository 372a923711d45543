// Lint step: Spectral and Redocly, in-process, with the contract's rules (scripts/contract.ts): ours
// (.spectral.yaml: spectral:oas, OWASP and house rules; redocly.yaml) or the standard ones. A spec is
// untrusted input: it is checked first (model/load.ts checkContract: confined to its folder, bounded in size,
// depth and YAML aliases; Spectral spent 22 s on 440 bytes of aliases), and both linters resolve its
// references with resolvers confined to its folder.
import '../../scripts/env.ts';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { getLineColLocation, lint as redoclyLint, YamlParseError } from '@redocly/openapi-core';
import { ContractResolver } from '../../model/contract-resolver.ts';
import { checkContract } from '../../model/load.ts';
import { pointerSegments } from '../../model/pointer.ts';
import { contractConfig, standardConfig } from '../../model/redocly.ts';
import { commandLine } from '../../scripts/command-line.ts';
import {
  type ContractChoice,
  chooseContract,
  contractChoice,
  type LintRules,
} from '../../scripts/contract.ts';
import { root } from '../../scripts/paths.ts';

export type Severity = 'error' | 'warning' | 'info' | 'hint';

/** One lint finding, located in the source file (also when found through a `$ref`). */
export type Problem = {
  tool: 'spectral' | 'redocly';
  rule: string;
  severity: Severity;
  message: string;
  file: string;
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
  jsonPath: string;
};

/** Spectral's ruleset for each choice of rules. */
const SPECTRAL_RULESETS: Record<LintRules, string> = {
  house: path.join(root, '.spectral.yaml'),
  standard: path.join(import.meta.dirname, 'standard.spectral.yaml'),
};
const redoclyConfigOf = (rules: LintRules) => (rules === 'house' ? contractConfig() : standardConfig());

/** `$.paths['/hb/x'].post.responses['400']` from path segments. */
export function toJsonPath(segments: readonly (string | number)[]): string {
  return segments.reduce<string>(
    (acc, s) =>
      typeof s === 'string' && /^[A-Za-z_$][\w$-]*$/.test(s)
        ? `${acc}.${s}`
        : `${acc}[${JSON.stringify(s).replace(/^"|"$/g, "'")}]`,
    '$',
  );
}

/** A diagnostic of Spectral's, as its worker sends it (0-based line and character). */
type SpectralDiagnostic = {
  code: string;
  message: string;
  severity: number;
  source?: string;
  line: number;
  character: number;
  path: (string | number)[];
};
type Answer = { id: number; diagnostics?: SpectralDiagnostic[]; error?: string };

/**
 * Spectral runs in one worker thread per process (lint/spectral-worker.mjs), started on the first lint: the
 * build's main thread meanwhile does the rest. The worker keeps the process alive only while a lint waits.
 */
let spectral: Worker | undefined;
const waiting = new Map<number, { resolve: (d: SpectralDiagnostic[]) => void; reject: (e: Error) => void }>();
let lastId = 0;

/** Every lint waiting on the worker fails with `error`; the next lint starts a new worker. */
function failWaiting(error: Error): void {
  for (const caller of waiting.values()) caller.reject(error);
  waiting.clear();
  spectral = undefined;
}

function spectralWorker(): Worker {
  if (spectral) return spectral;
  const worker = new Worker(new URL('./spectral-worker.mjs', import.meta.url));
  worker.on('message', ({ id, diagnostics, error }: Answer) => {
    const caller = waiting.get(id);
    waiting.delete(id);
    if (waiting.size === 0) worker.unref();
    if (error !== undefined) caller?.reject(new Error(`spectral: ${error}`));
    else caller?.resolve(diagnostics ?? []);
  });
  worker.on('error', (error) => {
    // A rule that throws outside a lint (in a timer) has no caller to tell: the process must not pass.
    if (waiting.size === 0) {
      console.error(`✖ spectral: ${error.stack ?? error.message}`);
      process.exitCode = 1;
    }
    failWaiting(error);
  });
  worker.on('exit', (code) =>
    failWaiting(new Error(`spectral: its worker exited (code ${code}) during a lint`)),
  );
  spectral = worker;
  return worker;
}

function spectralDiagnostics(file: string, rules: LintRules): Promise<SpectralDiagnostic[]> {
  const worker = spectralWorker();
  const id = ++lastId;
  worker.ref();
  worker.postMessage({
    id,
    file,
    ruleset: SPECTRAL_RULESETS[rules],
    folder: new ContractResolver(file).folder,
  });
  return new Promise((resolve, reject) => waiting.set(id, { resolve, reject }));
}

const spectralSeverity: Severity[] = ['error', 'warning', 'info', 'hint'];

export async function lintWithSpectral(file: string, rules = contractChoice().rules): Promise<Problem[]> {
  const absolute = path.resolve(file);
  return (await spectralDiagnostics(absolute, rules)).map((d) => ({
    tool: 'spectral',
    rule: d.code,
    severity: spectralSeverity[d.severity] ?? 'error',
    message: d.message,
    file: d.source ?? absolute,
    line: d.line + 1,
    column: d.character + 1,
    jsonPath: toJsonPath(d.path),
  }));
}

export async function lintWithRedocly(file: string, rules = contractChoice().rules): Promise<Problem[]> {
  const absolute = path.resolve(file);
  const config = await redoclyConfigOf(rules);
  let problems: Awaited<ReturnType<typeof redoclyLint>>;
  try {
    const externalRefResolver = new ContractResolver(absolute, config.resolve);
    problems = await redoclyLint({ ref: absolute, config, externalRefResolver });
  } catch (error) {
    if (!(error instanceof YamlParseError)) throw error;
    // Report the syntax error as a located problem, next to Spectral's, instead of aborting the lint.
    const { message, line, col: column } = error;
    return [
      {
        tool: 'redocly',
        rule: 'yaml-syntax',
        severity: 'error',
        message,
        file: absolute,
        line,
        column,
        jsonPath: '$',
      },
    ];
  }
  return problems
    .filter((p) => !p.ignored)
    .map((p) => {
      const where = p.location[0];
      const lineCol = where ? getLineColLocation(where) : undefined;
      return {
        tool: 'redocly',
        rule: p.ruleId,
        severity: p.severity === 'warn' ? 'warning' : 'error',
        message: p.message,
        file: where?.source.absoluteRef ?? absolute,
        line: lineCol?.start.line ?? 1,
        column: lineCol?.start.col ?? 1,
        jsonPath: toJsonPath(
          where && 'pointer' in where && where.pointer ? pointerSegments(where.pointer) : [],
        ),
      };
    });
}

/** Options of a lint: the rules (the contract's by default), and the check of the file when made already. */
export type LintOptions = { rules?: LintRules; checked?: Promise<unknown> };

/** An anchor (`&name`) anywhere: what a file that does not parse may hide an alias bomb behind. */
const MAY_HOLD_ANCHORS = /&[^\s&]/;

/**
 * The contract's check (model/load.ts), or the file's syntax error when it does not parse and holds no anchor
 * (both linters then report where it breaks); any other refusal is thrown.
 */
async function checked(file: string, check: Promise<unknown> | undefined): Promise<void> {
  const failed = await (check ?? checkContract(file)).then(
    () => undefined,
    (error: Error) => error,
  );
  if (!failed) return;
  const syntax =
    failed.cause instanceof YamlParseError && failed.cause.source.absoluteRef === path.resolve(file);
  if (!syntax || MAY_HOLD_ANCHORS.test(await readFile(file, 'utf8'))) throw failed;
}

/** Both linters on one file, ordered by position, once the file passed its check. */
export async function lintSpec(file: string, options: LintOptions = {}): Promise<Problem[]> {
  await checked(file, options.checked);
  const rules = options.rules ?? contractChoice().rules;
  const all = (await Promise.all([lintWithSpectral(file, rules), lintWithRedocly(file, rules)])).flat();
  return all.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
}

/** `openapi.yaml:123:5 error spectral/rule-name message` (file relative to the working directory). */
export function formatProblem(p: Problem): string {
  return `${path.relative(process.cwd(), p.file) || p.file}:${p.line}:${p.column} ${p.severity} ${p.tool}/${p.rule} ${p.message}`;
}

/**
 * Build step: print every problem; fail on any error or warning under our rules (zero-warning policy), on any
 * error under the standard ones.
 */
export async function lint(
  contract: ContractChoice | string = contractChoice(),
  check?: Promise<unknown>,
): Promise<void> {
  const { file, rules } = typeof contract === 'string' ? { ...contractChoice(), file: contract } : contract;
  const problems = await lintSpec(file, { rules, ...(check && { checked: check }) });
  for (const p of problems) console.log(formatProblem(p));
  const failing = problems.filter(
    (p) => p.severity === 'error' || (rules === 'house' && p.severity === 'warning'),
  );
  if (failing.length) {
    const policy = rules === 'house' ? 'errors and warnings both fail' : 'standard rules: errors fail';
    throw new Error(
      `${failing.length} lint problem(s) in ${path.relative(process.cwd(), file) || file} (${policy})`,
    );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const usage =
    'Usage: node scripts/launch.mjs pipeline/lint/index.ts [<spec file>] [--rules house|standard]  (Spectral and Redocly; default: the contract and rules of scripts/contract.ts)';
  const { positionals, values } = commandLine(usage, {
    allowPositionals: true,
    options: { rules: { type: 'string' } },
  });
  lint(chooseContract(positionals[0], values.rules)).then(
    () => console.log('lint: no problems'),
    (error: Error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
