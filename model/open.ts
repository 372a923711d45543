// A contract opened: its files read through the confined resolver (model/contract-resolver.ts: inside the
// contract's folder, bounded in size, depth and YAML aliases) and every reference checked (model/confine.ts),
// before any tool reads it. checkContract lets a tool that reads the files itself (the review's diff engine,
// Spectral) wait for that check; the next load of the same file then takes what it opened instead of reading
// and parsing the files again.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Document } from '@redocly/openapi-core';
import { confineReferences } from './confine.ts';
import { ContractResolver } from './contract-resolver.ts';
import { contractConfig } from './redocly.ts';
import { selfContained } from './self-contained.ts';

/** The contract's files, read within bounds and confined to its folder, not yet bundled. */
export type OpenedContract = {
  readonly root: Document;
  readonly resolver: ContractResolver;
  readonly file: string;
};

/** Reads the contract's files: the root, then every file its references name, each checked (see above). */
export async function openContract(file: string): Promise<OpenedContract> {
  const config = await contractConfig();
  const resolver = new ContractResolver(file, config.resolve);
  const root = await resolver.resolveDocument(null, path.resolve(file), true).catch((e: Error) => e);
  if (root instanceof Error) throw new Error(`the contract cannot be read: ${root.message}`, { cause: root });
  await confineReferences(root as Document, resolver);
  return { root: root as Document, resolver, file };
}

/** Contracts opened by checkContract, by path, with the root's text then: the next load takes one. */
const checked = new Map<string, { text: string; opened: Promise<OpenedContract> }>();

/** Opens the contract (throws what a load would) and keeps it for the next load of the same file. */
export async function checkContract(file: string): Promise<void> {
  const key = path.resolve(file);
  const entry = { text: await readFile(key, 'utf8'), opened: openContract(key) };
  checked.set(key, entry);
  entry.opened.catch(() => checked.delete(key));
  await entry.opened;
}

/** What checkContract opened of `file`, if its root's text has not changed since. */
async function takeChecked(file: string): Promise<OpenedContract | undefined> {
  const key = path.resolve(file);
  const entry = checked.get(key);
  if (!entry) return undefined;
  checked.delete(key);
  return (await readFile(key, 'utf8').catch(() => '')) === entry.text ? entry.opened : undefined;
}

/** The contract at `file` opened: what checkContract opened of it, else opened now. */
export async function openedContract(file: string): Promise<OpenedContract> {
  return (await takeChecked(file)) ?? (await openContract(file));
}

/**
 * What a tool does before anything reads `file`: the quick check (one self-contained file within the limits,
 * parsed without loading Redocly, its tree kept for the loader), else the full check, which names what is
 * wrong or, for a contract split in files, opens them for the next load. Throws what a load would.
 */
export async function admitContract(file: string): Promise<void> {
  if (!(await selfContained(file))) await checkContract(file);
}
