// What a review rule is: one small module that compares one kind of node of the two sides (a schema, a
// parameter, a response, an operation, the document) and reports facts (compare/facts.ts): the change, where
// it is written, how it rates for senders and readers, and oasdiff's id for it. The comparison (compare/)
// walks both sides and asks every rule registered for a kind of node (rules/index.ts). Each rule has its own
// test in test/review/rules/ and a row in the coverage table of docs/reviewing-spec-changes.md.
import type { Sides } from '../compare/context.ts';
import type { Fact } from '../compare/facts.ts';
import type { EffectiveOperation } from '../effective/operation-view.ts';
import type { EffectiveParameter } from '../effective/parameter-view.ts';
import type { Located } from '../effective/reader.ts';
import type { SchemaView } from '../effective/schema-view.ts';

export interface RuleInfo {
  /** The rule's name (its file), shown in the coverage table. */
  readonly name: string;
  /** The finding rule ids it reports. */
  readonly produces: readonly string[];
  /** The edits it understands, for the coverage table. */
  readonly covers: readonly string[];
  /** oasdiff's ids its findings correspond to. */
  readonly oasdiff: readonly string[];
}

/** The JSON types keywords apply to (`number` covers `integer`). */
export type InstanceType = 'object' | 'array' | 'string' | 'number';

/** Compares two views of the same schema (both sides have it). */
export interface SchemaRule extends RuleInfo {
  readonly level: 'schema';
  /** Says nothing once the type itself was replaced (enum, bounds, format...). */
  readonly valueRule?: boolean;
  /** Its facts replace the value rules' (a type replaced). */
  readonly replacesValues?: boolean;
  /** The JSON type its keywords apply to (JSON Schema: `properties` constrain objects only): asked only when both sides allow it. */
  readonly appliesTo?: InstanceType;
  compare(before: SchemaView, after: SchemaView, sides: Sides): Fact[];
}

/** Compares one operation's two sides (either may be missing: added or removed). */
export interface OperationRule extends RuleInfo {
  readonly level: 'operation';
  compare(
    before: EffectiveOperation | undefined,
    after: EffectiveOperation | undefined,
    sides: Sides,
  ): Fact[];
}

/** Compares one parameter of an operation present on both sides (either side may lack the parameter). */
export interface ParameterRule extends RuleInfo {
  readonly level: 'parameter';
  compare(
    before: EffectiveParameter | undefined,
    after: EffectiveParameter | undefined,
    sides: Sides,
  ): Fact[];
}

/** Compares the request bodies of an operation present on both sides (either may be missing). */
export interface RequestBodyRule extends RuleInfo {
  readonly level: 'request-body';
  compare(before: Located | undefined, after: Located | undefined, sides: Sides): Fact[];
}

/**
 * How one operation's responses pair up (compare/response-pairs.ts): statuses compared (`covered`: a base status
 * the head answers only through a range or `default`), base statuses with nothing left, head statuses new.
 */
export interface ResponsePairing {
  readonly pairs: readonly { before: string; after: string; covered: boolean }[];
  readonly removed: readonly string[];
  readonly added: readonly string[];
}

/** Whether a base schema and a head schema are the same for the generated types (docs aside). */
export type SameSchema = (before: Located<unknown>, after: Located<unknown>) => boolean;

/** Compares the responses of an operation present on both sides, from their pairing. */
export interface ResponsesRule extends RuleInfo {
  readonly level: 'responses';
  compare(
    pairing: ResponsePairing,
    before: EffectiveOperation,
    after: EffectiveOperation,
    sides: Sides,
    same: SameSchema,
  ): Fact[];
}

/** Compares one response present on both sides (its description; headers and content are compared apart). */
export interface ResponseRule extends RuleInfo {
  readonly level: 'response';
  compare(before: Located, after: Located, sides: Sides): Fact[];
}

/** A media type of a body (or of a parameter's `content`): its canonical name, as written, and its object. */
export type MediaEntry = Located & { type: string; written: string };

/** How the media types of one body differ (compare/media-pairs.ts pairs them by meaning). */
export interface ContentChange {
  readonly removed: readonly MediaEntry[];
  readonly added: readonly MediaEntry[];
  /** A base media type now covered only by a head range (`application/json` → `application/*`). */
  readonly widened: readonly { before: MediaEntry; after: MediaEntry }[];
  /** A base range now only one of its types (`application/*` → `application/json`). */
  readonly narrowed: readonly { before: MediaEntry; after: MediaEntry }[];
}

/** Compares the set of media types of one body. */
export interface ContentRule extends RuleInfo {
  readonly level: 'content';
  compare(change: ContentChange, sides: Sides): Fact[];
}

/** Compares one media type of a body present on both sides (paired by meaning). */
export interface MediaRule extends RuleInfo {
  readonly level: 'media';
  compare(before: MediaEntry, after: MediaEntry, sides: Sides): Fact[];
}

/** Compares one response header (either side may lack it). */
export interface HeaderRule extends RuleInfo {
  readonly level: 'header';
  compare(before: NamedHeader | undefined, after: NamedHeader | undefined, sides: Sides): Fact[];
}
export type NamedHeader = Located & { name: string };

/** Compares the documents as a whole (what no operation reaches: info, tags, scheme documentation). */
export interface DocumentRule extends RuleInfo {
  readonly level: 'document';
  compare(sides: Sides): Fact[];
}

export type Rule =
  | SchemaRule
  | OperationRule
  | ParameterRule
  | RequestBodyRule
  | ResponsesRule
  | ResponseRule
  | ContentRule
  | MediaRule
  | HeaderRule
  | DocumentRule;
