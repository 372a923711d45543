// The README ships in the package and is read by teams that install it, without this repository: it
// names nothing only the repository has (its npm scripts, sources, tests, tooling); those notes live in
// the repository's CONTRIBUTING.md.
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

/** What a consumer of the package cannot run or open. */
const repositoryOnly = [
  /npm run /,
  /\bsrc\//,
  /\btest\//,
  /\bbench\//,
  /\bmodel\/load/,
  /\.dev-pki/,
  /\btsx\b/,
];

test('the README speaks to the package’s users: no repository scripts, sources or tests', () => {
  const lines = readme.split('\n');
  const offending = lines.filter((line) => repositoryOnly.some((pattern) => pattern.test(line)));
  expect(offending).toEqual([]);
});

test('every command the README shows runs a bin the package ships', () => {
  const { bin } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    bin: Record<string, string>;
  };
  const named = [...readme.matchAll(/npx -p @banking-api\/mock ([\w-]+)/g)].map((m) => m[1] as string);
  expect(named.length).toBeGreaterThan(0);
  for (const name of named) expect(Object.keys(bin)).toContain(name);
  expect(readme).toContain('npx @banking-api/mock\n'); // the default bin, found by the package's name
});
