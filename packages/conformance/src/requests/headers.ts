// The headers a request goes out with, merged by name as HTTP compares them: case-insensitively. The
// credential owns `authorization` and the body owns `content-type`: a header parameter the contract
// declares under either name (`Authorization` on a Pix API operation) is replaced, never sent beside them.
import type { Probe } from '../types.js';

/** `headers` with every spelling of `name` removed, then `value` set (when given). */
export function withHeader(
  headers: Readonly<Record<string, string>>,
  name: string,
  value: string | undefined,
): Record<string, string> {
  const lower = name.toLowerCase();
  const out = Object.fromEntries(Object.entries(headers).filter(([n]) => n.toLowerCase() !== lower));
  if (value !== undefined) out[lower] = value;
  return out;
}

/** The headers of a probe as sent: its parameters, the credential's `authorization`, the body's type. */
export function outgoingHeaders(probe: Probe, authorization: string | undefined): Record<string, string> {
  const headers = withHeader(probe.headers, 'authorization', authorization);
  return withHeader(headers, 'content-type', probe.body?.contentType);
}
