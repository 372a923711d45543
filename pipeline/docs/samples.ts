// x-codeSamples for one operation of the model: TypeScript with @banking-api/client, and curl.
// test/docs/samples.test.ts type-checks every TypeScript sample against the client.
import {
  type MediaType,
  type Operation,
  type Parameter,
  parameterExample,
  requestMedia,
  type Server,
} from '@banking-api/contract';

export interface CodeSample {
  lang: string;
  label: string;
  source: string;
}

const placeholder = (p: Parameter) => {
  const example = parameterExample(p);
  return example === undefined ? `<${p.name}>` : typeof example === 'string' ? example : String(example);
};

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

/** The request body the samples send: the first media type, with its first example. */
const bodyOf = requestMedia;
const bodyExample = (body: MediaType): unknown => body.examples[0]?.value ?? {};

const isMultipart = (op: Operation) => bodyOf(op)?.mediaType === 'multipart/form-data';

/** The multipart part that carries the file (the samples upload remessa.rem). */
function filePart(op: Operation): string {
  const part = bodyOf(op)?.fields?.find((field) => field.binary);
  if (!part) throw new Error(`docs: ${op.key} takes multipart/form-data without a file part`);
  return part.name;
}

/** The sandbox address with its variables at their defaults (the local mock): where a sample goes by default. */
export function defaultBaseUrl(servers: readonly Server[]): string {
  const server = servers.find((s) => s.environment === 'sandbox') ?? servers[0];
  if (!server) throw new Error('docs: the contract lists no server');
  return server.url.replace(
    /\{([^}]+)\}/g,
    (whole, name: string) => server.variables[name]?.default ?? whole,
  );
}

const clientSetup = (baseUrl: string) => `import { createBankingClient } from '@banking-api/client';

// The certificate and token pick the environment (sandbox or production); the address comes with them.
const client = createBankingClient({
  baseUrl: process.env.BANKING_API_URL ?? ${tsString(baseUrl)},
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
      const example = parameterExample(p);
      const value =
        op.idempotency && p.in === op.idempotency.in && p.name === op.idempotency.parameter
          ? 'idempotencyId'
          : typeof example === 'number' || typeof example === 'boolean'
            ? String(example)
            : tsString(placeholder(p));
      return `${tsKey(p.name)}: ${value}`;
    });
    groups.push(`${where}: { ${fields.join(', ')} }`);
  }
  return groups.length ? `params: {\n    ${groups.join(',\n    ')},\n  }` : undefined;
}

export function typescriptSample(op: Operation, baseUrl: string): string {
  const lines = [clientSetup(baseUrl)];
  if (op.idempotency)
    lines.push(
      '// Idempotent by URL: keep this id and send it again only to repeat this same operation.',
      'const idempotencyId = client.newIdempotencyId();',
    );
  if (isMultipart(op)) {
    lines.push(`const { data, error, response } = await client.uploadCnab240({ path: 'remessa.rem' });`);
  } else {
    const init = [tsParams(op)];
    const body = bodyOf(op);
    if (body) init.push(`body: ${tsLiteral(bodyExample(body), '  ')}`);
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
  const body = bodyOf(op);
  if (isMultipart(op)) lines.push(`-F ${filePart(op)}=@remessa.rem`);
  else if (body)
    lines.push("-H 'Content-Type: application/json'", `-d ${shQuote(JSON.stringify(bodyExample(body)))}`);
  const comment = op.idempotency
    ? `# Idempotent by URL: the last path segment is the idempotency id; reuse it only to repeat this call.\n`
    : '';
  return `${comment}${lines.join(' \\\n  ')}\n`;
}

export function codeSamples(op: Operation, baseUrl: string): CodeSample[] {
  return [
    { lang: 'TypeScript', label: 'TypeScript client', source: typescriptSample(op, baseUrl) },
    { lang: 'curl', label: 'curl', source: curlSample(op) },
  ];
}
