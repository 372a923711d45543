// The contract as one typed, read-only model: what every step (types, docs, review, mock, verify, tests)
// reads instead of walking the OpenAPI document itself. Made by the repo's model/ loader through
// Redocly's resolver. Schemas are JSON Schema 2020-12 (a 3.0 contract's `nullable` and boolean exclusive
// bounds read as 3.1 spells them) and keep the contract's `$ref`s to its components: each schema a
// reference names is written once, in `ContractModel.schemas`; schemas.ts is how to read through them.

export type HttpMethod = 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH' | 'HEAD' | 'OPTIONS' | 'TRACE';

/** A JSON Schema (OpenAPI 3.1 dialect); a `$ref` names an entry of the model's `schemas` (resolveSchema). */
export type JsonSchema = { readonly [keyword: string]: unknown };

/** Something the contract leaves open ("not shown"), marked `x-unspecified` in the spec. */
export interface Gap {
  readonly topic: string;
  readonly detail: string;
}

export interface Server {
  readonly url: string;
  readonly description?: string;
  /** `x-environment`: which environment the server is (sandbox, production). */
  readonly environment?: string;
  readonly variables: Readonly<Record<string, { readonly default: string; readonly description?: string }>>;
}

export interface SecurityScheme {
  readonly name: string;
  /** OpenAPI scheme type: http, apiKey, mutualTLS, oauth2, openIdConnect. */
  readonly type: string;
  /** For `http`: bearer, basic... */
  readonly scheme?: string;
  readonly bearerFormat?: string;
  /** For `apiKey`: where the key is sent (header, query, cookie) and under which name. */
  readonly in?: 'header' | 'query' | 'cookie';
  readonly parameterName?: string;
  /** For `oauth2`: its flows (implicit, password, clientCredentials, authorizationCode), each with its scopes. */
  readonly flows?: readonly OAuthFlow[];
  /** For `openIdConnect`: where its configuration is. */
  readonly openIdConnectUrl?: string;
}

export interface OAuthFlow {
  readonly flow: string;
  readonly authorizationUrl?: string;
  readonly tokenUrl?: string;
  readonly refreshUrl?: string;
  /** Scope names (their descriptions are in the bundle). */
  readonly scopes: readonly string[];
}

/** One scheme of a security requirement with the scopes (roles) it demands. */
export interface SecurityRequirement {
  readonly scheme: string;
  readonly type: string;
  /** For `http` schemes: bearer, basic... */
  readonly httpScheme?: string;
  readonly scopes: readonly string[];
}

export interface Parameter {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header' | 'cookie';
  readonly required: boolean;
  readonly description?: string;
  readonly schema?: JsonSchema;
  readonly examples: readonly NamedExample[];
  /** `style` and `explode` where the contract states them (a list or object parameter travels styled). */
  readonly style?: string;
  readonly explode?: boolean;
}

export interface NamedExample {
  /** The key under `examples` (or `example` for a lone `example` value). */
  readonly name: string;
  readonly summary?: string;
  readonly value: unknown;
}

/** A named part of a multipart/form-data body. */
export interface FormField {
  readonly name: string;
  readonly required: boolean;
  /** `format: binary` or `contentMediaType`: a file part. */
  readonly binary: boolean;
  /** The part's declared content type (`encoding.<name>.contentType`), when given. */
  readonly contentType?: string;
  readonly schema: JsonSchema;
}

export interface MediaType {
  readonly mediaType: string;
  readonly schema?: JsonSchema;
  readonly examples: readonly NamedExample[];
  /** Fields of a multipart/form-data body. */
  readonly fields?: readonly FormField[];
  /**
   * How the fields of an `application/x-www-form-urlencoded` body are written, where the contract's
   * `encoding` says (a field it does not name is `form`, exploded): Stripe's nested fields are `deepObject`.
   */
  readonly styles?: Readonly<Record<string, FormStyle>>;
}

/** An urlencoded body field's `encoding.<name>.style` and `explode` (OpenAPI's defaults filled in). */
export interface FormStyle {
  readonly style: 'form' | 'spaceDelimited' | 'pipeDelimited' | 'deepObject';
  readonly explode: boolean;
}

export interface RequestBody {
  readonly required: boolean;
  readonly description?: string;
  readonly content: readonly MediaType[];
}

export interface Response {
  /** As written in the spec: `200`, `2XX`, `default`. */
  readonly status: string;
  readonly description: string;
  readonly content: readonly MediaType[];
  readonly headers: readonly string[];
  /** What the contract states across fields of this response (`x-equals`), when it states anything. */
  readonly rules?: readonly FieldRule[];
}

/**
 * `x-equals` on a property of a response schema: the field's value equals something of the request or the
 * answer. `{ source: path, name: id }`: the path parameter `id` (a Pix refund's `refund.id`, §4.18);
 * `{ source: status }`: the answer's HTTP status (the error envelope's `status_code`). Also `query` and
 * `header` parameters; `{ source: request-path }`: the path the request was sent to (the error envelope's
 * `path`). Read through properties of objects (not arrays or alternatives).
 */
export interface FieldRule {
  /** JSON Pointer of the field in the body, e.g. `/refund/id`. */
  readonly pointer: string;
  readonly equals: {
    readonly source: 'path' | 'query' | 'header' | 'status' | 'request-path';
    readonly name?: string;
  };
}

export interface Operation {
  /** `METHOD /path/{template}`: unique, stable across operationId renames. */
  readonly key: string;
  readonly method: HttpMethod;
  readonly path: string;
  /**
   * The contract's `operationId`; where it gives none (OpenAPI makes it optional), one derived from the
   * method and path (`GET /cob/{txid}` → `getCobByTxid`), with `operationIdDerived` set: see the loader.
   */
  readonly operationId: string;
  readonly operationIdDerived?: true;
  readonly summary: string;
  readonly description?: string;
  readonly tags: readonly string[];
  /** Path-item and operation parameters, merged (the operation's win), resolved. */
  readonly parameters: readonly Parameter[];
  readonly requestBody?: RequestBody;
  readonly responses: readonly Response[];
  /** Alternatives: a request must satisfy every scheme of at least one. */
  readonly security: readonly (readonly SecurityRequirement[])[];
  /** The `x-account-id` header is required. */
  readonly accountHeader: boolean;
  /** Idempotent by URL (`x-idempotency`): the path parameter carrying the idempotency identifier. */
  readonly idempotency?: { readonly in: 'path'; readonly parameter: string };
  /** The names of its callbacks (requests the service makes after answering), when it has any: see `outgoing`. */
  readonly callbacks?: readonly string[];
  readonly gaps: readonly Gap[];
  /**
   * Components (`#/components/...` pointers) the operation names itself; what it reaches through them is
   * `reachedComponents` (components.ts), over the model's `componentReferences`.
   */
  readonly components: readonly string[];
  /**
   * The server URLs the operation (or its path item) names for itself, when it names any: it is served
   * elsewhere than the document's servers (the Pix API's payload locations, on the receiving PSP's host).
   */
  readonly ownServers?: readonly string[];
  /** Where the operation is written: file (relative to the contract's folder) and 1-based line. */
  readonly source: { readonly file: string; readonly line: number };
}

export interface ContractModel {
  readonly title: string;
  readonly version: string;
  readonly servers: readonly Server[];
  readonly securitySchemes: readonly SecurityScheme[];
  /** Document-wide gaps (`info.x-unspecified`). */
  readonly gaps: readonly Gap[];
  readonly operations: readonly Operation[];
  /** The components each component names (a path item's none: its operations name their own), sorted. */
  readonly componentReferences?: Readonly<Record<string, readonly string[]>>;
  /** The requests the service sends: each operation's callbacks, then the document's `webhooks` (3.1). */
  readonly outgoing?: readonly Outgoing[];
  /**
   * Each schema that a `$ref` of the model's schemas names, once, by that pointer
   * (`#/components/schemas/Customer`); its own references name other entries. Absent: no references.
   */
  readonly schemas?: Readonly<Record<string, JsonSchema>>;
}

/**
 * A request the service makes to the client: a callback of an operation (`kind: callback`, `name` its key
 * under `callbacks`, `from` that operation's key, `operation.path` the URL expression) or a webhook of the
 * document (`kind: webhook`, `name` its key under `webhooks`, `operation.path` that name). The request is
 * read as any operation is; its key is `METHOD <expression or name>`, unique within `outgoing` only.
 */
export interface Outgoing {
  readonly kind: 'callback' | 'webhook';
  readonly name: string;
  readonly from?: string;
  readonly operation: Operation;
}
