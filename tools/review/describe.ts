// Plain words for a change the engine reports without a verdict: "Added request body field `accountDigit`".
import type { LoadedContract } from '../../model/load.ts';
import { pointerSegments } from '../../model/pointer.ts';
import type { EngineChange } from './diff-engine.ts';
import { DOCUMENT, operationAt } from './pointer-operations.ts';

/** The node at `segments` of the bundled document (no `$ref` followed): a parameter's name and place. */
export function nodeAt(bundle: unknown, segments: readonly string[]): unknown {
  let node = bundle;
  for (const s of segments)
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[s] : undefined;
  return node;
}

/** "query parameter `page`", or "parameter" when it is a `$ref` (its name is in the component). */
function parameterName(side: LoadedContract, segments: readonly string[]): string {
  const param = nodeAt(side.bundle, segments) as { name?: string; in?: string } | undefined;
  return param?.name ? `${param.in ?? ''} parameter \`${param.name}\``.trim() : 'parameter';
}

/** Index of the first segment below the operation (or path item, or component) a pointer names; 0 elsewhere. */
function detailStart(segments: readonly string[], side: LoadedContract): number {
  if (segments[0] === 'components' && segments.length > 3) return 3;
  if (segments[0] !== 'paths') return 0;
  const [, path = '', method] = segments;
  return operationAt(side.model, path, method) ? 3 : 2;
}

/** "response 200 (application/json) field `status`" from the segments below an operation or component. */
function location(segments: readonly string[], start: number, side: LoadedContract): string {
  const parts: string[] = [];
  const fields: string[] = [];
  for (let i = start; i < segments.length; i++) {
    const [s, next] = [segments[i] as string, segments[i + 1]];
    const pair = next !== undefined && ['responses', 'content', 'parameters', 'properties'].includes(s);
    if (s === 'requestBody') parts.push('request body');
    else if (s === 'items') fields.push('[]');
    else if (s !== 'schema' && !pair) parts.push(s);
    if (!pair) continue;
    i++; // the next segment is this one's key
    if (s === 'responses') parts.push(`response ${next}`);
    if (s === 'content') parts.push(`(${next})`);
    if (s === 'properties') fields.push(next);
    if (s === 'parameters') parts.push(parameterName(side, segments.slice(0, i + 1)));
  }
  const field = fields.length ? `field \`${fields.join('.').replace(/\.\[\]/g, '[]')}\`` : '';
  return [parts.join(' '), field].filter(Boolean).join(' ');
}

/** "Added request body field `accountDigit`" from a change the engine reports without a verdict. */
export function describe(change: EngineChange, side: LoadedContract): string {
  const segments = pointerSegments(change.path);
  const start = detailStart(segments, side);
  if (segments[0] === 'paths' && start === segments.length) {
    const what = segments.length > 2 ? 'the operation' : `path \`${segments[1]}\``;
    return change.property ? `Changed \`${change.property}\` of ${what}` : `${capital(change.kind)} ${what}`;
  }
  const component = segments[0] === 'components' && start === 3 ? ` of component \`${segments[2]}\`` : '';
  const where = (location(segments, start, side) || (segments[0] ?? DOCUMENT)) + component;
  if (change.kind === 'modified') return `Changed \`${change.property ?? 'value'}\` of ${where}`;
  return `${capital(change.kind)} ${where}`;
}

const capital = (s: string) => s[0]?.toUpperCase() + s.slice(1);
