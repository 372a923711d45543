// How a parameter is written on the wire (`style`, `explode`, `allowReserved`), its defaults written out
// (effective/parameters.ts): spelling a default out, or `explode` on a single primitive value, changes
// nothing; anything else changes the request a caller builds: breaking.
import type { Sides } from '../../compare/context.ts';
import type { EffectiveParameter } from '../../effective/parameter-view.ts';
import { serializationOf } from '../../effective/parameter-view.ts';
import type { SideDocument } from '../../effective/reader.ts';
import { viewOf } from '../../effective/schema-view.ts';
import { code } from '../../text/plain.ts';
import type { ParameterRule } from '../rule.ts';

/** The parameter's serialization, with its schema's types read through references and `allOf`. */
function serialization(doc: SideDocument, param: EffectiveParameter) {
  const schema =
    param.node.schema === undefined
      ? undefined
      : viewOf(doc, [{ node: param.node.schema, at: `${param.at}/schema` }]);
  const type = schema?.types?.size ? [...schema.types] : undefined;
  return serializationOf(param.node, param.in, type ? { type } : undefined);
}

export const parameterSerialization: ParameterRule = {
  level: 'parameter',
  name: 'parameter-serialization',
  produces: ['parameter-serialization-changed'],
  covers: [
    'a parameter serialized differently (`style`, `explode`, `allowReserved`): breaking; defaults written out, or `explode` on a single primitive: nothing',
  ],
  oasdiff: [],
  compare(before, after, sides: Sides) {
    if (!before || !after) return [];
    const [a, b] = [serialization(sides.base, before), serialization(sides.head, after)];
    const changed = (['style', 'explode', 'allowReserved'] as const).filter((k) => a[k] !== b[k]);
    if (!changed.length) return [];
    const words = changed.map((k) => `${k} ${code(String(a[k] ?? 'any'))} → ${code(String(b[k] ?? 'any'))}`);
    return [
      {
        rule: 'parameter-serialization-changed',
        message: `Serialized differently (${words.join(', ')}): callers build another request.`,
        at: { side: 'head', pointer: `${after.at}/${changed[0]}` },
        byRole: { send: 'major', read: 'major' },
      },
    ];
  },
};
