// The bundled spec as the mock needs it: a copy for Prism without the mutualTLS scheme (Prism cannot
// handle it), and a route table telling the gateway which Bearer scopes each operation requires.
import { readFile } from 'node:fs/promises';
import { parse } from 'yaml';

type Requirement = Record<string, string[]>;
interface Operation {
  operationId?: string;
  security?: Requirement[];
}
export interface OpenApiDocument {
  paths?: Record<string, Record<string, unknown>>;
  security?: Requirement[];
  components?: { securitySchemes?: Record<string, { type?: string; scheme?: string }> };
  [key: string]: unknown;
}

export const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export async function loadSpec(path: string): Promise<OpenApiDocument> {
  const text = await readFile(path, 'utf8');
  return (path.endsWith('.json') ? JSON.parse(text) : parse(text)) as OpenApiDocument;
}

/** A deep copy of `doc` without mutualTLS schemes, neither declared nor required. */
export function withoutMutualTls(doc: OpenApiDocument): OpenApiDocument {
  const copy = structuredClone(doc);
  const schemes = copy.components?.securitySchemes ?? {};
  const mtls = new Set(Object.keys(schemes).filter((name) => schemes[name]?.type === 'mutualTLS'));
  for (const name of mtls) delete schemes[name];
  const strip = (requirements: Requirement[]) => {
    const kept = requirements.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !mtls.has(k))));
    // `{}` means "no authentication": keep it only where mTLS was the sole requirement.
    const nonEmpty = kept.filter((r) => Object.keys(r).length > 0);
    return nonEmpty.length > 0 ? nonEmpty : kept;
  };
  if (copy.security) copy.security = strip(copy.security);
  for (const item of Object.values(copy.paths ?? {})) {
    for (const method of methods) {
      const op = item[method] as Operation | undefined;
      if (op?.security) op.security = strip(op.security);
    }
  }
  return copy;
}

export interface Route {
  method: string;
  template: string;
  operationId: string;
  /** Alternatives: the token must carry every scope of at least one. Empty: no scope needed. */
  scopeSets: string[][];
  /** Matches a request path; its groups are the path parameters, in the order of `params`. */
  pattern: RegExp;
  params: string[];
}

/** The operations of `doc` with the Bearer scopes each requires. */
export function routesOf(doc: OpenApiDocument): Route[] {
  const schemes = doc.components?.securitySchemes ?? {};
  const bearer = new Set(
    Object.keys(schemes).filter((n) => schemes[n]?.type === 'http' && schemes[n]?.scheme === 'bearer'),
  );
  const routes: Route[] = [];
  for (const [template, item] of Object.entries(doc.paths ?? {})) {
    const literal = template.split(/\{[^}]+\}/).map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'));
    const pattern = new RegExp(`^${literal.join('([^/]+)')}$`);
    const params = [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string);
    for (const method of methods) {
      const op = item[method] as Operation | undefined;
      if (!op) continue;
      const requirements = op.security ?? doc.security ?? [];
      const scopeSets = requirements.flatMap((r) =>
        Object.entries(r)
          .filter(([name]) => bearer.has(name))
          .map(([, scopes]) => scopes),
      );
      routes.push({
        method: method.toUpperCase(),
        template,
        operationId: op.operationId ?? `${method} ${template}`,
        scopeSets,
        pattern,
        params,
      });
    }
  }
  return routes;
}

/** The route for a request, or undefined (Prism then answers 404 or 405). */
export function findRoute(routes: Route[], method: string, pathname: string): Route | undefined {
  return routes.find((r) => r.method === method && r.pattern.test(pathname));
}

/** The path parameters of a request path matched by `route`, decoded. */
export function pathParams(route: Route, pathname: string): Record<string, string> {
  const values = route.pattern.exec(pathname)?.slice(1) ?? [];
  const params: Record<string, string> = {};
  route.params.forEach((name, i) => {
    params[name] = safeDecode(values[i] ?? '');
  });
  return params;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
