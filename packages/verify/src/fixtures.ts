// --fixtures FILE: what a server with state needs that the contract cannot give — identifiers it has
// issued, per operation, and requests to send first. Checked on reading: a mistake is a usage error.
//   { "operations": { "refundPix": { "endToEndId": "E123…" } },
//     "setup": [ { "operationId": "tryWebhook", "values": { "webhookId": "wh-1" } } ] }
import { readFile } from 'node:fs/promises';
import type { SetupRequest } from '@banking-api/conformance';
import type { ContractModel } from '@banking-api/contract';
import { UsageError } from './options.js';

export interface Fixtures {
  readonly operations: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  readonly setup: readonly SetupRequest[];
}

export const noFixtures: Fixtures = { operations: {}, setup: [] };

const isObject = (v: unknown): v is Record<string, unknown> =>
  Boolean(v) && typeof v === 'object' && !Array.isArray(v);

export async function readFixtures(file: string, model: ContractModel): Promise<Fixtures> {
  let data: unknown;
  try {
    data = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`--fixtures ${file} cannot be read as JSON: ${(error as Error).message}`);
  }
  const bad = (what: string) => new UsageError(`--fixtures ${file}: ${what}`);
  if (!isObject(data)) throw bad('expected an object with "operations" and/or "setup".');
  const known = new Set(model.operations.map((op) => op.operationId));
  const operations = data.operations ?? {};
  if (!isObject(operations)) throw bad('"operations" must map operationIds to objects of values.');
  for (const [id, values] of Object.entries(operations)) {
    if (!known.has(id)) throw bad(`"operations" names ${id}, which the contract does not have.`);
    if (!isObject(values)) throw bad(`"operations.${id}" must be an object of values.`);
  }
  const setup = data.setup ?? [];
  if (!Array.isArray(setup)) throw bad('"setup" must be a list of { operationId, values }.');
  for (const step of setup)
    if (!isObject(step) || typeof step.operationId !== 'string' || !known.has(step.operationId))
      throw bad(`a setup request names no operation of the contract: ${JSON.stringify(step)}`);
  return { operations: operations as Fixtures['operations'], setup: setup as SetupRequest[] };
}
