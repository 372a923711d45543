// The contract's error envelope (§7): the one shape of every error the mock answers.

export interface ErrorEnvelope {
  status_code: number;
  code: string;
  message: string;
  timestamp: string;
  path: string;
  details: unknown[];
}

/** One entry of `details` (the contract leaves their content open: this shape is the mock's choice). */
export interface ViolationDetail {
  /** Where: body, query, header or path, or request when the whole request is at fault. */
  location: string;
  /** The offending field as a dotted path, when there is one. */
  field?: string;
  code: string;
  message: string;
}

export function envelope(
  status: number,
  code: string,
  message: string,
  path: string,
  details: unknown[] = [],
): ErrorEnvelope {
  return { status_code: status, code, message, timestamp: new Date().toISOString(), path, details };
}
