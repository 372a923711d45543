// One redaction for the client and the mock: personal data (CPF, CNPJ numeric and alphanumeric, phone numbers, e-mail addresses,
// card numbers) and credentials (tokens, keys, passwords, secrets named by their key or by the contract)
// replaced, in any text, linear in its length: the text is decoded once (percent-escapes), then read by
// a few one-pass scanners (no backtracking patterns), and the spans they found are replaced in the text
// as written.
import type { ContractModel } from '../model.js';
import { scanAlphanumericCnpjs } from './cnpj.js';
import { decodedView } from './decode.js';
import { scanEmails } from './emails.js';
import type { DataKind, Finding } from './finding.js';
import { secretFieldNames } from './hints.js';
import { knownSecretForms, scanKnownSecrets } from './known.js';
import { scanNumbers } from './numbers.js';
import { keyName, scanSecrets, secretKeyTest } from './secrets.js';
import { scanTokens } from './tokens.js';

export type { DataKind } from './finding.js';

export const REDACTED = '[redacted]';

export interface RedactorOptions {
  /** What replaces a finding; default `[redacted]` for every kind. */
  placeholder?: (kind: DataKind) => string;
  /** More key names whose values are secret (any spelling: `cardPin`, `card_pin`). */
  secretKeys?: Iterable<string>;
  /** A contract whose `format: password`, `writeOnly` and secret-named fields are secret keys too. */
  model?: ContractModel;
  /** Secret values the caller knows (the tokens it sends): removed wherever they stand, in any form. */
  secrets?: Iterable<string>;
}

export interface Redactor {
  /** The text with personal data and credentials replaced. */
  text(text: string): string;
  /** A JSON-like value with every string redacted and the values of secret keys replaced whole. */
  value(value: unknown): unknown;
  /** Whether a key names a secret (built-in names, the caller's and the contract's). */
  isSecretKey(name: string): boolean;
  /** The placeholder for a kind of data. */
  placeholder(kind: DataKind): string;
}

export function createRedactor(options: RedactorOptions = {}): Redactor {
  const extra = new Set([...(options.secretKeys ?? [])].map(keyName));
  if (options.model) for (const name of secretFieldNames(options.model)) extra.add(name);
  const isSecretKey = secretKeyTest(extra);
  const placeholder = options.placeholder ?? (() => REDACTED);
  const known = knownSecretForms(options.secrets ?? []);
  const text = (written: string) => redactText(written, isSecretKey, placeholder, known);
  const value = (v: unknown): unknown => redactValue(v, text, isSecretKey, placeholder('secret'));
  return { text, value, isSecretKey, placeholder };
}

function redactText(
  written: string,
  isSecretKey: (name: string) => boolean,
  placeholder: (kind: DataKind) => string,
  known: readonly string[],
): string {
  if (written.length === 0) return written;
  const view = decodedView(written);
  const findings = [
    ...scanKnownSecrets(view.text, known),
    ...scanSecrets(view.text, isSecretKey),
    ...scanTokens(view.text),
    ...scanEmails(view.text),
    ...scanNumbers(view.text),
    ...scanAlphanumericCnpjs(view.text),
  ];
  if (findings.length === 0) return written;
  return replaced(written, view.from, merged(findings), placeholder);
}

/**
 * Only the `values` taken out of a text (as written, percent-encoded or escaped), nothing else: for output
 * already redacted, such as a whole report, where the values are the tokens the run sent.
 */
export function createSecretScrubber(
  values: Iterable<string>,
  placeholder?: string,
): (text: string) => string {
  const known = knownSecretForms(values);
  const replacement = () => placeholder ?? REDACTED;
  return (written) => {
    if (known.length === 0 || written.length === 0) return written;
    const view = decodedView(written);
    const findings = scanKnownSecrets(view.text, known);
    return findings.length ? replaced(written, view.from, merged(findings), replacement) : written;
  };
}

/** The findings in order, overlapping ones joined (the first one's kind names the union). */
function merged(findings: Finding[]): Finding[] {
  findings.sort((a, b) => a.start - b.start || b.end - a.end);
  const out: Finding[] = [];
  for (const f of findings) {
    const last = out[out.length - 1];
    if (last && f.start < last.end) last.end = Math.max(last.end, f.end);
    else out.push({ ...f });
  }
  return out;
}

function replaced(
  written: string,
  from: Int32Array,
  spans: Finding[],
  placeholder: (kind: DataKind) => string,
): string {
  const parts: string[] = [];
  let at = 0;
  for (const { start, end, kind } of spans) {
    const writtenStart = from[start] as number;
    parts.push(written.slice(at, writtenStart), placeholder(kind));
    at = from[end] as number;
  }
  parts.push(written.slice(at));
  return parts.join('');
}

/** Depth-bounded (a value deeper than this is replaced whole): no stack overflow on hostile input. */
const MAX_DEPTH = 64;

function redactValue(
  value: unknown,
  text: (s: string) => string,
  isSecretKey: (name: string) => boolean,
  secret: string,
  depth = 0,
): unknown {
  if (typeof value === 'string') return text(value);
  if (!value || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return secret;
  if (Array.isArray(value)) return value.map((v) => redactValue(v, text, isSecretKey, secret, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    out[text(key)] =
      isSecretKey(key) && v !== null && v !== ''
        ? secret
        : redactValue(v, text, isSecretKey, secret, depth + 1);
  }
  return out;
}
