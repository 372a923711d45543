// Prism reads a deepObject query parameter by building an object from its schema's properties, whether the
// query names the parameter or not: an optional `automatic_tax` (Stripe's, an object with a required
// `enabled`) that a request leaves out reads as `{ enabled: undefined }`, and Prism then refuses every such
// request for a missing `enabled`. Prism's query deserializer for deepObject is replaced, in this process, by
// one that reads `name[...]` keys as Prism does, a bare `name=` as its text (Stripe's `created=1`, for the
// integer branch of an `anyOf`, judged by the schema), and a parameter the query does not name as absent.
import { createRequire } from 'node:module';

type Deserializer = (name: string, parameters: Record<string, unknown>, ...rest: unknown[]) => unknown;
type Styles = { deepObject: Deserializer & { absentAware?: true } };

const deserializers = createRequire(import.meta.url)(
  '@stoplight/prism-http/dist/validator/deserializers/index.js',
) as { query: Styles; body: Styles };

/** Replaces the deepObject deserializer once (query and body share it). */
export function readAbsentDeepObjectsAsAbsent(): void {
  const prism = deserializers.query.deepObject;
  if (prism.absentAware) return;
  const aware: Styles['deepObject'] = (name, parameters, ...rest) => {
    if (Object.keys(parameters).some((key) => key.startsWith(`${name}[`)))
      return prism(name, parameters, ...rest);
    return Object.hasOwn(parameters, name) ? parameters[name] : undefined;
  };
  aware.absentAware = true;
  deserializers.query.deepObject = aware;
  deserializers.body.deepObject = aware;
}
