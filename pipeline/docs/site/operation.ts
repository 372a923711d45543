// An operation's page: what it does and the generated notes (security, account header, idempotency, open
// points), its parameters, request body and responses with their schemas and named examples, and beside them
// the code samples in every language (tabs; the reader's choice is kept across pages by site.js).
import type { ContractModel, MediaType, Operation, Parameter, Response } from '@banking-api/contract';
import { parameterExample } from '@banking-api/contract';
import { describeOperation, type NoteOptions } from '../notes.ts';
import type { CodeSample } from '../samples/index.ts';
import { el, esc } from './html.ts';
import { type Inline, schemaTree, typeLabel } from './schema.ts';

export interface Markdown {
  block(text: string): string;
  inline: Inline;
}

const json = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value, null, 2));
const code = (text: string, language = '') =>
  el('pre', {}, el('code', { class: language ? `language-${language}` : undefined }, esc(text)));

/** Status order: `200` < `2XX` < `400` < `default`. */
const statusOrder = (status: string) => (status === 'default' ? 999 : Number(status.replace(/X/gi, '0')));

function parameters(params: readonly Parameter[], md: Markdown): string {
  if (!params.length) return '';
  const rows = params.map((p) => {
    const example = parameterExample(p);
    return el(
      'tr',
      {},
      [
        el(
          'td',
          {},
          `${el('code', {}, esc(p.name))}${p.required ? ` ${el('span', { class: 'required' }, 'required')}` : ''}`,
        ),
        el('td', {}, esc(p.in)),
        el('td', {}, esc(p.schema ? typeLabel(p.schema) : 'any')),
        el(
          'td',
          {},
          `${p.description ? md.inline(p.description) : ''}${example === undefined ? '' : `<p class="example">Example: ${el('code', {}, esc(json(example)))}</p>`}`,
        ),
      ].join(''),
    );
  });
  const head = el(
    'tr',
    {},
    ['Name', 'In', 'Type', 'Description'].map((h) => el('th', { scope: 'col' }, h)).join(''),
  );
  return section(
    'parameters',
    'Parameters',
    el('table', { class: 'params' }, `<thead>${head}</thead><tbody>${rows.join('')}</tbody>`),
  );
}

function media(content: readonly MediaType[], md: Markdown, exampleOpen: boolean): string {
  return content
    .map((m) => {
      const examples = m.examples.map((e) =>
        el(
          'details',
          { class: 'example', open: exampleOpen && m.examples.length === 1 },
          `<summary>Example ${el('code', {}, esc(e.name))}${e.summary ? ` · ${esc(e.summary)}` : ''}</summary>${code(json(e.value), 'json')}`,
        ),
      );
      const parts = m.fields?.length
        ? el(
            'p',
            {},
            `Parts: ${m.fields.map((f) => `${el('code', {}, esc(f.name))}${f.binary ? ' (file)' : ''}${f.required ? ' required' : ''}`).join(', ')}`,
          )
        : '';
      return `${el('p', { class: 'media' }, el('code', {}, esc(m.mediaType)))}${parts}${m.schema ? el('div', { class: 'schema' }, schemaTree(m.schema, md.inline)) : ''}${examples.join('')}`;
    })
    .join('');
}

function response(r: Response, md: Markdown): string {
  const kind = /^2/.test(r.status) ? 'ok' : /^[45]|default/.test(r.status) ? 'error' : 'other';
  const headers = r.headers.length
    ? el('p', {}, `Headers: ${r.headers.map((h) => el('code', {}, esc(h))).join(', ')}`)
    : '';
  const body = `${md.block(r.description)}${headers}${media(r.content, md, kind === 'ok')}`;
  return el(
    'details',
    { class: `response ${kind}`, open: kind === 'ok', id: `response-${r.status.toLowerCase()}` },
    `<summary>${el('span', { class: 'status' }, esc(r.status))} ${esc(r.description.split('\n')[0] ?? '')}</summary>${body}`,
  );
}

const section = (id: string, title: string, inner: string) =>
  el('section', { 'aria-labelledby': id }, `${el('h2', { id }, title)}${inner}`);

/** The code sample tabs: curl shown first; site.js switches tabs and remembers the reader's language. */
export function samplePanel(samples: readonly CodeSample[], id: string): string {
  const tabs = samples.map((s, i) =>
    el(
      'button',
      {
        type: 'button',
        role: 'tab',
        id: `tab-${id}-${i}`,
        'aria-controls': `sample-${id}-${i}`,
        'aria-selected': i === 0 ? 'true' : 'false',
        'data-lang': s.lang,
        tabindex: i === 0 ? '0' : '-1',
      },
      esc(s.label),
    ),
  );
  const panels = samples.map((s, i) =>
    el(
      'div',
      {
        role: 'tabpanel',
        id: `sample-${id}-${i}`,
        'aria-labelledby': `tab-${id}-${i}`,
        'data-lang': s.lang,
        hidden: i !== 0,
        tabindex: '0',
      },
      code(s.source),
    ),
  );
  return el(
    'div',
    { class: 'samples' },
    `${el('div', { role: 'tablist', 'aria-label': 'Language' }, tabs.join(''))}${panels.join('')}`,
  );
}

export function operationPage(
  model: ContractModel,
  op: Operation,
  samples: readonly CodeSample[],
  md: Markdown,
  anchor: string,
  notes: NoteOptions = {},
): string {
  const method = op.method.toLowerCase();
  const head = [
    el('h1', {}, esc(op.summary)),
    el(
      'p',
      { class: 'endpoint' },
      `${el('span', { class: `method ${method}` }, op.method)} ${el('code', { class: 'path' }, esc(op.path))}`,
    ),
  ].join('');
  const body = op.requestBody
    ? section(
        'request-body',
        `Request body${op.requestBody.required ? '' : ' (optional)'}`,
        `${op.requestBody.description ? md.block(op.requestBody.description) : ''}${media(op.requestBody.content, md, true)}`,
      )
    : '';
  const responses = [...op.responses].sort((a, b) => statusOrder(a.status) - statusOrder(b.status));
  const callbacks = op.callbacks?.length
    ? section(
        'callbacks',
        'Callbacks',
        el('p', {}, `The service calls back: ${op.callbacks.map((c) => el('code', {}, esc(c))).join(', ')}.`),
      )
    : '';
  const main = [
    head,
    el('div', { class: 'prose' }, md.block(describeOperation(model, op, notes))),
    parameters(op.parameters, md),
    body,
    section('responses', 'Responses', responses.map((r) => response(r, md)).join('')),
    callbacks,
  ].join('');
  const side = el(
    'aside',
    { class: 'op-side', 'aria-label': 'Code samples' },
    `${el('h2', { class: 'side-title' }, 'Request')}${samplePanel(samples, 'op')}<div data-try-it-slot></div>`,
  );
  return el(
    'article',
    { class: 'operation', 'data-operation': anchor },
    `${el('div', { class: 'op-main' }, main)}${side}`,
  );
}
