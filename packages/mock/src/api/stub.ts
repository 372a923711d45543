// A stub, typed by the contract: its `operationId` is one of the contract's, its `answer.status` one the
// operation documents (`default` covers 4xx and 5xx only), its body that response's JSON type, and its
// `when` names the operation's own parameters and request body fields. So what the mock would refuse at run
// time (session/stub-check.ts) is, where types can say it, a compile error first. The types come from the
// contract's generated `operations` (openapi-typescript, `@banking-api/contract/api`); another contract's
// work the same way (`Stub<TheirOperations>`), and `AnyOperations` lifts every rule but the run-time check.
import type { operations } from '@banking-api/contract/api';

/** Operations of a contract with no generated types: any operationId, status and body. */
export type AnyOperations = Record<string, unknown>;

/** A stub whose shape nothing but the run-time check holds to the contract (the admin route's JSON). */
export interface UntypedStub {
  /** The operation it answers. */
  operationId: string;
  /** Only requests that match every condition given: equal path and query parameters and headers, and a body holding `body`. */
  when?:
    | {
        path?: Record<string, string> | undefined;
        query?: Record<string, string> | undefined;
        /** Header names in any case. */
        headers?: Record<string, string> | undefined;
        /** Part of the JSON body: every field it names must be there with an equal value. */
        body?: unknown;
      }
    | undefined;
  /** A status the operation documents, a body its schema accepts (default: what the contract documents), headers. */
  answer: { status: number; body?: unknown; headers?: Record<string, string> | undefined };
  /** Answer this many requests, then go; default until removed. */
  times?: number | undefined;
}

type Digit = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
type NumberOf<S> = S extends `${infer N extends number}` ? N : never;
/** Every status of a class: `StatusesOf<4>` is 400 | 401 | … | 499. */
type StatusesOf<D extends number> = NumberOf<`${D}${Digit}${Digit}`>;

/** The statuses a response key covers: itself (`200`) or its class (`'4XX'`); never an informational one. */
type Covered<K> = K extends number
  ? Exclude<K, StatusesOf<1>>
  : K extends `${infer D extends 2 | 3 | 4 | 5}XX`
    ? StatusesOf<D>
    : never;

/** The JSON body of a response (or request body) as openapi-typescript types it; never when it has none. */
type JsonOf<Content> = Content extends { content: infer C }
  ? C extends object
    ? C[Extract<keyof C, `${string}json`>]
    : never
  : never;

/** One documented response as a stub answers it. */
interface AnswerOf<Status, Response> {
  status: Status;
  /** Default: the response's example, or the error the contract documents for the status. */
  body?: JsonOf<Response> | undefined;
  /** Those the response documents, its `Content-Type` and `Retry-After`. */
  headers?: Record<string, string> | undefined;
}

/** The answers an operation documents: exact statuses first, then classes (`4XX`), then `default` for errors. */
type Answers<R> =
  | {
      [K in keyof R]: K extends 'default'
        ? never
        : AnswerOf<K extends number ? Covered<K> : Exclude<Covered<K>, Exact<R>>, R[K]>;
    }[keyof R]
  | ('default' extends keyof R ? AnswerOf<Exclude<StatusesOf<4 | 5>, ExactOrRange<R>>, R['default']> : never);
type Exact<R> = Extract<keyof R, number>;
type ExactOrRange<R> = { [K in keyof R]: Covered<K> }[keyof R];

type Names<T> = [T] extends [never] ? never : T extends object ? Extract<keyof T, string> : never;
type ParameterNames<Op, In extends string> = Op extends { parameters: infer P }
  ? In extends keyof P
    ? Names<NonNullable<P[In]>>
    : never
  : never;
/** Values to match parameters on, by the names the operation declares. */
type Values<N extends string> = [N] extends [never] ? never : { [Name in N]?: string };
/** Part of a value: each field optional, all the way down. */
type Part<T> = T extends readonly (infer I)[]
  ? Part<I>[]
  : T extends object
    ? { [K in keyof T]?: Part<T[K]> }
    : T;
type RequestJson<Op> = Op extends { requestBody?: infer B } ? JsonOf<NonNullable<B>> : never;
type BodyPart<Op> = Op extends { requestBody?: infer B }
  ? [NonNullable<B>] extends [never]
    ? never
    : [RequestJson<Op>] extends [never]
      ? unknown
      : Part<RequestJson<Op>>
  : never;

/** A stub of one operation of `Api`. */
export interface OperationStub<Api, Id extends keyof Api & string> {
  operationId: Id;
  /** Only requests that match every condition given; a body holding every field of `body`. */
  when?:
    | {
        path?: Values<ParameterNames<Api[Id], 'path'>> | undefined;
        query?: Values<ParameterNames<Api[Id], 'query'>> | undefined;
        /** Any header, names in any case. */
        headers?: Record<string, string> | undefined;
        body?: BodyPart<Api[Id]> | undefined;
      }
    | undefined;
  answer: Api[Id] extends { responses: infer R } ? Answers<R> : UntypedStub['answer'];
  /** Answer this many requests, then go; default until removed. */
  times?: number | undefined;
}

/** A session's own answer to an operation of the contract, in place of its example (docs/mock.md, "Stubs"). */
export type Stub<Api = operations> = string extends keyof Api
  ? UntypedStub
  : { [Id in keyof Api & string]: OperationStub<Api, Id> }[keyof Api & string];

/** A stub as kept: its id and how many requests it answered. */
export type StoredStub<Api = operations> = Stub<Api> & { id: string; hits: number };
