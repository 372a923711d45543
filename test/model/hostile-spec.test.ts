// A spec is untrusted input (issue 37): it comes with pull requests, and the build and the review run on them.
// A hostile spec's references (an absolute path, a `../` out of the contract's folder, a symbolic link out of
// it, an `http://` URL to a listener of this test) are refused by every tool that reads a spec, each named
// where it is written, nothing outside read or fetched; a few hundred bytes of YAML aliases fail at once. The
// loader and lint in this process; the build and the review as their commands run them, in a real git
// repository (a copy of this one).
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, truncate, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../model/load.ts';
import { selfContained } from '../../model/self-contained.ts';
import { lintSpec, lintWithRedocly, lintWithSpectral } from '../../pipeline/lint/index.ts';
import { specPath } from '../../scripts/paths.ts';
import { repoCopy } from '../../scripts/repo-copy.ts';

const run = promisify(execFile);
const env = {
  ...process.env,
  SCARF_ANALYTICS: 'false',
  REDOCLY_TELEMETRY: 'off',
  REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
};
/** What the files outside hold: it must appear in no output. */
const CANARY = `CANARY-${process.pid}-outside-the-folder`;

let outside: string;
let repo: string;
let server: Server;
let requests = 0;
let port = 0;

const spec = (properties: string, hostileExtras = false) => `openapi: 3.1.0
info: { title: Hostile, version: 1.0.0, license: { name: MIT, identifier: MIT } }
servers: [{ url: 'https://api.example.com' }]
paths:
  /a:
    get:
      operationId: getA
      summary: Get a
      description: An answer.
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: { $ref: '#/components/schemas/A' }${
                hostileExtras
                  ? `
              examples:
                fetched: { externalValue: '${extraRefs().externalValue}' }`
                  : ''
              }
components:
  schemas:
    A:
      type: object${
        hostileExtras
          ? `
      discriminator: { propertyName: kind, mapping: { fetched: '${extraRefs().mapping}' } }`
          : ''
      }
      properties:
${properties}`;

/** What Redocly reads as references besides `$ref`s: an example's externalValue, a discriminator's mapping. */
const extraRefs = () => ({
  externalValue: `http://127.0.0.1:${port}/example.json`,
  mapping: `http://127.0.0.1:${port}/mapped.yaml`,
});

/** The hostile references, one per line; `contractDir` is the folder of the spec that holds them. */
const hostile = (contractDir: string) => ({
  absolute: `${path.join(outside, 'secret.yaml')}#/Secret`,
  escape: `${path.relative(contractDir, path.join(outside, 'secret.yaml'))}#/Secret`,
  url: `http://127.0.0.1:${port}/secret.yaml#/Secret`,
  link: 'link.yaml#/Secret',
});
const hostileSpec = (contractDir: string) =>
  spec(
    Object.entries(hostile(contractDir))
      .map(([name, ref]) => `        ${name}: { $ref: '${ref}' }`)
      .join('\n'),
    true,
  );
/** 549 bytes that expand to 10^9 nodes. */
const aliasBomb = [
  'openapi: 3.1.0',
  'info: { title: Bomb, version: 1.0.0 }',
  'paths: {}',
  'x-a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
  ...Array.from({ length: 8 }, (_, i) => `x-a${i + 1}: &a${i + 1} [${Array(10).fill(`*a${i}`).join(',')}]`),
  '',
].join('\n');

/** Writes the hostile spec (and its link out of the folder) into `dir`; the spec's path. */
async function writeHostile(dir: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  await rm(path.join(dir, 'link.yaml'), { force: true });
  await symlink(path.join(outside, 'secret.yaml'), path.join(dir, 'link.yaml'));
  const file = path.join(dir, 'openapi.yaml');
  await writeFile(file, hostileSpec(dir));
  return file;
}

/** Each hostile reference is named with the line it is written on. */
function expectEachNamed(message: string, file: string, text: string): void {
  const lines = text.split('\n');
  for (const [name, ref] of Object.entries(hostile(path.dirname(file)))) {
    const line = lines.findIndex((l) => l.includes(`${name}: {`)) + 1;
    expect(message, name).toContain(`openapi.yaml:${line} $ref "${ref.split('#')[0]}"`);
  }
  const lineOf = (needle: string) => lines.findIndex((l) => l.includes(needle)) + 1;
  const { externalValue, mapping } = extraRefs();
  expect(message).toContain(`openapi.yaml:${lineOf('externalValue:')} externalValue "${externalValue}"`);
  expect(message).toContain(`openapi.yaml:${lineOf('discriminator:')} mapping "${mapping}"`);
  expect(message).not.toContain(CANARY);
}

/** Processes (not this one) whose command line names every one of `texts`, from /proc. */
async function processesNaming(...texts: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const pid of (await readdir('/proc')).filter((name) => /^\d+$/.test(name))) {
    const cmdline = (await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')).replaceAll('\0', ' ');
    if (pid !== String(process.pid) && texts.every((t) => cmdline.includes(t))) found.push(cmdline);
  }
  return found;
}

/**
 * After a review exited: no diff engine of it outlives it and nothing reaches the listener. The engine is a
 * child process that reads the files by itself: were it started, for the next seconds it would either still
 * run or have fetched the URL.
 */
async function expectNoEngineRan(specFile: string): Promise<void> {
  for (let waited = 0; waited < 3000; waited += 100) {
    expect(await processesNaming(' diff ', specFile)).toEqual([]);
    expect(requests).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  outside = await mkdtemp(path.join(tmpdir(), 'hostile-outside-'));
  await writeFile(path.join(outside, 'secret.yaml'), `Secret: { type: string, description: ${CANARY} }\n`);
  server = createServer((_req, res) => {
    requests++;
    res.end(`Secret: { type: string, description: ${CANARY} }\n`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  repo = await repoCopy('hostile-spec-');
}, 60_000);

afterAll(async () => {
  server?.close();
  await Promise.all([outside, repo].map((dir) => dir && rm(dir, { recursive: true, force: true })));
});

describe('a hostile spec, in this process', () => {
  it('the loader refuses every reference out of the folder, each named where it is written, none read', async () => {
    const file = await writeHostile(path.join(outside, 'contract'));
    const error = await loadContract(file).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(error?.message).toMatch(/may refer only to files inside its folder/);
    expectEachNamed(error?.message ?? '', file, await readFile(file, 'utf8'));
    expect(requests).toBe(0);
  });

  it('lint refuses it before Spectral or Redocly reads a reference', async () => {
    const file = await writeHostile(path.join(outside, 'contract'));
    const error = await lintSpec(file, { rules: 'standard' }).then(
      () => undefined,
      (e: Error) => e,
    );
    expectEachNamed(error?.message ?? '', file, await readFile(file, 'utf8'));
    expect(requests).toBe(0);
  });

  it("each linter's own resolver, asked without the check, reads nothing outside and fetches nothing", async () => {
    const file = await writeHostile(path.join(outside, 'contract'));
    const [spectral, redocly] = await Promise.all([
      lintWithSpectral(file, 'standard'),
      lintWithRedocly(file, 'standard'),
    ]);
    expect(JSON.stringify([spectral, redocly])).not.toContain(CANARY);
    const refused = redocly.filter((p) => p.rule === 'no-unresolved-refs').map((p) => p.message);
    expect(refused.length).toBeGreaterThanOrEqual(4); // the $refs, and the mapping to a URL
    expect(requests).toBe(0);
  });

  it('the quick check a tool makes before another program reads the file passes only a self-contained one within the limits', async () => {
    const dir = path.join(outside, 'quick');
    await mkdir(dir, { recursive: true });
    const write = async (name: string, text: string) => {
      await writeFile(path.join(dir, name), text);
      return selfContained(path.join(dir, name));
    };
    expect(await selfContained(specPath)).toBe(true);
    expect(await write('clean.yaml', spec('        fine: { type: string }'))).toBe(true);
    expect(await write('local-file.yaml', spec("        other: { $ref: 'other.yaml#/X' }"))).toBe(false);
    expect(await write('extras.yaml', spec('        fine: { type: string }', true))).toBe(false);
    expect(await write('bomb.yaml', aliasBomb)).toBe(false);
    expect(await write('broken.yaml', 'openapi: [')).toBe(false);
    expect(
      await write('escaped.json', JSON.stringify({ paths: { '/a': { '\u0024ref': 'http://x/y' } } })),
    ).toBe(false);
  });

  it('a file larger than the limit is refused before it is read', async () => {
    const dir = path.join(outside, 'large');
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'big.yaml'), '');
    await truncate(path.join(dir, 'big.yaml'), 33 * 1024 * 1024); // sparse: nothing written
    await writeFile(path.join(dir, 'openapi.yaml'), spec("        big: { $ref: 'big.yaml#/Big' }"));
    await expect(loadContract(path.join(dir, 'openapi.yaml'))).rejects.toThrow(
      /openapi\.yaml:\d+ \$ref "big\.yaml#\/Big": big\.yaml is 34603008 bytes: a contract file may have 33554432/,
    );
  });

  it('an alias bomb fails at once, in the loader and in lint', async () => {
    const file = path.join(outside, 'bomb', 'openapi.yaml');
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, aliasBomb);
    expect(aliasBomb.length).toBeLessThan(600);
    await expect(loadContract(file)).rejects.toThrow(/alias bomb is refused/);
    await expect(lintSpec(file)).rejects.toThrow(/alias bomb is refused/);
  });
});

describe('a hostile spec, through the commands', () => {
  const git = (...args: string[]) =>
    run('git', ['-c', 'user.name=test', '-c', 'user.email=test@test.invalid', ...args], { cwd: repo });
  const launch = (...args: string[]) =>
    run(process.execPath, ['scripts/launch.mjs', ...args], { cwd: repo, env, maxBuffer: 64 << 20 }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({
        code: e.code,
        stdout: e.stdout,
        stderr: e.stderr,
      }),
    );

  beforeAll(async () => {
    await mkdir(path.join(repo, 'hostile'), { recursive: true });
    await writeFile(path.join(repo, 'hostile/openapi.yaml'), spec('        fine: { type: string }'));
    await git('init', '-q');
    await git('add', '-A');
    await git('commit', '-q', '-m', 'a clean contract to start from');
    await launch('pipeline/build.ts', '--only', 'packages'); // the review reads the contract package
  }, 120_000);

  it('the build fails naming each reference; nothing is fetched, no output holds what is outside', async () => {
    const before = await readFile(path.join(repo, 'generated/openapi.json'), 'utf8');
    const file = await writeHostile(path.join(repo, 'hostile'));
    const build = await launch('pipeline/build.ts', '--contract', file, '--only', 'lint,bundle,types,docs');
    expect(build.code).toBe(1);
    expectEachNamed(build.stderr, file, await readFile(file, 'utf8'));
    expect(`${build.stdout}${build.stderr}`).not.toContain(CANARY);
    expect(await readFile(path.join(repo, 'generated/openapi.json'), 'utf8')).toBe(before);
    expect(requests).toBe(0);
  }, 120_000);

  it('the review of a pull request that adds them exits 2 naming each; its reports hold nothing outside', async () => {
    const file = await writeHostile(path.join(repo, 'hostile'));
    const json = path.join(repo, 'review.json');
    const review = await launch('tools/review/cli.ts', '--spec', file, '--base', 'HEAD', '--json', json);
    expect(review.code).toBe(2);
    expectEachNamed(review.stderr, file, await readFile(file, 'utf8'));
    expect(`${review.stdout}${review.stderr}`).not.toContain(CANARY);
    await expect(readFile(json, 'utf8')).rejects.toThrow(/ENOENT/);
    await expectNoEngineRan(file);
  }, 120_000);

  it("an example's externalValue and a discriminator's mapping to URLs alone (Redocly fetches both) stop the review before its diff engine starts", async () => {
    const file = path.join(repo, 'hostile/openapi.yaml');
    await writeFile(file, spec('        fine: { type: string }', true));
    const review = await launch('tools/review/cli.ts', '--spec', file, '--base', 'HEAD');
    expect(review.code).toBe(2);
    const { externalValue, mapping } = extraRefs();
    expect(review.stderr).toContain(`externalValue "${externalValue}"`);
    expect(review.stderr).toContain(`mapping "${mapping}"`);
    await expectNoEngineRan(file);
  }, 120_000);

  it('an alias bomb stops the review and the build at once with what it is', async () => {
    const file = path.join(repo, 'hostile/openapi.yaml');
    await writeFile(file, aliasBomb);
    const started = performance.now();
    const review = await launch('tools/review/cli.ts', '--spec', file, '--base', 'HEAD');
    const build = await launch('pipeline/build.ts', '--contract', file, '--only', 'lint,bundle,types');
    for (const { code, stderr } of [review, build]) {
      expect(code).toBeGreaterThan(0);
      expect(stderr).toMatch(
        /openapi\.yaml: more than 10,000,000 nodes once its YAML aliases are expanded: an alias bomb is refused/,
      );
    }
    // Seconds, where expanding it took minutes (a bound for a loaded machine, not a timing claim).
    expect(performance.now() - started).toBeLessThan(60_000);
  }, 120_000);
});
