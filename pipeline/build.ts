// `npm run build [-- --only lint,bundle]`: the pipeline's steps, each started as soon as the steps it needs are
// done. The contract is read once (model/load.ts) and handed to every step that needs it. The work is spread
// over the machine's cores: Spectral lints in a worker thread (pipeline/lint/spectral-worker.mjs), while this
// thread lints with Redocly, renders the types and the site's pages, and emits the packages file by file.
// bench/pipeline.ts compares the build with the same tools run as separate CLIs.
import '../scripts/env.ts';
import { type LoadedContract, loadContract } from '../model/load.ts';
import { commandLine } from '../scripts/command-line.ts';
import { specPath } from '../scripts/paths.ts';

type Step = {
  name: string;
  /** Steps whose outputs this one reads (only those selected with --only are waited for). */
  after: string[];
  run: (contract: () => Promise<LoadedContract>) => Promise<void>;
};

// In the order they start (each awaits only the steps it reads from).
const steps: Step[] = [
  {
    // The docs step asks @banking-api/contract's queries: that package is compiled first (a few small files).
    name: 'docs',
    after: [],
    run: async (contract) => {
      await (await import('./packages.ts')).contractPackage();
      return (await import('./docs/index.ts')).docs(await contract());
    },
  },
  { name: 'lint', after: [], run: async () => (await import('./lint/index.ts')).lint() },
  {
    name: 'bundle',
    after: [],
    run: async (contract) => (await import('./bundle.ts')).bundle(await contract()),
  },
  {
    name: 'types',
    after: [],
    run: async (contract) => (await import('./api-types.ts')).types(await contract()),
  },
  // The contract package embeds the bundle, the model and the types.
  {
    name: 'packages',
    after: ['bundle', 'types'],
    run: async () => (await import('./packages.ts')).packages(),
  },
];

const usage = `Usage: npm run build [-- --only <step>,<step>...]
  Builds every artifact; --only runs the named steps (of ${steps.map((s) => s.name).join(', ')}) alone.`;
const { values } = commandLine(usage, { options: { only: { type: 'string' } } });
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

/** Runs one step after its selected prerequisites; prints its time, or fails the build with its message. */
const running = new Map<string, Promise<void>>();
async function runStep(step: Step): Promise<void> {
  await Promise.all(step.after.map((name) => running.get(name)));
  const started = performance.now();
  try {
    await step.run(contract);
  } catch (error) {
    console.error(`✖ ${step.name}: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  console.log(`✔ ${step.name} (${Math.round(performance.now() - started)} ms)`);
}

for (const step of steps.filter((s) => !only || only.includes(s.name))) running.set(step.name, runStep(step));
await Promise.all(running.values());
