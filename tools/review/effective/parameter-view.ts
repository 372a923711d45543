// A parameter as it is sent: identified by where it goes and its name (a header's name case-insensitively,
// RFC 9110 §5.1), with its serialization written out: `style`, `explode`, `allowReserved` and `required`
// take their defaults (OpenAPI 3.x §4.8.12) when left out, so spelling a default out changes nothing. For a
// value that is one primitive, `explode` has no effect on the wire and is not compared.
import type { Json, Located } from './reader.ts';

export type Serialization = { style: string; explode: boolean | undefined; allowReserved: boolean };

export interface EffectiveParameter extends Located {
  /** `query:page`, `header:x-account-id` (lower-case), `path:{0}` (the template's first parameter). */
  readonly key: string;
  readonly name: string;
  readonly in: string;
  readonly required: boolean;
}

const DEFAULT_STYLE: Record<string, string> = {
  query: 'form',
  cookie: 'form',
  path: 'simple',
  header: 'simple',
};

/** The key two sides' parameters are matched by; path parameters by their place in the template. */
export function parameterKey(place: string, name: string, template: string): string {
  if (place === 'header') return `header:${name.toLowerCase()}`;
  if (place === 'path') {
    const index = [...template.matchAll(/\{([^}]*)\}/g)].findIndex((m) => m[1] === name);
    if (index !== -1) return `path:{${index}}`;
  }
  return `${place}:${name}`;
}

/** Whether a schema (already resolved) describes one primitive value: no array, no object. */
const primitive = (schema: Json | undefined) => {
  const type = schema?.type;
  const types = Array.isArray(type) ? type : type === undefined ? [] : [type];
  return types.length > 0 && types.every((t) => t !== 'array' && t !== 'object');
};

/** The serialization a parameter (or a form part) is sent with, defaults written out. */
export function serializationOf(node: Json, place: string, schema: Json | undefined): Serialization {
  const style = typeof node.style === 'string' ? node.style : (DEFAULT_STYLE[place] ?? 'form');
  const explode = typeof node.explode === 'boolean' ? node.explode : style === 'form';
  return {
    style,
    explode: primitive(schema) && (style === 'form' || style === 'simple') ? undefined : explode,
    allowReserved: node.allowReserved === true,
  };
}

export function effectiveParameter(param: Located, template: string): EffectiveParameter {
  const name = String(param.node.name ?? '');
  const place = String(param.node.in ?? '');
  return {
    ...param,
    key: parameterKey(place, name, template),
    name,
    in: place,
    required: place === 'path' || param.node.required === true,
  };
}
