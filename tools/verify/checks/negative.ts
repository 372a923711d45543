// Negative: invalid input (generated from the request schema, plus malformed JSON and a broken
// multipart body) gets a 4xx, never a 2xx or a 5xx. Its body is checked against the error envelope by
// the response check every answer goes through.
import type { MediaType, Operation } from '@banking-api/contract';
import { encodeBody, isJson, multipartBoundary, probeFor } from '../inputs.ts';
import { invalidBodies, missingField } from '../mutations.ts';
import { describeAnswer } from '../responses.ts';
import type { CheckContext, ProbeBody } from '../types.ts';
import { call, isClientError } from './call.ts';

const check = 'negative-rejected';

export async function negativeChecks(ctx: CheckContext, op: Operation): Promise<void> {
  for (const media of op.requestBody?.content ?? []) {
    for (const { label, body } of invalidRequests(media, ctx.options)) {
      const probe = probeFor(op, ctx.options.seed, { body });
      const answer = await call(ctx, op, probe);
      ctx.findings.ran(op, check);
      if (isClientError(answer.status)) continue;
      ctx.findings.fail(
        op,
        check,
        'a 4xx answer (invalid input)',
        `${label}: ${describeAnswer(answer)}`,
        probe,
      );
    }
  }
}

/** The invalid bodies for one media type: schema mutations of its first example, and a broken encoding. */
function invalidRequests(
  media: MediaType,
  options: CheckContext['options'],
): { label: string; body: ProbeBody }[] {
  const example = media.examples[0]?.value;
  // A form's parts are all text: only a missing part breaks it; a JSON body can break in every way.
  const kinds = isJson(media.mediaType) ? undefined : [missingField];
  const mutations =
    media.schema && example !== undefined
      ? invalidBodies(media.schema, example, { seed: options.seed, max: options.maxExamples, kinds })
      : [];
  const out = mutations.map((m) => ({ label: m.label, body: encodeBody(media, m.value) }));
  const broken = brokenEncoding(media.mediaType);
  if (broken) out.push(broken);
  return out;
}

function brokenEncoding(mediaType: string): { label: string; body: ProbeBody } | undefined {
  if (isJson(mediaType)) return { label: 'malformed JSON', body: { contentType: mediaType, text: '{"a": ' } };
  if (mediaType === 'multipart/form-data') {
    const contentType = `multipart/form-data; boundary=${multipartBoundary}`;
    return { label: 'malformed multipart', body: { contentType, text: 'this is not a multipart body\r\n' } };
  }
  return undefined;
}
