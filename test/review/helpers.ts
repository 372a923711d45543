// Runs reviews of fixture pairs: the base fixture against a mutated copy, both written to a temp dir.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, stringify } from 'yaml';
import { type Review, reviewSpecs } from '../../tools/review/run.ts';

export const baseFixture = fileURLToPath(new URL('./fixtures/base.yaml', import.meta.url));

// biome-ignore lint/suspicious/noExplicitAny: free-form spec edits
export type Mutation = (doc: Record<string, any>) => void;

export async function fixtureDir(): Promise<{ dir: string; dispose: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'review-test-'));
  return { dir, dispose: () => rm(dir, { recursive: true, force: true }) };
}

/** base.yaml with `mutate` applied, written as `name`.yaml in `dir`; returns the file. */
export async function writeMutation(dir: string, name: string, mutate: Mutation): Promise<string> {
  const doc = parse(await readFile(baseFixture, 'utf8'));
  mutate(doc);
  const file = path.join(dir, `${name.replace(/\W+/g, '-')}.yaml`);
  await writeFile(file, stringify(doc));
  return file;
}

/** base.yaml with each of `mutations` applied in turn, written as `name`.yaml in `dir`; returns the file. */
export async function writeMutations(dir: string, name: string, ...mutations: Mutation[]): Promise<string> {
  return writeMutation(dir, name, (doc) => {
    for (const mutate of mutations) mutate(doc);
  });
}

/** Reviews base.yaml against base.yaml with `mutate` applied (written as `name`.yaml in `dir`). */
export async function reviewMutation(
  dir: string,
  name: string,
  mutate: Mutation,
  options: { lint?: boolean; types?: boolean } = {},
): Promise<Review> {
  const headFile = await writeMutation(dir, name, mutate);
  return reviewSpecs({
    baseFile: baseFixture,
    headFile,
    baseLabel: 'base.yaml',
    headLabel: name,
    ...options,
  });
}

/** Runs `task` over `items`, two at a time: the machine has two cores and each review starts a process. */
export async function twoAtATime<T>(items: T[], task: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  const worker = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await task(item);
  };
  await Promise.all([worker(), worker()]);
}
