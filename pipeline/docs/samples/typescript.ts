// The TypeScript sample: @banking-api/client, which brings mutual TLS, the token and the account header.
// test/docs/samples.test.ts type-checks every one against the client.
import { IDEMPOTENCY_NOTE, type Pair, type SampleRequest } from './request.ts';

const tsString = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const tsKey = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : tsString(name));

/** A JSON value as a TypeScript literal: bare keys where possible, single-quoted strings. */
export function tsLiteral(value: unknown, pad = ''): string {
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

const clientSetup = (baseUrl: string) => `import { createBankingClient } from '@banking-api/client';

// The certificate and token pick the environment (sandbox or production); the address comes with them.
const client = createBankingClient({
  baseUrl: process.env.BANKING_API_URL ?? ${tsString(baseUrl)},
  tls: { cert: { path: 'client.crt' }, key: { path: 'client.key' }, ca: { path: 'ca.crt' } },
  token: process.env.BANKING_API_TOKEN ?? '',
});
`;

function tsParams(req: SampleRequest): string | undefined {
  const group = (where: string, pairs: Pair[]) => {
    if (!pairs.length) return undefined;
    const fields = pairs.map(
      (p) => `${tsKey(p.name)}: ${p.name === req.idempotency ? 'idempotencyId' : tsString(p.value)}`,
    );
    return `${where}: { ${fields.join(', ')} }`;
  };
  const groups = [
    group('path', req.pathParams),
    group('query', req.query),
    group('header', req.headers),
  ].filter(Boolean);
  return groups.length ? `params: {\n    ${groups.join(',\n    ')},\n  }` : undefined;
}

export function typescriptSample(req: SampleRequest): string {
  const lines = [clientSetup(req.baseUrl)];
  if (req.idempotency)
    lines.push(`// ${IDEMPOTENCY_NOTE}`, 'const idempotencyId = client.newIdempotencyId();');
  if (req.body?.kind === 'multipart') {
    lines.push(
      `const { data, error, response } = await client.uploadCnab240({ path: '${req.body.fileName}' });`,
    );
  } else {
    const init = [tsParams(req)];
    if (req.body) init.push(`body: ${tsLiteral(req.body.value, '  ')}`);
    const args = init.filter(Boolean);
    const call = `client.${req.method}('${req.template}'${args.length ? `, {\n  ${args.join(',\n  ')},\n}` : ''})`;
    lines.push(`const { data, error, response } = await ${call};`);
  }
  lines.push(
    `if (error) throw new Error(\`${req.operationId} failed with HTTP \${response.status}: \${JSON.stringify(error)}\`);`,
    'console.log(data);',
    'await client.close();',
  );
  return `${lines.join('\n')}\n`;
}
