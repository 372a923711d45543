// Each house rule fires where a fixture marks it (`# fires: <rule>` on the offending line) and nowhere else,
// and stays quiet on the real openapi.yaml.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lintSpec, lintWithSpectral, type Problem } from '../scripts/lint.ts';
import { specPath } from '../scripts/paths.ts';

const fixture = (name: string) => new URL(`./fixtures/lint/${name}`, import.meta.url).pathname;

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
  ['house-unspecified-gaps', 'unspecified-gaps.yaml'],
  ['house-unspecified-valid', 'unspecified-gaps.yaml'],
  ['house-summary-sentence-case', 'case.yaml'],
  ['house-operation-id-camel-case', 'case.yaml'],
] as const;

let specProblems: Promise<Problem[]> | undefined;
const lintRealSpec = () => {
  specProblems ??= lintSpec(specPath);
  return specProblems;
};

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
