// What a reproducer does with the values it sends, so that it runs as pasted and still carries no personal
// data: a known test value (one the contract's examples show) stays as it is; a value that really is
// personal data or a secret (found by the shared redaction, or under a secret key) becomes a shell variable
// the command names, `"${PASSWORD:?…}"`, which the shell refuses to run without. `[redacted]` in a body
// made the pasted command fail validation instead of showing the deviation.
import {
  type ContractModel,
  contractModel,
  createRedactor,
  type DataKind,
  defaultRedactor,
  type Redactor,
} from '@banking-api/contract';
import { shielded } from './generated-values.js';

/** One piece of a shell argument: text as it is, or a variable standing for a value left out. */
export type Piece = { readonly text: string } | { readonly variable: string; readonly what: string };

// A private-use character marks where a variable goes: nothing the engine sends holds one.
const MARK = '\uE000';

/** Every value the contract's examples show (request bodies and parameters), as text. */
export function knownValues(model: ContractModel): Set<string> {
  const known = new Set<string>();
  const walk = (value: unknown, depth: number): void => {
    if (depth > 32) return;
    if (typeof value === 'string' || typeof value === 'number') known.add(String(value));
    else if (value && typeof value === 'object') for (const v of Object.values(value)) walk(v, depth + 1);
  };
  for (const op of model.operations) {
    for (const p of op.parameters) for (const e of p.examples) walk(e.value, 0);
    for (const media of op.requestBody?.content ?? []) for (const e of media.examples) walk(e.value, 0);
  }
  return known;
}

let shared: { known: Set<string>; marking: Redactor } | undefined;
const context = () => {
  shared ??= {
    known: knownValues(contractModel()),
    marking: createRedactor({ model: contractModel(), placeholder: (kind) => `${MARK}${kind}${MARK}` }),
  };
  return shared;
};

/** Names the variables of one command: `CPF`, `CPF_2`, … by what each stands for. */
export class Variables {
  private readonly used = new Map<string, number>();
  name(what: string): string {
    const base =
      what
        .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
        .replace(/[^A-Za-z0-9]+/g, '_')
        .replace(/^_+|_+$/g, '')
        .toUpperCase() || 'VALUE';
    const count = (this.used.get(base) ?? 0) + 1;
    this.used.set(base, count);
    return count === 1 ? base : `${base}_${count}`;
  }
}

/**
 * Text as pieces: each run of personal data the redaction finds becomes a variable named by its kind; the
 * values verify generated itself (`generated`) stay as they are.
 */
export function textPieces(text: string, variables: Variables, generated?: readonly string[]): Piece[] {
  const parts = shielded(text, generated, (t) => context().marking.text(t)).split(MARK);
  return parts.flatMap((part, i): Piece[] => {
    if (i % 2 === 0) return part ? [{ text: part }] : [];
    return [{ variable: variables.name(part), what: describeKind(part as DataKind) }];
  });
}

/**
 * A JSON body as pieces, field by field: known test values stay, personal data and secret fields become
 * variables named after their field. Undefined for text that is not JSON.
 */
export function jsonPieces(
  text: string,
  variables: Variables,
  generated: readonly string[] = [],
): Piece[] | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const { known } = context();
  const redactor = defaultRedactor();
  const left: Piece[] = [];
  const leaveOut = (field: string, kind: string) => {
    left.push({ variable: variables.name(field || kind), what: `${field || kind} (kept out of the report)` });
    return `${MARK}${left.length - 1}${MARK}`;
  };
  const walk = (node: unknown, key: string, depth: number): unknown => {
    if (typeof node === 'string' || typeof node === 'number') {
      const text = String(node);
      if (known.has(text) || generated.includes(text)) return node;
      if (key && redactor.isSecretKey(key)) return leaveOut(key, 'secret');
      return redactor.text(text) === text ? node : leaveOut(key, 'personal data');
    }
    if (!node || typeof node !== 'object' || depth > 64) return node;
    if (Array.isArray(node)) return node.map((v) => walk(v, key, depth + 1));
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walk(v, k, depth + 1)]));
  };
  const parts = JSON.stringify(walk(value, '', 0)).split(MARK);
  return parts.flatMap((part, i): Piece[] => {
    if (i % 2 === 0) return part ? [{ text: part }] : [];
    return [left[Number(part)] as Piece];
  });
}

const KINDS: Readonly<Record<string, string>> = {
  cpf: 'a CPF',
  cnpj: 'a CNPJ',
  phone: 'a phone number',
  card: 'a card number',
  number: 'a personal number',
  email: 'an e-mail address',
  token: 'a token',
  secret: 'a secret',
  key: 'a key',
};
const describeKind = (kind: DataKind): string => `${KINDS[kind] ?? kind} (kept out of the report)`;
