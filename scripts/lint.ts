// Lint step: Spectral (spectral:oas + OWASP + house rules, .spectral.yaml) and Redocly (redocly.yaml), in-process.
import './env.ts';
import * as fs from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import {
  getLineColLocation,
  lint as redoclyLint,
  unescapePointerFragment,
  YamlParseError,
} from '@redocly/openapi-core';
import { Document, type ISpectralDiagnostic, Spectral } from '@stoplight/spectral-core';
import Parsers from '@stoplight/spectral-parsers';
import { commonjs } from '@stoplight/spectral-ruleset-bundler/plugins/commonjs';
import { bundleAndLoadRuleset } from '@stoplight/spectral-ruleset-bundler/with-loader';
import { contractConfig } from '../model/redocly.ts';
import { commandLine } from './command-line.ts';
import { root, specPath } from './paths.ts';

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

/** Segments of a `#/a/b~1c` JSON pointer, unescaped as Redocly escaped them. */
const pointerSegments = (pointer: string) =>
  pointer
    .replace(/^#?\/?/, '')
    .split('/')
    .filter(Boolean)
    .map(unescapePointerFragment);

// Loading a ruleset or config costs more than linting: do it once per process.
let spectral: Promise<Spectral> | undefined;
function loadSpectral(): Promise<Spectral> {
  spectral ??= (async () => {
    // commonjs(): the OWASP ruleset's package entry is CommonJS (as in Spectral's own CLI).
    const io = { fs, fetch: globalThis.fetch } as unknown as Parameters<typeof bundleAndLoadRuleset>[1];
    const instance = new Spectral();
    instance.setRuleset(await bundleAndLoadRuleset(spectralRulesetPath, io, [commonjs()]));
    return instance;
  })();
  return spectral;
}

const spectralSeverity: Severity[] = ['error', 'warning', 'info', 'hint'];

export async function lintWithSpectral(file: string): Promise<Problem[]> {
  const absolute = path.resolve(file);
  const document = new Document(await readFile(absolute, 'utf8'), Parsers.Yaml, absolute);
  const results: ISpectralDiagnostic[] = await (await loadSpectral()).run(document);
  return results.map((r) => ({
    tool: 'spectral',
    rule: String(r.code),
    severity: spectralSeverity[r.severity] ?? 'error',
    message: r.message,
    file: r.source ?? absolute,
    line: r.range.start.line + 1,
    column: r.range.start.character + 1,
    jsonPath: toJsonPath(r.path),
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
    'Usage: node scripts/launch.mjs scripts/lint.ts [<spec file>]  (Spectral, Redocly and house rules; default openapi.yaml)';
  const { positionals } = commandLine(usage, { allowPositionals: true });
  lint(positionals[0] ? path.resolve(positionals[0]) : specPath).then(
    () => console.log('lint: no problems'),
    (error: Error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
