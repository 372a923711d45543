// Each house rule fires where a fixture marks it (`# fires: <rule>` on the offending line) and nowhere else,
// and stays quiet on the real openapi.yaml.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { formatProblem, lint, lintSpec, lintWithSpectral, type Problem } from '../pipeline/lint/index.ts';
import { specPath } from '../scripts/paths.ts';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/lint/${name}`, import.meta.url));

/** 1-based lines of a fixture marked `# fires: <rule>`. */
function markedLines(file: string, rule: string): number[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line, i) => (line.includes(`# fires: ${rule}`) ? [i + 1] : []));
}

const houseRules = [
  ['house-shared-400', 'shared-400.yaml'],
  ['house-amount-number', 'amount-not-number.yaml'],
  ['house-named-examples', 'missing-named-example.yaml'],
  ['house-account-id-shared', 'inline-account-id.yaml'],
  ['house-idempotency-id', 'idempotency.yaml'],
  ['house-equals-rule', 'equals-rule.yaml'],
  ['house-unspecified-gaps', 'unspecified-gaps.yaml'],
  ['house-unspecified-valid', 'unspecified-gaps.yaml'],
  ['house-component-names', 'component-names.yaml'],
  ['house-summary-sentence-case', 'case.yaml'],
  ['house-operation-id-camel-case', 'case.yaml'],
] as const;

let specProblems: Promise<Problem[]> | undefined;
const lintRealSpec = () => {
  specProblems ??= lintSpec(specPath);
  return specProblems;
};

it('every house rule of .spectral.yaml has a fixture here', () => {
  const ruleset = parse(readFileSync(fileURLToPath(new URL('../.spectral.yaml', import.meta.url)), 'utf8'));
  const declared = Object.keys(ruleset.rules).filter((rule) => rule.startsWith('house-'));
  expect(houseRules.map(([rule]) => rule).sort()).toEqual(declared.sort());
});

describe.each(houseRules)('%s', (rule, name) => {
  it(`fires on test/fixtures/lint/${name} at the marked lines, as errors with file and line`, async () => {
    const file = fixture(name);
    const expected = markedLines(file, rule);
    expect(expected.length).toBeGreaterThan(0);
    const found = (await lintWithSpectral(file)).filter((p) => p.rule === rule);
    expect(found.map((p) => p.line).sort((a, b) => a - b)).toEqual(expected);
    for (const p of found) {
      expect(p).toMatchObject({ tool: 'spectral', severity: 'error', file });
      expect(p.message.length).toBeGreaterThan(10);
    }
  });

  it('stays quiet on openapi.yaml', async () => {
    expect((await lintRealSpec()).filter((p) => p.rule === rule)).toEqual([]);
  });
});

it('openapi.yaml has zero errors and zero warnings from Spectral and Redocly', async () => {
  const failing = (await lintRealSpec()).filter((p) => p.severity === 'error' || p.severity === 'warning');
  expect(failing).toEqual([]);
});

describe('problem locations and the build step', () => {
  const file = fixture('through-ref.yaml');
  const marked = readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((text, i) => {
      const rule = /# redocly: (\S+)/.exec(text)?.[1];
      return rule ? [{ rule, line: i + 1 }] : [];
    });

  it("Redocly reports invalid examples found through a $ref at the component's line in the source", async () => {
    expect(marked).toHaveLength(2);
    const problems = await lintSpec(file);
    for (const { rule, line } of marked) {
      const found = problems.filter((p) => p.rule === rule);
      expect(found, rule).toHaveLength(1);
      expect(found[0]).toMatchObject({ tool: 'redocly', severity: 'error', file, line });
    }
  });

  it('a YAML syntax error is a located error from both linters', async () => {
    const broken = fixture('yaml-syntax.yaml');
    const found = (await lintSpec(broken)).filter((p) => p.rule === 'parser' || p.rule === 'yaml-syntax');
    expect(new Set(found.map((p) => p.tool))).toEqual(new Set(['spectral', 'redocly']));
    for (const p of found) expect(p).toMatchObject({ severity: 'error', file: broken, line: 6 });
  });

  it('formatProblem gives file:line:column severity tool/rule message', () => {
    const text = formatProblem({
      tool: 'spectral',
      rule: 'house-shared-400',
      severity: 'error',
      message: 'Declare the 400.',
      file: specPath,
      line: 123,
      column: 5,
      jsonPath: '$',
    });
    expect(text).toBe('openapi.yaml:123:5 error spectral/house-shared-400 Declare the 400.');
  });

  it('lint() fails the build on any problem and prints each one', async () => {
    const printed: string[] = [];
    const log = console.log;
    console.log = (line: string) => printed.push(line);
    try {
      await expect(lint(file)).rejects.toThrow(/lint problem\(s\)/);
    } finally {
      console.log = log;
    }
    expect(printed).toContain(
      formatProblem((await lintSpec(file)).find((p) => p.tool === 'redocly') as Problem),
    );
  });
});
