// What a scanner reports: a span of the decoded text and what it holds.

/** The classes of data the redaction knows; each is replaced as a whole. */
export type DataKind = 'cpf' | 'cnpj' | 'phone' | 'card' | 'number' | 'email' | 'token' | 'secret' | 'key';

export interface Finding {
  start: number;
  end: number;
  kind: DataKind;
}
