// The Python sample: `requests`, with the client certificate as `cert`, the server's CA as `verify`, and the
// token and address from the environment. test/docs/samples-run.test.ts runs every one against the mock.
import { IDEMPOTENCY_NOTE, type Pair, type SampleRequest } from './request.ts';

/** A Python string literal (JSON's escapes are Python's too). */
const pyString = (value: string) => JSON.stringify(value);

/** A JSON value as a Python literal. */
export function pyLiteral(value: unknown, pad = ''): string {
  if (value === null || value === undefined) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'string') return pyString(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'None';
  const inner = `${pad}    `;
  if (Array.isArray(value))
    return value.length
      ? `[\n${value.map((v) => `${inner}${pyLiteral(v, inner)},`).join('\n')}\n${pad}]`
      : '[]';
  const entries = Object.entries(value as object);
  if (!entries.length) return '{}';
  return `{\n${entries.map(([k, v]) => `${inner}${pyString(k)}: ${pyLiteral(v, inner)},`).join('\n')}\n${pad}}`;
}

/** The URL as an f-string: the address, the path (braces doubled), the fresh id where there is one. */
function urlLiteral(req: SampleRequest): string {
  const text = (t: string) => JSON.stringify(t).slice(1, -1).replace(/[{}]/g, '$&$&');
  const path = req.path.map((part) => ('text' in part ? text(part.text) : '{idempotency_id}')).join('');
  return `f"{base_url}${path}"`;
}

/** `{"a": "1", "b": token}`: names quoted, values as written. */
const dict = (pairs: Pair[]) => `{${pairs.map((p) => `${pyString(p.name)}: ${p.value}`).join(', ')}}`;
const quoted = (pairs: Pair[]) => pairs.map((p) => ({ name: p.name, value: pyString(p.value) }));

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);

/** The keyword arguments of the call, one a line. */
function callArguments(req: SampleRequest): string[] {
  const headers = [
    ...(req.bearer ? [{ name: 'Authorization', value: 'f"Bearer {token}"' }] : []),
    ...quoted(req.headers),
  ];
  const body = req.body;
  if (body?.kind === 'text') headers.push({ name: 'Content-Type', value: pyString(body.mediaType) });
  const args = [urlLiteral(req)];
  if (req.query.length) args.push(`params=${dict(quoted(req.query))}`);
  if (headers.length) args.push(`headers=${dict(headers)}`);
  if (body?.kind === 'json') args.push(`json=${pyLiteral(body.value, '    ')}`);
  if (body?.kind === 'text') args.push(`data=${pyString(body.value)}`);
  if (body?.kind === 'multipart') {
    if (body.fields.length) args.push(`data=${dict(quoted(body.fields))}`);
    const name = pyString(body.fileName);
    args.push(
      `files={${pyString(body.filePart)}: (${name}, open(${name}, "rb"), ${pyString(body.fileType)})}`,
    );
  }
  const lines = args.map((a) => `${a},`);
  if (req.mutualTls) lines.push('cert=("client.crt", "client.key"),  # the client certificate (mutual TLS)');
  lines.push('verify="ca.crt",  # the CA of the server\'s certificate', 'timeout=30,');
  return lines;
}

export function pythonSample(req: SampleRequest): string {
  const lines = ['import os', ...(req.idempotency ? ['import uuid'] : []), '', 'import requests', ''];
  lines.push(`base_url = os.environ.get("BANKING_API_URL", ${pyString(req.baseUrl)})`);
  if (req.bearer) lines.push('token = os.environ["BANKING_API_TOKEN"]');
  if (req.idempotency) lines.push(`# ${IDEMPOTENCY_NOTE}`, 'idempotency_id = str(uuid.uuid4())');
  const call = METHODS.has(req.method)
    ? `requests.${req.method.toLowerCase()}(`
    : `requests.request(${pyString(req.method)},`;
  lines.push('', `response = ${call}`, ...callArguments(req).map((a) => `    ${a}`), ')');
  lines.push('print(response.status_code)', 'print(response.text)');
  return `${lines.join('\n')}\n`;
}
