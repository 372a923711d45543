// The servers an operation is called on: its own `servers`, else its path item's, else the document's
// (OpenAPI §4.8.5), each URL with its variables' defaults and allowed values, and the address a client calls
// by default (the URL with those defaults in place: two servers may share a template). A trailing slash means
// nothing.
import { isObject, list, obj } from './reader.ts';

export type ServerVariable = { default: string; enum: string[] | undefined };
export type EffectiveServer = {
  url: string;
  /** The URL with every variable's default in place. */
  address: string;
  /** What tells two servers of one address apart (`x-environment`, description), for pairing them. */
  label: string;
  variables: ReadonlyMap<string, ServerVariable>;
};

const trimmed = (url: string) => url.replace(/(.)\/+$/, '$1');

export function serversOf(raw: unknown): EffectiveServer[] {
  const servers = list(raw).filter(isObject);
  if (servers.length === 0) return [{ url: '/', address: '/', variables: new Map(), label: '' }];
  return servers.map((server) => {
    const url = trimmed(String(server.url ?? '/'));
    const variables = new Map(
      Object.entries(obj(server.variables)).map(([name, v]) => {
        const variable = obj(v);
        const values = Array.isArray(variable.enum) ? variable.enum.map(String) : undefined;
        return [name, { default: String(variable.default ?? ''), enum: values }] as const;
      }),
    );
    const address = trimmed(
      url.replace(/\{([^}]*)\}/g, (m, name: string) => variables.get(name)?.default ?? m),
    );
    return { url, address, variables, label: JSON.stringify([server['x-environment'], server.description]) };
  });
}
