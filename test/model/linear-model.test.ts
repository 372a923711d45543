// The model grows with the document, however its schemas refer to each other. A chain of schemas, each
// naming the next twice and the last naming the first, is what made inlining exponential (each route through
// the reference graph unrolled again: 2^n copies of the last schema); here every operation names the first.
// At n and 10n schemas (and operations) the model's size and the CPU time of its load grow about tenfold:
// the size is counted, not timed; the time is the least of interleaved runs, where linear (10x) and
// quadratic (100x) are far apart.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadContract, renderModel } from '../../model/load.ts';

/** n schemas S0..S(n-1), Si naming S(i+1) twice, the last naming S0; n operations answering with S0. */
function chained(n: number): string {
  const lines = ['openapi: 3.1.0', 'info: { title: Chain, version: 1.0.0 }', 'paths:'];
  for (let i = 0; i < n; i++)
    lines.push(
      `  /op${i}:`,
      '    get:',
      `      operationId: op${i}`,
      '      responses:',
      `        '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/S0' } } } }`,
    );
  lines.push('components:', '  schemas:');
  for (let i = 0; i < n; i++) {
    const next = `'#/components/schemas/S${(i + 1) % n}'`;
    lines.push(
      `    S${i}:`,
      '      type: object',
      `      properties: { a: { $ref: ${next} }, b: { $ref: ${next} } }`,
    );
  }
  return `${lines.join('\n')}\n`;
}

let dir: string;
const files: Record<number, string> = {};
const SIZES = [40, 400] as const;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'linear-model-'));
  for (const n of SIZES) {
    files[n] = path.join(dir, `chain-${n}.yaml`);
    await writeFile(files[n] as string, chained(n));
  }
});
afterAll(() => rm(dir, { recursive: true, force: true }));

it('the model of 10x the schemas and operations is about 10x the size', async () => {
  const [small, large] = await Promise.all(
    SIZES.map(async (n) => renderModel((await loadContract(files[n] as string)).model).length),
  );
  const ratio = (large as number) / (small as number);
  expect(ratio, `${small} → ${large} bytes`).toBeGreaterThan(5);
  expect(ratio, `${small} → ${large} bytes`).toBeLessThan(15);
});

it('its load costs about 10x the CPU time (least of interleaved runs)', async () => {
  const cpu = async (file: string) => {
    const before = process.cpuUsage();
    await loadContract(file);
    const used = process.cpuUsage(before);
    return used.user + used.system;
  };
  const least: Record<number, number> = {
    [SIZES[0]]: Number.POSITIVE_INFINITY,
    [SIZES[1]]: Number.POSITIVE_INFINITY,
  };
  await cpu(files[SIZES[0]] as string); // the libraries' first use
  for (let round = 0; round < 5; round++)
    for (const n of round % 2 ? [...SIZES].reverse() : SIZES)
      least[n] = Math.min(least[n] as number, await cpu(files[n] as string));
  const ratio = (least[SIZES[1]] as number) / (least[SIZES[0]] as number);
  expect(ratio, `CPU ×${ratio.toFixed(1)} for ×10 the document`).toBeLessThan(40);
});
