// Lint step: Spectral (spectral:oas + OWASP + house rules, .spectral.yaml) and Redocly (redocly.yaml), in-process.
import '../../scripts/env.ts';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { getLineColLocation, lint as redoclyLint, YamlParseError } from '@redocly/openapi-core';
import { pointerSegments } from '../../model/pointer.ts';
import { contractConfig } from '../../model/redocly.ts';
import { commandLine } from '../../scripts/command-line.ts';
import { root, specPath } from '../../scripts/paths.ts';

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

const spectralRulesetPath = path.join(root, '.spectral.yaml');

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
  const worker = new Worker(new URL('./spectral-worker.mjs', import.meta.url), {
    workerData: { ruleset: spectralRulesetPath },
  });
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

function spectralDiagnostics(file: string): Promise<SpectralDiagnostic[]> {
  const worker = spectralWorker();
  const id = ++lastId;
  worker.ref();
  worker.postMessage({ id, file });
  return new Promise((resolve, reject) => waiting.set(id, { resolve, reject }));
}

const spectralSeverity: Severity[] = ['error', 'warning', 'info', 'hint'];

export async function lintWithSpectral(file: string): Promise<Problem[]> {
  const absolute = path.resolve(file);
  return (await spectralDiagnostics(absolute)).map((d) => ({
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

export async function lintWithRedocly(file: string): Promise<Problem[]> {
  const absolute = path.resolve(file);
  let problems: Awaited<ReturnType<typeof redoclyLint>>;
  try {
    problems = await redoclyLint({ ref: absolute, config: await contractConfig() });
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

/** Both linters on one file, ordered by position. */
export async function lintSpec(file: string): Promise<Problem[]> {
  const all = (await Promise.all([lintWithSpectral(file), lintWithRedocly(file)])).flat();
  return all.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
}

/** `openapi.yaml:123:5 error spectral/rule-name message` (file relative to the working directory). */
export function formatProblem(p: Problem): string {
  return `${path.relative(process.cwd(), p.file) || p.file}:${p.line}:${p.column} ${p.severity} ${p.tool}/${p.rule} ${p.message}`;
}

/** Build step: print every problem; fail on any error or warning (zero-warning policy). */
export async function lint(file = specPath): Promise<void> {
  const problems = await lintSpec(file);
  for (const p of problems) console.log(formatProblem(p));
  const failing = problems.filter((p) => p.severity === 'error' || p.severity === 'warning');
  if (failing.length) {
    throw new Error(
      `${failing.length} lint problem(s) in ${path.relative(process.cwd(), file) || file} (errors and warnings both fail)`,
    );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const usage =
    'Usage: node scripts/launch.mjs pipeline/lint/index.ts [<spec file>]  (Spectral, Redocly and house rules; default openapi.yaml)';
  const { positionals } = commandLine(usage, { allowPositionals: true });
  lint(positionals[0] ? path.resolve(positionals[0]) : specPath).then(
    () => console.log('lint: no problems'),
    (error: Error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
