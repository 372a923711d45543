// @banking-api/conformance: the one conformance engine of the toolkit. From the contract's model it makes
// valid requests (requests/), invalid variants of them (mutations/) and hostile inputs (attacks/), and it
// judges answers by the checks of one registry (checks/). `npm run verify`, the contract tests and
// `npm run fuzz` are its three consumers; what each does with the findings is its own.
export { type Attack, type AttackOutcome, type AttackTarget, wireOutcome } from './attacks/attack.js';
export { type ByteMutation, byteMutation, honestLength, mutate } from './attacks/bytes.js';
export { type ForbiddenBody, forbiddenBodies } from './attacks/forbidden-bodies.js';
export { ATTACKS } from './attacks/registry.js';
export { type HostileRequest, MAX_JSON_DEPTH, secondRoundRequests } from './attacks/second-round.js';
export { scopedOperations, spellingOf } from './attacks/spellings.js';
export { MAX_HEADER_BYTES, type ThirdRoundRequest, thirdRoundRequests } from './attacks/third-round.js';
export { answersWithinLimits, recordNoAnswer } from './checks/answer/answers-within-limits.js';
export type {
  AnswerCheck,
  AnswerVerdict,
  AnswerView,
  Check,
  CheckInfo,
  Level,
  ProbeCheck,
} from './checks/check.js';
export { isClientError, isSuccess } from './checks/probe/call.js';
export { operationsByPath } from './checks/probe/method-not-allowed.js';
export { allChecks, checkById } from './checks/registry.js';
export { noteUnsent } from './checks/unsent.js';
export { type CoverageCase, keywordOf } from './coverage/case.js';
export { type CoveragePlan, coveragePlan } from './coverage/plan.js';
export { type Variant, variantsOf } from './coverage/variants.js';
export { harvest, nounOf } from './flows/harvest.js';
export { type IdentifierInput, identifierInputs, identifierNames } from './flows/inputs.js';
export { issuedNames, operationsNeeded } from './flows/issuers.js';
export { discoverIdentifiers, type SetupOptions, type SetupRequest } from './flows/setup.js';
export { type IssuedValues, issuedValues } from './flows/values.js';
export { clip, describeAnswer } from './judge/describe.js';
export { type Judgement, judgeAnswer, recordJudgement } from './judge/judge.js';
export { type BodyMutation, invalidBodies, missingField } from './mutations/invalid-bodies.js';
export {
  brokenEncoding,
  type InvalidRequestBody,
  invalidRequestBodies,
} from './mutations/invalid-requests.js';
export { wrongTypeFor } from './mutations/wrong-type.js';
export { type RequestOptions, requestFor, urlOf, validRequestFor } from './requests/build.js';
export { encodeBody, firstBody, multipartBoundary } from './requests/encode.js';
export { exampleRequests, type NamedRequest } from './requests/examples.js';
export { outgoingHeaders, withHeader } from './requests/headers.js';
export { compactJws, isJwsMediaType } from './requests/jws-body.js';
export { isMultipart, jsonBodySchema } from './requests/media.js';
export { bodyProblems, validBody } from './requests/valid-body.js';
export {
  generatedIdentifier,
  type ParameterValues,
  parameterValues,
  type ValueOptions,
} from './requests/values.js';
export { type RenderOptions, rawRequest, renderRequest } from './requests/wire.js';
export { validValue } from './schemas/generate.js';
export { type Cause, failedStageOf, innermostCause, isTlsCode } from './send/failed-stage.js';
export { type ForeignCertificate, foreignCertificate } from './send/foreign-certificate.js';
export { forgedTokenShell, forgeToken, isCompactJws } from './send/forged-token.js';
export {
  type Client,
  type ClientOptions,
  createClient,
  describeError,
  type TlsFiles,
  type Tokens,
} from './send/http.js';
export {
  MAX_WIRE_ANSWER_BYTES,
  sendOverTls,
  type TlsEndpoint,
  type WireAnswer,
  wireBody,
} from './send/tls.js';
export {
  type Answer,
  type ArrivedDelivery,
  type CheckContext,
  ConnectionError,
  type Coverage,
  type Credential,
  type DeliveryWatch,
  type EncodedBody,
  type FailedStage,
  type Findings,
  type ForgedToken,
  type Probe,
  type RunOptions,
  type Send,
  UnsendableRequest,
} from './types.js';
