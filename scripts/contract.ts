// Which contract the toolkit reads, and which lint rules it holds that contract to: the one option that
// points the build, lint, the docs and the review at another contract. In package.json:
//   "config": { "contract": "path/to/openapi.yaml", "contractRules": "standard" }
// or, for one build, `npm run build -- --contract <file> [--rules house|standard]`. The repo's own
// openapi.yaml is the default. `house`: our rulesets (.spectral.yaml, redocly.yaml: the standard ones with
// this contract's house rules), zero warnings; `standard`: the standard rulesets alone (Spectral's
// `spectral:oas` recommended, Redocly's `recommended`), failing on errors only. A contract other than ours
// gets `standard` unless `house` is asked for, and its reference site carries none of our guides.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { root, specPath } from './paths.ts';

export type LintRules = 'house' | 'standard';
export const LINT_RULES: readonly LintRules[] = ['house', 'standard'];

export interface ContractChoice {
  /** Absolute path of the contract's root file. */
  readonly file: string;
  /** Whether it is this repository's own contract (openapi.yaml): its guides, changelog and open questions. */
  readonly ours: boolean;
  readonly rules: LintRules;
}

/** The choice for `contract` (relative to the repository) and `rules`, each defaulted as described above. */
export function contractChoiceOf(contract?: string, rules?: string): ContractChoice {
  const file = path.resolve(root, contract ?? specPath);
  const ours = file === specPath;
  if (rules !== undefined && !LINT_RULES.includes(rules as LintRules))
    throw new Error(`contract rules must be one of ${LINT_RULES.join(', ')}, not "${rules}"`);
  return { file, ours, rules: (rules as LintRules | undefined) ?? (ours ? 'house' : 'standard') };
}

type Config = { contract?: string; contractRules?: string };
const configured = (): Config => {
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { config?: Config };
  return manifest.config ?? {};
};

let chosen: ContractChoice | undefined;

/** The contract this process reads: package.json's `config`, unless chooseContract said otherwise. */
export function contractChoice(): ContractChoice {
  if (!chosen) {
    const { contract, contractRules } = configured();
    chosen = contractChoiceOf(contract, contractRules);
  }
  return chosen;
}

/** Points this process at `contract` with `rules` (a command's `--contract`, `--rules`); the choice made. */
export function chooseContract(contract: string | undefined, rules: string | undefined): ContractChoice {
  const { contract: file, contractRules } = configured();
  chosen = contractChoiceOf(
    contract ? path.resolve(contract) : file,
    rules ?? (contract ? undefined : contractRules),
  );
  return chosen;
}
