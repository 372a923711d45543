// One Node process for the whole pipeline: each tool's start-up is most of its run time here. The contract
// is read once (model/load.ts) and handed to every step that needs it.
import './env.ts';
import { parseArgs } from 'node:util';
import { type LoadedContract, loadContract } from '../model/load.ts';
import { specPath } from './paths.ts';

type Step = { name: string; run: (contract: () => Promise<LoadedContract>) => Promise<void> };

// In order; later steps read what earlier ones wrote.
const steps: Step[] = [
  { name: 'lint', run: async () => (await import('./lint.ts')).lint() },
  { name: 'bundle', run: async (contract) => (await import('./bundle.ts')).bundle(await contract()) },
  { name: 'types', run: async (contract) => (await import('./types.ts')).types(await contract()) },
  { name: 'packages', run: async () => (await import('./packages.ts')).packages() },
  { name: 'docs', run: async (contract) => (await import('./docs.ts')).docs(await contract()) },
];

const { values } = parseArgs({ options: { only: { type: 'string' } } });
const only = values.only?.split(',');
const unknown = only?.filter((name) => !steps.some((s) => s.name === name));
if (unknown?.length) {
  console.error(`Unknown step(s): ${unknown.join(', ')}. Steps: ${steps.map((s) => s.name).join(', ')}`);
  process.exit(2);
}

let loaded: Promise<LoadedContract> | undefined;
const contract = () => {
  loaded ??= loadContract(specPath);
  return loaded;
};

for (const step of steps) {
  if (only && !only.includes(step.name)) continue;
  const started = performance.now();
  try {
    await step.run(contract);
  } catch (error) {
    console.error(`✖ ${step.name}: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  console.log(`✔ ${step.name} (${Math.round(performance.now() - started)} ms)`);
}
