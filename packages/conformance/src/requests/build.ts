// A request for an operation: its parameters filled in (values.ts), the given body and credential.
import { fillPath, type Operation } from '@banking-api/contract';
import type { Credential, EncodedBody, Probe, Refusal } from '../types.js';
import { firstBody } from './encode.js';
import { type ParameterValues, parameterValues, type ValueOptions } from './values.js';

export interface RequestOptions extends ValueOptions {
  readonly credential?: Credential;
  /** Header parameters to leave out (a missing-header request). */
  readonly omit?: readonly string[];
  readonly body?: EncodedBody;
  /** Another method than the operation's (a method-not-allowed request). */
  readonly method?: string;
  /** The refusal the request asks for, when it is flawed on purpose (Probe.refusal). */
  readonly refusal?: Refusal;
}

/** A request for `op`: path and query from its parameters, its header parameters, the given body. */
export function requestFor(op: Operation, options: RequestOptions = {}): Probe {
  const values = parameterValues(op, options);
  // Header names compared as HTTP does: `X-Account-Id` is left out by an omit of `x-account-id`.
  const omitted = new Set(options.omit?.map((name) => name.toLowerCase()));
  const headers = Object.fromEntries(
    Object.entries(values.header).filter(([name]) => !omitted.has(name.toLowerCase())),
  );
  return {
    method: options.method ?? op.method,
    path: urlOf(op.path, values),
    template: op.path,
    headers,
    credential: options.credential ?? 'token',
    ...(options.body ? { body: options.body } : {}),
    ...(options.refusal && { refusal: options.refusal }),
    ...(values.generated.length > 0 && { generated: values.generated }),
  };
}

/** The path with its parameters filled in, each escaped as one segment, and the query string. */
export function urlOf(template: string, values: Pick<ParameterValues, 'path' | 'query'>): string {
  const query = new URLSearchParams(values.query as [string, string][]);
  return `${fillPath(template, values.path)}${query.size ? `?${query}` : ''}`;
}

/** A valid request for `op`: `requestFor` with the body at its first example unless another is given. */
export function validRequestFor(op: Operation, options: RequestOptions = {}): Probe {
  const body = options.body ?? firstBody(op);
  return requestFor(op, { ...options, ...(body && { body }) });
}
