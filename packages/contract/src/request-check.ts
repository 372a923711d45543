// Whether a request is one the contract accepts, judged by the compiled validators: its parameters and
// its JSON body against the operation's schemas. The judge never guesses: where the wire form needs a
// reading it does not do (a parameter that is not a plain string, a form body, a cookie, a body sent
// without a media type), it says `unjudged` and leaves the verdict to a fuller validator (the mock's
// Prism). So `valid` is safe to act on without asking anyone else.
import type { JsonSchema, Operation, Parameter } from './model.js';
import { isJsonMediaType } from './responses.js';
import { resolveSchema } from './schemas.js';
import { type Violation, validatorOf } from './validators.js';

/** A request as read off the wire: path parameters decoded, the raw query, headers by lower-case name. */
export interface RequestParts {
  readonly params: Readonly<Record<string, string>>;
  /** The query as sent, without `?`. */
  readonly query: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The body, when one was sent: its media type (the Content-Type, '' when none) and its parsed JSON. */
  readonly body?: { readonly mediaType: string; readonly json: unknown } | undefined;
}

export type RequestVerdict =
  | { readonly kind: 'valid' }
  | { readonly kind: 'invalid'; readonly violations: readonly Violation[] }
  /** A part the judge does not read: another validator must decide. */
  | { readonly kind: 'unjudged'; readonly reason: string };

/** The request with its query read once, for every parameter check. */
type Read = RequestParts & { readonly queryValues: URLSearchParams | undefined };

type PartCheck = (request: Read, violations: Violation[]) => string | undefined;

const judges = new WeakMap<Operation, (request: RequestParts) => RequestVerdict>();

/** The contract's verdict on a request to `op` (the judge is compiled once per operation). */
export function judgeRequest(op: Operation, request: RequestParts): RequestVerdict {
  let judge = judges.get(op);
  if (!judge) {
    judge = compileJudge(op);
    judges.set(op, judge);
  }
  return judge(request);
}

function compileJudge(op: Operation): (request: RequestParts) => RequestVerdict {
  const checks: PartCheck[] = [...op.parameters.map(parameterCheck), bodyCheck(op)];
  const reads = op.parameters.some((p) => p.in === 'query');
  return (request) => {
    const violations: Violation[] = [];
    const read = {
      ...request,
      queryValues: reads && request.query ? new URLSearchParams(request.query) : undefined,
    };
    for (const check of checks) {
      const unjudged = check(read, violations);
      if (unjudged !== undefined) return { kind: 'unjudged', reason: unjudged };
    }
    return violations.length ? { kind: 'invalid', violations } : { kind: 'valid' };
  };
}

/** A plain string schema: its value is the text as sent, with no reading of styles or types. */
const isStringSchema = (schema: JsonSchema | undefined): boolean => resolveSchema(schema)?.type === 'string';

function parameterCheck(parameter: Parameter): PartCheck {
  const { name, required, schema } = parameter;
  const where = parameter.in;
  if (where === 'cookie') return () => 'a cookie parameter';
  const validate = schema && isStringSchema(schema) ? validatorOf(schema) : undefined;
  return (request, violations) => {
    const value = parameterValue(parameter, request);
    if (value === undefined) {
      if (required) violations.push({ at: `/${where}/${name}`, message: `is required` });
      return undefined;
    }
    if (typeof value !== 'string') return `${where} parameter ${name} is sent more than once`;
    // An empty value is read as absent by some validators and as '' by others: not judged here.
    if (value === '') return `${where} parameter ${name} is empty`;
    if (!schema) return undefined;
    if (!validate) return `${where} parameter ${name} is not a plain string`;
    if (!validate(value)) violations.push(...violationsAt(`/${where}/${name}`, validate.errors));
    return undefined;
  };
}

/** The parameter's value as sent: a string, a list when repeated, or undefined when absent. */
function parameterValue(parameter: Parameter, request: Read): string | string[] | undefined {
  if (parameter.in === 'path') return request.params[parameter.name];
  if (parameter.in === 'header') return request.headers[parameter.name.toLowerCase()];
  if (!request.queryValues) return undefined;
  const values = request.queryValues.getAll(parameter.name);
  return values.length > 1 ? values : values[0];
}

function bodyCheck(op: Operation): PartCheck {
  const declared = op.requestBody;
  const json = declared?.content.find((m) => isJsonMediaType(m.mediaType));
  const validate = json?.schema ? validatorOf(json.schema, 'request') : undefined;
  return ({ body }, violations) => {
    if (!body) {
      if (declared?.required) violations.push({ at: '/body', message: 'is required' });
      return undefined;
    }
    if (!declared) return 'a body the operation does not declare';
    if (!json || !isJsonMediaType(body.mediaType)) return 'a body that is not JSON';
    if (validate && !validate(body.json)) violations.push(...violationsAt('/body', validate.errors));
    return undefined;
  };
}

type AjvErrors = ReturnType<typeof validatorOf>['errors'];

function violationsAt(prefix: string, errors: AjvErrors): Violation[] {
  return (errors ?? []).map((e) => ({
    at: `${prefix}${e.instancePath}`,
    message: e.message ?? 'is invalid',
  }));
}
