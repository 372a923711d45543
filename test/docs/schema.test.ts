// Schemas as the site shows them, on shapes our contract does not have but others do: a schema inside itself
// (recursion, named and not followed), alternatives (oneOf), allOf merged, a `$ref` the resolver left, and
// names and descriptions a spec writes escaped.
import { describe, expect, it } from 'vitest';
import { fieldNames, schemaTree } from '../../pipeline/docs/site/schema.ts';

const inline = (text: string) => `<p>${text.replace(/</g, '&lt;')}</p>`;

describe('schema trees', () => {
  it('names a recursive schema instead of following it', () => {
    const node: Record<string, unknown> = { type: 'object', properties: { name: { type: 'string' } } };
    (node.properties as Record<string, unknown>).children = { type: 'array', items: node };
    const html = schemaTree(node, inline);
    expect(html).toContain('<code class="name">children</code>');
    expect(html).toContain('The same schema as above (recursive).');
    expect(fieldNames(node)).toEqual(new Set(['name', 'children']));
  });

  it('lists oneOf alternatives, merges allOf objects and shows a left $ref by its name', () => {
    const html = schemaTree(
      {
        allOf: [
          { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
          {
            properties: {
              kind: {
                oneOf: [
                  { title: 'Card', type: 'object', properties: { pan: { type: 'string' } } },
                  { type: 'string' },
                ],
              },
            },
          },
        ],
        properties: { owner: { $ref: '#/components/schemas/Owner' } },
      },
      inline,
    );
    expect(html).toMatch(
      /<code class="name">id<\/code> <span class="type">string<\/span> <span class="required">required<\/span>/,
    );
    expect(html).toContain('1. Card');
    expect(html).toContain('<code class="name">pan</code>');
    expect(html).toContain('2. string');
    expect(html).toContain('<span class="type">Owner</span>');
  });

  it('escapes what the spec writes', () => {
    const html = schemaTree(
      {
        type: 'object',
        properties: {
          '<img src=x onerror=alert(1)>': { type: 'string', pattern: '<script>', description: '<b>x</b>' },
        },
      },
      inline,
    );
    expect(html).not.toMatch(/<img|<script>|<b>/);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});
