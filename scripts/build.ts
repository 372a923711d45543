// One Node process for the whole pipeline: each tool's start-up is most of its run time here.
import './env.ts';
import { parseArgs } from 'node:util';

type Step = { name: string; run: () => Promise<void> };

// In order; later steps read what earlier ones wrote.
const steps: Step[] = [
  { name: 'lint', run: async () => (await import('./lint.ts')).lint() },
  { name: 'bundle', run: async () => (await import('./bundle.ts')).bundle() },
  { name: 'types', run: async () => (await import('./types.ts')).types() },
  { name: 'client', run: async () => (await import('../packages/client/build.ts')).build() },
  { name: 'docs', run: async () => (await import('./docs.ts')).docs() },
];

const { values } = parseArgs({ options: { only: { type: 'string' } } });
const only = values.only?.split(',');
const unknown = only?.filter((name) => !steps.some((s) => s.name === name));
if (unknown?.length) {
  console.error(`Unknown step(s): ${unknown.join(', ')}. Steps: ${steps.map((s) => s.name).join(', ')}`);
  process.exit(2);
}

for (const step of steps) {
  if (only && !only.includes(step.name)) continue;
  const started = performance.now();
  try {
    await step.run();
  } catch (error) {
    console.error(`✖ ${step.name}: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  console.log(`✔ ${step.name} (${Math.round(performance.now() - started)} ms)`);
}
