// The threat model (docs/maintainers/threat-model.md) stays true where a machine can tell: every shipped file that opens a
// listener, and every workflow, is named in it (a new listener or workflow cannot land without its row), the
// tests it names exist, and the reference site, built, does not publish it.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../scripts/paths.ts';

const model = readFileSync(path.join(root, 'docs/maintainers/threat-model.md'), 'utf8');

/** TypeScript and JavaScript files under `dir`, tests, fixtures and builds left out. */
function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (['node_modules', 'dist', 'test', 'fixtures'].includes(name)) continue;
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) out.push(...sources(file));
    else if (/\.(ts|mjs|js|cjs)$/.test(name) && !/\.(test|d)\.ts$/.test(name)) out.push(file);
  }
  return out;
}

/** Every file under `dir`. */
function allFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? allFiles(file) : [file];
  });
}

/** Files that create a server or listen on a socket. */
function listenerFiles(): string[] {
  const dirs = [
    'tools',
    'scripts',
    'model',
    'pipeline',
    ...readdirSync(path.join(root, 'packages'))
      .map((p) => `packages/${p}/src`)
      .filter((dir) => existsSync(path.join(root, dir))), // @banking-api/model's is model/
  ];
  return dirs
    .flatMap((dir) => sources(path.join(root, dir)))
    .filter((file) => /\bcreateServer\(|\.listen\(/.test(readFileSync(file, 'utf8')))
    .map((file) => path.relative(root, file));
}

describe('the threat model', () => {
  it('names every shipped file that opens a listener', () => {
    const files = listenerFiles();
    expect(files.some((file) => file.startsWith('packages/mock/src/'))).toBe(true); // the scan finds listeners
    expect(files.filter((file) => !model.includes(`\`${file}\``))).toEqual([]);
  });

  it('names every workflow', () => {
    const workflows = readdirSync(path.join(root, '.github/workflows')).filter((f) => /\.ya?ml$/.test(f));
    expect(workflows.filter((file) => !model.includes(file))).toEqual([]);
  });

  it('is not published: no page of the built site holds it', () => {
    const files = allFiles(path.join(root, 'generated/site')); // built by npm run build
    expect(files.length).toBeGreaterThan(0);
    const texts = files.map((file) => readFileSync(file, 'latin1'));
    expect(texts.filter((text) => text.includes('What is worth attacking'))).toEqual([]);
  });

  it('names the tests that hold its guards, and they exist', () => {
    const named = [...model.matchAll(/`((?:test|packages\/[a-z]+\/test)\/[^`*]+\.test\.ts)`/g)].map(
      (m) => m[1] as string,
    );
    expect(named.length).toBeGreaterThan(5);
    const missing = named.filter((file) => {
      try {
        return !statSync(path.join(root, file)).isFile();
      } catch {
        return true;
      }
    });
    expect(missing).toEqual([]);
  });
});
