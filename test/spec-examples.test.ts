// Every named example validates against its media type's schema in the bundled spec (ajv, 2020-12), and the
// Brazilian values in the examples are real: check digits, Pix CRC, boleto digits, UTC timestamps, PNG.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { bundleSpec } from '../scripts/bundle.ts';
import {
  boletoBarcodeFromLine,
  boletoDueFactor,
  isValidBoletoBarcode,
  isValidBoletoLine,
  isValidCnpj,
  isValidCpf,
  isValidPixEmv,
} from './support/brazil.ts';
import { pngProblem } from './support/png.ts';

type Json = Record<string, unknown>;
const spec = (await bundleSpec()) as Json;

const escapePointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Follows local `$ref`s; returns the node and the JSON pointer where it lives. */
function deref(node: unknown, pointer: string): { node: unknown; pointer: string } {
  while (isObject(node) && typeof node.$ref === 'string') {
    pointer = node.$ref;
    node = pointer
      .slice(2)
      .split('/')
      .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((n, key) => (isObject(n) ? n[key] : undefined), spec);
  }
  return { node, pointer };
}

type Use = { where: string; schemaPointer: string; example: string };

/** Each (media type, named example) pair of every request body and response. */
function exampleUses(): Use[] {
  const uses: Use[] = [];
  for (const [route, item] of Object.entries(spec.paths as Json)) {
    for (const [method, op] of Object.entries(item as Json)) {
      if (!isObject(op) || !isObject(op.responses)) continue;
      const base = `#/paths/${escapePointer(route)}/${method}`;
      const holders: [string, unknown, string][] = [
        ['request', op.requestBody, `${base}/requestBody`],
        ...Object.entries(op.responses).map(([status, r]): [string, unknown, string] => [
          status,
          r,
          `${base}/responses/${status}`,
        ]),
      ];
      for (const [label, holder, pointer] of holders) {
        const found = deref(holder, pointer);
        const content = isObject(found.node) && isObject(found.node.content) ? found.node.content : {};
        for (const [mediaType, media] of Object.entries(content)) {
          if (!isObject(media) || !isObject(media.examples)) continue;
          for (const [name, example] of Object.entries(media.examples)) {
            uses.push({
              where: `${method.toUpperCase()} ${route} ${label} ${mediaType} example "${name}"`,
              schemaPointer: `${found.pointer}/content/${escapePointer(mediaType)}/schema`,
              example: (example as Json).$ref as string,
            });
          }
        }
      }
    }
  }
  return uses;
}

const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
addFormats.default(ajv);
ajv.addFormat('binary', true); // OpenAPI's file content marker, not a JSON Schema format
ajv.addSchema(spec, 'spec');

const uses = exampleUses();

describe('examples validate against their schemas', () => {
  it('covers every operation and every component example', () => {
    expect(uses.length).toBeGreaterThan(40);
    const referenced = new Set(uses.map((u) => u.example));
    const unused = Object.keys((spec.components as Json).examples as Json)
      .map((name) => `#/components/examples/${name}`)
      .filter((ref) => !referenced.has(ref));
    expect(unused).toEqual([]);
  });

  it.each(uses.map((u) => [u.where, u] as const))('%s', (_where, use) => {
    expect(use.example, 'a named example is a $ref to components/examples').toMatch(
      /^#\/components\/examples\//,
    );
    const value = (deref({ $ref: use.example }, '').node as Json).value;
    const validate = ajv.getSchema(`spec${use.schemaPointer}`);
    if (!validate) throw new Error(`no schema at ${use.schemaPointer}`);
    expect(validate(value) ? [] : validate.errors).toEqual([]);
  });
});

type Visit = { path: string; key: string; value: unknown; parent: Json | unknown[] };

function* walk(value: unknown, path: string, key = '', parent: Json | unknown[] = []): Generator<Visit> {
  yield { path, key, value, parent };
  if (Array.isArray(value)) for (const [i, v] of value.entries()) yield* walk(v, `${path}[${i}]`, key, value);
  else if (isObject(value))
    for (const [k, v] of Object.entries(value)) yield* walk(v, `${path}.${k}`, k, value);
}

/** Every example value, and every parameter example under its parameter's name. */
function* exampleValues(): Generator<Visit> {
  const components = spec.components as Json;
  for (const [name, example] of Object.entries(components.examples as Json)) {
    yield* walk((example as Json).value, `components.examples.${name}`);
  }
  for (const [name, param] of Object.entries((components.parameters ?? {}) as Json)) {
    const p = param as Json;
    if (p.example !== undefined) yield* walk(p.example, `components.parameters.${name}`, p.name as string);
  }
}

const TAX_ID_KEYS = /^(documentNumber|taxId|payer_document|cpf|cnpj)$/i;

/** Problems with one value, by what its key says it is. */
function brazilianProblems({ key, value, parent }: Visit): string[] {
  if (typeof value !== 'string') return [];
  const problems: string[] = [];
  const sibling = Array.isArray(parent) ? undefined : parent.type;
  if (TAX_ID_KEYS.test(key) || (key === 'value' && (sibling === 'CPF' || sibling === 'CNPJ'))) {
    const kind = sibling === 'CPF' || sibling === 'CNPJ' ? sibling : value.length === 11 ? 'CPF' : 'CNPJ';
    if (!(kind === 'CPF' ? isValidCpf(value) : isValidCnpj(value)))
      problems.push(`not a valid ${kind}: ${value}`);
  }
  if (key === 'emv' && !isValidPixEmv(value))
    problems.push(`Pix EMV without a valid CRC16 (field 63): ${value}`);
  if (key === 'barcode') {
    const ok =
      value.length === 44 ? isValidBoletoBarcode(value) : value.length === 47 && isValidBoletoLine(value);
    if (!ok) problems.push(`not a valid 44-digit boleto barcode or 47-digit line: ${value}`);
  }
  if (/^\d{4}-\d{2}-\d{2}T/.test(value)) {
    const utcMillis =
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(value) && !Number.isNaN(Date.parse(value));
    if (!utcMillis || new Date(value).toISOString() !== value)
      problems.push(`timestamp not UTC with milliseconds: ${value}`);
  }
  if (key === 'cardProxy' && !value.startsWith('CRD-'))
    problems.push(`card proxy without CRD- prefix: ${value}`);
  if (value.startsWith('data:image/png')) {
    const prefix = 'data:image/png;base64,';
    const problem = value.startsWith(prefix)
      ? pngProblem(Buffer.from(value.slice(prefix.length), 'base64'))
      : 'not a base64 data URI';
    if (problem) problems.push(`PNG data URI: ${problem}`);
  }
  return problems;
}

/** A boleto next to its amount and due date encodes both (amount in cents, due-date factor). */
function boletoConsistency({ value }: Visit): string[] {
  if (!isObject(value) || typeof value.barcode !== 'string') return [];
  const barcode = value.barcode.length === 47 ? boletoBarcodeFromLine(value.barcode) : value.barcode;
  const problems: string[] = [];
  if (typeof value.amount === 'number' && Number(barcode.slice(9, 19)) !== Math.round(value.amount * 100)) {
    problems.push(`barcode amount ${barcode.slice(9, 19)} differs from amount ${value.amount}`);
  }
  if (typeof value.dueDate === 'string' && barcode.slice(5, 9) !== boletoDueFactor(value.dueDate)) {
    problems.push(`barcode due factor ${barcode.slice(5, 9)} differs from dueDate ${value.dueDate}`);
  }
  return problems;
}

describe('Brazilian example values are real', () => {
  const visits = [...exampleValues()];
  const kinds = {
    'tax ids (CPF/CNPJ check digits)': (v: Visit) =>
      TAX_ID_KEYS.test(v.key) ||
      (v.key === 'value' && !Array.isArray(v.parent) && /^(CPF|CNPJ)$/.test(String(v.parent.type))),
    'Pix EMV payloads (CRC16)': (v: Visit) => v.key === 'emv',
    'boleto barcodes and lines': (v: Visit) => v.key === 'barcode',
    'timestamps (UTC, milliseconds)': (v: Visit) =>
      typeof v.value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v.value),
    'card proxies (CRD-)': (v: Visit) => v.key === 'cardProxy',
    'PNG data URIs': (v: Visit) => typeof v.value === 'string' && v.value.startsWith('data:image/png'),
  };

  it.each(Object.entries(kinds))('%s', (_kind, select) => {
    const selected = visits.filter(select);
    expect(selected.length, 'the examples contain such values').toBeGreaterThan(0);
    expect(selected.flatMap((v) => brazilianProblems(v).map((p) => `${v.path}: ${p}`))).toEqual([]);
  });

  it('boletos encode the amount and due date shown next to them', () => {
    expect(
      visits.filter((v) => isObject(v.value) && typeof v.value.barcode === 'string').length,
    ).toBeGreaterThan(0);
    expect(visits.flatMap((v) => boletoConsistency(v).map((p) => `${v.path}: ${p}`))).toEqual([]);
  });

  it('refundPix responses carry the path id as the refund id', () => {
    const op = deref((spec.paths as Json)['/ar/pix/pix/{endToEndId}/refund/{id}'], '').node as Json;
    const put = op.put as Json;
    const idParam = (put.parameters as unknown[])
      .map((p) => deref(p, '').node as Json)
      .find((p) => p.name === 'id');
    expect(idParam?.example).toBeTypeOf('string');
    const responses = uses.filter((u) => u.where.startsWith('PUT /ar/pix/pix/{endToEndId}/refund/{id} 2'));
    expect(responses.length).toBeGreaterThan(0);
    for (const use of responses) {
      const value = (deref({ $ref: use.example }, '').node as Json).value as { refund: { id: string } };
      expect(value.refund.id, use.where).toBe(idParam?.example);
    }
  });
});
