// The contract's security schemes and requirements in the model: every OpenAPI scheme type (http with its
// scheme, apiKey with where it is sent, oauth2 with its flows and scopes, openIdConnect, mutualTLS).
import type { OAuthFlow, SecurityRequirement, SecurityScheme } from '@banking-api/contract';
import type { Json, RefReader } from './refs.ts';

const obj = (value: unknown): Json => (value && typeof value === 'object' ? (value as Json) : {});
const list = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const API_KEY_PLACES = ['header', 'query', 'cookie'];

function flowsOf(flows: Json): OAuthFlow[] {
  return Object.entries(flows).map(([flow, raw]) => {
    const f = obj(raw);
    const urls = ['authorizationUrl', 'tokenUrl', 'refreshUrl'].flatMap((k) => {
      const url = text(f[k]);
      return url ? [[k, url] as const] : [];
    });
    return { flow, ...Object.fromEntries(urls), scopes: Object.keys(obj(f.scopes)) };
  });
}

export function securitySchemesOf(r: RefReader, doc: Json): SecurityScheme[] {
  return Object.entries(obj(obj(doc.components).securitySchemes)).map(([name, raw]) => {
    const scheme = r.at(raw);
    const type = String(scheme.type);
    const http = text(scheme.scheme);
    const bearerFormat = text(scheme.bearerFormat);
    const place = text(scheme.in);
    const parameterName = text(scheme.name);
    const openIdConnectUrl = text(scheme.openIdConnectUrl);
    return {
      name,
      type,
      ...(http && { scheme: http }),
      ...(bearerFormat && { bearerFormat }),
      ...(type === 'apiKey' &&
        place &&
        API_KEY_PLACES.includes(place) && { in: place as SecurityScheme['in'] }),
      ...(type === 'apiKey' && parameterName && { parameterName }),
      ...(type === 'oauth2' && { flows: flowsOf(obj(scheme.flows)) }),
      ...(openIdConnectUrl && { openIdConnectUrl }),
    };
  });
}

export function securityOf(
  requirements: unknown,
  schemes: readonly SecurityScheme[],
): SecurityRequirement[][] {
  return list<Json>(requirements).map((requirement) =>
    Object.entries(obj(requirement)).map(([scheme, scopes]) => {
      const declared = schemes.find((s) => s.name === scheme);
      return {
        scheme,
        type: declared?.type ?? 'unknown',
        ...(declared?.scheme && { httpScheme: declared.scheme }),
        scopes: list<string>(scopes),
      };
    }),
  );
}
