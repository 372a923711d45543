// Every named example validates against its media type's (resolved) schema, read from the contract's model
// (ajv, 2020-12), and the Brazilian values in the examples are real: check digits, Pix CRC, boleto digits,
// UTC timestamps, PNG. That every component example is used is Redocly's no-unused-components (lint).

import type { JsonSchema, MediaType, Operation } from '@banking-api/contract';
import { isSuccessStatus } from '@banking-api/contract';
import { violationsOf } from '@banking-api/contract/validators';
import { describe, expect, it } from 'vitest';
import { loadContract } from '../model/load.ts';
import { specPath } from '../scripts/paths.ts';
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
const { model } = await loadContract(specPath);

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One named example of a request body or response, with the schema of its media type. */
type Use = { operation: Operation; where: string; status?: string; schema?: JsonSchema; value: unknown };

/** `where` labels one media type of an operation: `POST /hb/transfers/ted 200 application/json`. */
function usesOf(operation: Operation, part: string, content: readonly MediaType[], status?: string): Use[] {
  return content.flatMap((media) =>
    media.examples.map((example) => ({
      operation,
      where: `${operation.key} ${part} ${media.mediaType} example "${example.name}"`,
      status,
      schema: media.schema,
      value: example.value,
    })),
  );
}

/** Each named example of every request body and response of the model. */
const uses: Use[] = model.operations.flatMap((op) => [
  ...usesOf(op, 'request', op.requestBody?.content ?? []),
  ...op.responses.flatMap((res) => usesOf(op, res.status, res.content, res.status)),
]);

describe('examples validate against their schemas', () => {
  it('every operation shows a named example of its request body or a success response', () => {
    const shown = new Set(
      uses.filter((u) => u.status === undefined || isSuccessStatus(u.status)).map((u) => u.operation),
    );
    expect(model.operations.filter((op) => !shown.has(op)).map((op) => op.key)).toEqual([]);
  });

  it.each(uses.map((u) => [u.where, u] as const))('%s', (_where, use) => {
    expect(use.schema, 'the media type has a schema').toBeDefined();
    expect(violationsOf(use.schema as JsonSchema, use.value)).toEqual([]);
  });
});

type Visit = { path: string; key: string; value: unknown; parent: Json | unknown[] };

/** Every value inside an example, with the key it is under (a value walk, not a spec walk). */
function* walk(value: unknown, path: string, key = '', parent: Json | unknown[] = []): Generator<Visit> {
  yield { path, key, value, parent };
  if (Array.isArray(value)) for (const [i, v] of value.entries()) yield* walk(v, `${path}[${i}]`, key, value);
  else if (isObject(value))
    for (const [k, v] of Object.entries(value)) yield* walk(v, `${path}.${k}`, k, value);
}

/** Every named example value, and every parameter example under its parameter's name. */
function* exampleValues(): Generator<Visit> {
  for (const use of uses) yield* walk(use.value, use.where);
  for (const op of model.operations) {
    for (const param of op.parameters) {
      for (const example of param.examples) {
        yield* walk(example.value, `${op.key} parameter ${param.name} "${example.name}"`, param.name);
      }
    }
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

  it('refundPix responses carry the idempotency id of the path as the refund id', () => {
    const refund = model.operations.find((op) => op.operationId === 'refundPix');
    const idName = refund?.idempotency?.parameter;
    const id = refund?.parameters.find((p) => p.in === 'path' && p.name === idName)?.examples[0]?.value;
    expect(id).toBeTypeOf('string');
    const responses = uses.filter((u) => u.operation === refund && isSuccessStatus(u.status ?? ''));
    expect(responses.length).toBeGreaterThan(0);
    for (const use of responses) {
      expect((use.value as { refund: { id: string } }).refund.id, use.where).toBe(id);
    }
  });
});
