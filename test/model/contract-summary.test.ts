// The model against the service interface's own summary table (a verbatim fixture): every operation the
// document lists is in the model with its account header, idempotency and scopes, and nothing else is.
import { readFileSync } from 'node:fs';
import { bearerScopes, contractModel } from '@banking-api/contract';
import { describe, expect, it } from 'vitest';

const fixture = readFileSync(new URL('../fixtures/service-interface-summary.md', import.meta.url), 'utf8');

interface Row {
  method: string;
  path: string;
  accountHeader: boolean;
  idempotentByUrl: boolean;
}

/** `| 3 | PUT | /ar/accounts/:id/full/legal-person | none | URL |` → a row; `:id` becomes `{id}`. */
const rows: Row[] = fixture
  .split('\n')
  .filter((line) => /^\| \d+ \|/.test(line))
  .map((line) => {
    const [, method = '', path = '', header = '', idempotency = ''] = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
    return {
      method,
      path: path.replace(/:(\w+)/g, '{$1}'),
      accountHeader: header === 'x-account-id',
      idempotentByUrl: idempotency === 'URL',
    };
  });

/** `webhook.write for POST /hb/webhook/try` → scope by operation key. */
const scopes = new Map(
  [...fixture.matchAll(/([\w.]+) for (GET|PUT|POST|DELETE|PATCH) (\S+?)[,.]?(?=\s|$)/g)].map((m) => [
    `${m[2]} ${m[3]}`,
    m[1],
  ]),
);

const model = contractModel();

describe('the model matches the service interface summary', () => {
  it('has exactly the operations the document lists', () => {
    expect(rows.length).toBeGreaterThan(0);
    expect(model.operations.map((op) => op.key).sort()).toEqual(
      rows.map((r) => `${r.method} ${r.path}`).sort(),
    );
  });

  it.each(rows)('$method $path: account header and idempotency as the document marks them', (row) => {
    const op = model.operations.find((o) => o.key === `${row.method} ${row.path}`);
    expect(op?.accountHeader).toBe(row.accountHeader);
    // Idempotent by URL: the identifier is the final path parameter.
    const last = [...row.path.matchAll(/\{(\w+)\}/g)].at(-1)?.[1];
    expect(op?.idempotency).toEqual(row.idempotentByUrl ? { in: 'path', parameter: last } : undefined);
  });

  it('asks for the scopes the document states, and none elsewhere', () => {
    expect(scopes.size).toBeGreaterThan(0);
    for (const op of model.operations) {
      const scope = scopes.get(op.key);
      expect(bearerScopes(op), op.key).toEqual([scope ? [scope] : []]);
    }
  });
});
