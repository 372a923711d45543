// Prism's errors mapped onto the contract's error envelope: its `sl-violations` as `details`, its problem+json
// answers with a code of their own, its picked error examples with the real path and time.
import { type ErrorEnvelope, envelope, type ViolationDetail } from '../http/envelope.ts';

/** What Prism reports about a request or response (the entries of its `sl-violations` header). */
export interface PrismViolation {
  location?: string[];
  code?: string | number;
  message?: string;
  severity?: string;
}

/** Turns Prism's `sl-violations` header into `details` entries. */
export function violationDetails(header: string | undefined): ViolationDetail[] {
  if (!header) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(header);
  } catch {
    return [{ location: 'request', code: 'invalid', message: header }];
  }
  return Array.isArray(parsed) ? detailsOf(parsed as PrismViolation[]) : [];
}

/** Prism's violations as `details` entries. */
export function detailsOf(violations: readonly PrismViolation[]): ViolationDetail[] {
  return violations.map((v) => {
    // location is ["request", "body" | "query" | "header" | "path", ...field path]
    const [, where = 'request', ...fieldPath] = v.location ?? [];
    // A missing property is reported on its parent: its name is only in the message.
    const missing = /required property '([^']+)'/.exec(v.message ?? '')?.[1];
    const field = [...fieldPath, ...(missing ? [missing] : [])].join('.');
    return {
      location: where,
      ...(field ? { field } : {}),
      code: String(v.code ?? 'invalid'),
      message: v.message ?? 'Invalid request.',
    };
  });
}

/** Codes for Prism's own problem+json errors (the mock's choice: the contract names only VALIDATION_ERROR). */
const problemCodes: Record<string, [number, string]> = {
  NO_PATH_MATCHED_ERROR: [404, 'NOT_FOUND'],
  NO_METHOD_MATCHED_ERROR: [405, 'METHOD_NOT_ALLOWED'],
  UNPROCESSABLE_ENTITY: [400, 'VALIDATION_ERROR'],
  UNAUTHORIZED: [401, 'UNAUTHORIZED'],
  NOT_ACCEPTABLE: [406, 'NOT_ACCEPTABLE'],
  UNSUPPORTED_MEDIA_TYPE: [415, 'UNSUPPORTED_MEDIA_TYPE'],
};

/**
 * The envelope for an error answer from Prism (its parsed body). A 400 or 422 with violations is a
 * failed validation (contract §7 rule 1: 400 VALIDATION_ERROR): Prism's canned 400 example gets the real path, time and
 * violations. An error example picked with Prefer keeps its content but gets the real path and time.
 * Prism's own problem+json answers keep their status and get a code of their own.
 */
export function errorEnvelope(
  status: number,
  body: unknown,
  details: ViolationDetail[],
  path: string,
): ErrorEnvelope {
  const parsed = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  if (typeof parsed.code === 'string' && typeof parsed.message === 'string' && details.length === 0) {
    // An error example picked on purpose (Prefer: code=...): keep its code, message and details.
    const picked = Array.isArray(parsed.details) ? parsed.details : [];
    return envelope(status, parsed.code, parsed.message, path, picked);
  }
  if (status === 400 || status === 422) {
    return envelope(400, 'VALIDATION_ERROR', 'The request is invalid.', path, details);
  }
  const type = typeof parsed.type === 'string' ? parsed.type.split('#')[1] : undefined;
  const [mappedStatus, code] = (type && problemCodes[type]) || [status, type ?? `HTTP_${status}`];
  const message = [parsed.title, parsed.detail].filter((s) => typeof s === 'string').join(': ');
  return envelope(mappedStatus, code, message || `HTTP ${status}`, path, details);
}
