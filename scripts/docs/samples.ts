// x-codeSamples for one operation, generated from the spec: TypeScript with @banking-api/client, and curl.
// test/docs/samples.test.ts type-checks every TypeScript sample against the client.
import type { Operation, Parameter } from './spec.ts';

export interface CodeSample {
  lang: string;
  label: string;
  source: string;
}

const placeholder = (p: Parameter) =>
  p.example === undefined ? `<${p.name}>` : typeof p.example === 'string' ? p.example : String(p.example);

const tsString = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const tsKey = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : tsString(name));
/** A JSON value as a TypeScript literal: bare keys where possible, single-quoted strings. */
function tsLiteral(value: unknown, pad = ''): string {
  if (typeof value === 'string') return tsString(value);
  if (Array.isArray(value)) {
    if (!value.length) return '[]';
    return `[\n${value.map((v) => `${pad}  ${tsLiteral(v, `${pad}  `)}`).join(',\n')},\n${pad}]`;
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    if (!entries.length) return '{}';
    const lines = entries.map(([k, v]) => `${pad}  ${tsKey(k)}: ${tsLiteral(v, `${pad}  `)}`);
    return `{\n${lines.join(',\n')},\n${pad}}`;
  }
  return JSON.stringify(value);
}

const isMultipart = (op: Operation) => op.body?.contentType === 'multipart/form-data';

const clientSetup = `import { createBankingClient } from '@banking-api/client';

// The certificate and token pick the environment (sandbox or production); the address comes with them.
const client = createBankingClient({
  baseUrl: process.env.BANKING_API_URL ?? 'https://127.0.0.1:8443',
  tls: { cert: { path: 'client.crt' }, key: { path: 'client.key' }, ca: { path: 'ca.crt' } },
  token: process.env.BANKING_API_TOKEN ?? '',
});
`;

function tsParams(op: Operation): string | undefined {
  const groups: string[] = [];
  for (const where of ['path', 'query', 'header'] as const) {
    const params = op.parameters.filter((p) => p.in === where);
    if (!params.length) continue;
    const fields = params.map((p) => {
      const value =
        op.idempotency && p.in === op.idempotency.in && p.name === op.idempotency.name
          ? 'idempotencyId'
          : typeof p.example === 'number' || typeof p.example === 'boolean'
            ? String(p.example)
            : tsString(placeholder(p));
      return `${tsKey(p.name)}: ${value}`;
    });
    groups.push(`${where}: { ${fields.join(', ')} }`);
  }
  return groups.length ? `params: {\n    ${groups.join(',\n    ')},\n  }` : undefined;
}

export function typescriptSample(op: Operation): string {
  const lines = [clientSetup];
  if (op.idempotency)
    lines.push(
      '// Idempotent by URL: keep this id and send it again only to repeat this same operation.',
      'const idempotencyId = client.newIdempotencyId();',
    );
  if (isMultipart(op)) {
    lines.push(`const { data, error, response } = await client.uploadCnab240({ path: 'remessa.rem' });`);
  } else {
    const init = [tsParams(op)];
    if (op.body) init.push(`body: ${tsLiteral(op.body.example ?? {}, '  ')}`);
    const args = init.filter(Boolean);
    const call = `client.${op.method}('${op.path}'${args.length ? `, {\n  ${args.join(',\n  ')},\n}` : ''})`;
    lines.push(`const { data, error, response } = await ${call};`);
  }
  lines.push(
    `if (error) throw new Error(\`${op.operationId} failed with HTTP \${response.status}: \${JSON.stringify(error)}\`);`,
    'console.log(data);',
    'await client.close();',
  );
  return `${lines.join('\n')}\n`;
}

const shQuote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

export function curlSample(op: Operation): string {
  let url = op.path;
  for (const p of op.parameters.filter((q) => q.in === 'path'))
    url = url.replace(`{${p.name}}`, encodeURIComponent(placeholder(p)));
  const query = op.parameters
    .filter((p) => p.in === 'query')
    .map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(placeholder(p))}`);
  const lines = [
    'curl --cert client.crt --key client.key --cacert ca.crt',
    `-X ${op.method} "$BANKING_API_URL${url}${query.length ? `?${query.join('&')}` : ''}"`,
    `-H "Authorization: Bearer $BANKING_API_TOKEN"`,
    ...op.parameters
      .filter((p) => p.in === 'header')
      .map((p) => `-H ${shQuote(`${p.name}: ${placeholder(p)}`)}`),
  ];
  if (isMultipart(op)) lines.push('-F file=@remessa.rem');
  else if (op.body)
    lines.push("-H 'Content-Type: application/json'", `-d ${shQuote(JSON.stringify(op.body.example ?? {}))}`);
  const comment = op.idempotency
    ? `# Idempotent by URL: the last path segment is the idempotency id; reuse it only to repeat this call.\n`
    : '';
  return `${comment}${lines.join(' \\\n  ')}\n`;
}

export function codeSamples(op: Operation): CodeSample[] {
  return [
    { lang: 'TypeScript', label: 'TypeScript client', source: typescriptSample(op) },
    { lang: 'curl', label: 'curl', source: curlSample(op) },
  ];
}
