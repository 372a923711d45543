// The curl sample: the client certificate, key and CA as files, the token and address from the environment.
import { IDEMPOTENCY_NOTE, queryString, type SampleRequest } from './request.ts';

const shQuote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

export function curlSample(req: SampleRequest): string {
  const path = req.path.map((part) => ('text' in part ? part.text : '$IDEMPOTENCY_ID')).join('');
  const lines = [
    req.mutualTls ? 'curl --cert client.crt --key client.key --cacert ca.crt' : 'curl --cacert ca.crt',
    `-X ${req.method} "$BANKING_API_URL${path}${queryString(req)}"`,
    ...(req.bearer ? ['-H "Authorization: Bearer $BANKING_API_TOKEN"'] : []),
    ...req.headers.map((h) => `-H ${shQuote(`${h.name}: ${h.value}`)}`),
  ];
  const body = req.body;
  if (body?.kind === 'multipart')
    lines.push(
      ...body.fields.map((f) => `-F ${shQuote(`${f.name}=${f.value}`)}`),
      `-F ${shQuote(`${body.filePart}=@${body.fileName};type=${body.fileType}`)}`,
    );
  else if (body?.kind === 'json')
    lines.push(`-H 'Content-Type: ${body.mediaType}'`, `-d ${shQuote(JSON.stringify(body.value))}`);
  else if (body) lines.push(`-H 'Content-Type: ${body.mediaType}'`, `--data-binary ${shQuote(body.value)}`);
  const fresh = req.idempotency
    ? `# ${IDEMPOTENCY_NOTE}\nIDEMPOTENCY_ID=$(uuidgen 2>/dev/null || cat /proc/sys/kernel/random/uuid)\n`
    : '';
  return `${fresh}${lines.join(' \\\n  ')}\n`;
}
