// The shared redaction: `redact(text)` with the embedded contract's secret fields, or a redactor of
// one's own (`createRedactor`: placeholders per kind, more secret keys, another contract).
import { contractModel } from '../embedded.js';
import { createRedactor, type Redactor } from './redactor.js';

export { cnpjCheckDigits } from './cnpj.js';
export {
  maskSecret,
  redactHeaderValues,
  redactRequestId,
  SECRET_HEADERS,
  secretHeaderSet,
} from './headers.js';
export { secretFieldNames } from './hints.js';
export {
  createRedactor,
  createSecretScrubber,
  type DataKind,
  REDACTED,
  type Redactor,
  type RedactorOptions,
} from './redactor.js';

let shared: Redactor | undefined;

/** The redactor with `[redacted]` for every kind and the embedded contract's secret fields. */
export function defaultRedactor(): Redactor {
  shared ??= createRedactor({ model: contractModel() });
  return shared;
}

/** `text` with personal data and credentials replaced by `[redacted]`. Linear in the text's length. */
export function redact(text: string): string {
  return defaultRedactor().text(text);
}
