// `npm run build [-- --only lint,bundle]`: the pipeline's steps, each started as soon as the steps it needs are
// done. The contract is read once (model/load.ts) and handed to every step that needs it. The work is spread
// over the machine's cores: Spectral lints in a worker thread (pipeline/lint/spectral-worker.mjs), while this
// thread lints with Redocly, renders the types and the site's pages, and emits the packages file by file.
// bench/pipeline.ts compares the build with the same tools run as separate CLIs.
// The contract is openapi.yaml unless package.json's `config.contract` or `--contract` names another
// (scripts/contract.ts); it is opened (confined, bounded: model/load.ts) before any step reads it.
import '../scripts/env.ts';
import { checkContract, type LoadedContract, loadContract } from '../model/load.ts';
import { commandLine } from '../scripts/command-line.ts';
import { type ContractChoice, chooseContract, LINT_RULES } from '../scripts/contract.ts';

/** What a step is given: the contract chosen, its check (opened, refused or not) and its load, made on first ask. */
type Contract = {
  choice: ContractChoice;
  checked: () => Promise<void>;
  loaded: () => Promise<LoadedContract>;
};

type Step = {
  name: string;
  /** Steps whose outputs this one reads (only those selected with --only are waited for). */
  after: string[];
  run: (contract: Contract) => Promise<void>;
};

// In the order they start (each awaits only the steps it reads from).
const steps: Step[] = [
  {
    // The docs step asks @banking-api/contract's queries: that package is compiled first (a few small files).
    name: 'docs',
    after: [],
    run: async ({ loaded, choice }) => {
      await (await import('./packages.ts')).contractPackage();
      return (await import('./docs/index.ts')).docs(await loaded(), { guides: choice.ours });
    },
  },
  {
    name: 'lint',
    after: [],
    run: async ({ choice, checked }) => (await import('./lint/index.ts')).lint(choice, checked()),
  },
  {
    name: 'bundle',
    after: [],
    run: async ({ loaded, choice }) => (await import('./bundle.ts')).bundle(await loaded(), choice),
  },
  {
    name: 'types',
    after: [],
    run: async ({ loaded }) => (await import('./api-types.ts')).types(await loaded()),
  },
  // The contract package embeds the bundle, the model and the types.
  {
    name: 'packages',
    after: ['bundle', 'types'],
    run: async () => (await import('./packages.ts')).packages(),
  },
];

const usage = `Usage: npm run build [-- --only <step>,<step>...] [--contract <file>] [--rules ${LINT_RULES.join('|')}]
  Builds every artifact; --only runs the named steps (of ${steps.map((s) => s.name).join(', ')}) alone.
  --contract builds another contract than package.json's config.contract (default openapi.yaml), linted
  with --rules: house (ours) or standard (the default for a contract other than ours).`;
const { values } = commandLine(usage, {
  options: { only: { type: 'string' }, contract: { type: 'string' }, rules: { type: 'string' } },
});
const only = values.only?.split(',');
const unknown = only?.filter((name) => !steps.some((s) => s.name === name));
if (unknown?.length) {
  console.error(`Unknown step(s): ${unknown.join(', ')}. Steps: ${steps.map((s) => s.name).join(', ')}`);
  process.exit(2);
}

let choice: ContractChoice;
try {
  choice = chooseContract(values.contract, values.rules);
} catch (error) {
  console.error(`✖ ${(error as Error).message}\n\n${usage}`);
  process.exit(2);
}
// Opened once: lint waits for the check before Spectral reads the file, and the load takes what it opened.
let check: Promise<void> | undefined;
let load: Promise<LoadedContract> | undefined;
const contract: Contract = {
  choice,
  checked: () => {
    check ??= checkContract(choice.file);
    return check;
  },
  loaded: () => {
    load ??= contract.checked().then(() => loadContract(choice.file));
    return load;
  },
};

/**
 * Runs one step after its selected prerequisites; prints its time, or its failure (an error several steps
 * share, a contract that cannot be read, once). The other steps go on, so that one run says everything that
 * fails; a step whose prerequisite failed is not run. Whether it passed.
 */
const running = new Map<string, Promise<boolean>>();
const told = new Set<unknown>();
async function runStep(step: Step): Promise<boolean> {
  const failed = (await Promise.all(step.after.map((name) => running.get(name)))).includes(false);
  if (failed) {
    console.error(`✖ ${step.name}: not run (${step.after.join(', ')} failed)`);
    return false;
  }
  const started = performance.now();
  try {
    await step.run(contract);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`✖ ${step.name}: ${told.has(error) ? 'the same failure as above' : message}`);
    told.add(error);
    return false;
  }
  console.log(`✔ ${step.name} (${Math.round(performance.now() - started)} ms)`);
  return true;
}

for (const step of steps.filter((s) => !only || only.includes(s.name))) running.set(step.name, runStep(step));
if ((await Promise.all(running.values())).includes(false)) process.exit(1);
