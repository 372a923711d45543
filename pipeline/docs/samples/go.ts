// The Go sample: net/http with a tls.Config holding the client certificate and a pool of only the server's
// CA; standard library only, gofmt-formatted. test/docs/samples-run.test.ts builds every one and runs it
// against the mock.
import { IDEMPOTENCY_NOTE, queryString, type SampleRequest } from './request.ts';

/** A Go string literal (JSON's escapes are valid Go escapes). */
const goString = (value: string) => JSON.stringify(value);

const NEW_ID = `
// newID returns a random UUID (version 4).
func newID() string {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		log.Fatal(err)
	}
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:])
}
`;

const CLIENT = `	// The client certificate and key (mutual TLS), and the CA that signed the server's certificate.
	cert, err := tls.LoadX509KeyPair("client.crt", "client.key")
	if err != nil {
		log.Fatal(err)
	}
	caPEM, err := os.ReadFile("ca.crt")
	if err != nil {
		log.Fatal(err)
	}
	roots := x509.NewCertPool()
	if !roots.AppendCertsFromPEM(caPEM) {
		log.Fatal("ca.crt holds no certificate")
	}
	client := &http.Client{
		Timeout: 30 * time.Second,
		Transport: &http.Transport{TLSClientConfig: &tls.Config{
			Certificates: []tls.Certificate{cert},
			RootCAs:      roots,
			MinVersion:   tls.VersionTLS12,
		}},
	}
`;

const check = ['	if err != nil {', '		log.Fatal(err)', '	}'];

/** The body: a JSON text as written, or a multipart form made with mime/multipart. */
function bodyLines(req: SampleRequest): { lines: string[]; reader: string; type?: string } {
  const body = req.body;
  if (!body) return { lines: [], reader: 'nil' };
  if (body.kind !== 'multipart') {
    const text = body.kind === 'json' ? JSON.stringify(body.value, null, 2) : body.value;
    const literal = text.includes('`') ? goString(text) : `\`${text}\``;
    return {
      lines: [`	body := []byte(${literal})`],
      reader: 'bytes.NewReader(body)',
      type: goString(body.mediaType),
    };
  }
  const lines = ['	var form bytes.Buffer', '	writer := multipart.NewWriter(&form)'];
  for (const f of body.fields)
    lines.push(
      `	if err := writer.WriteField(${goString(f.name)}, ${goString(f.value)}); err != nil {`,
      '		log.Fatal(err)',
      '	}',
    );
  lines.push(
    '	header := make(textproto.MIMEHeader)',
    `	header.Set("Content-Disposition", \`form-data; name="${body.filePart}"; filename="${body.fileName}"\`)`,
    `	header.Set("Content-Type", ${goString(body.fileType)})`,
    '	part, err := writer.CreatePart(header)',
    ...check,
    `	file, err := os.ReadFile(${goString(body.fileName)})`,
    ...check,
    '	if _, err := part.Write(file); err != nil {',
    '		log.Fatal(err)',
    '	}',
    '	if err := writer.Close(); err != nil {',
    '		log.Fatal(err)',
    '	}',
  );
  return { lines, reader: '&form', type: 'writer.FormDataContentType()' };
}

export function goSample(req: SampleRequest): string {
  const multipart = req.body?.kind === 'multipart';
  const imports = [
    ...(req.body ? ['bytes'] : []),
    ...(req.idempotency ? ['crypto/rand'] : []),
    ...(req.mutualTls ? ['crypto/tls', 'crypto/x509'] : []),
    'fmt',
    'io',
    'log',
    ...(multipart ? ['mime/multipart', 'net/textproto'] : []),
    'net/http',
    'os',
    'time',
  ].sort();
  const url = [
    'baseURL',
    ...req.path.map((part) => ('text' in part ? goString(part.text) : 'idempotencyID')),
    ...(req.query.length ? [goString(queryString(req))] : []),
  ].join('+');
  const { lines: body, reader, type } = bodyLines(req);
  const headers = [
    ...(req.bearer ? ['	req.Header.Set("Authorization", "Bearer "+os.Getenv("BANKING_API_TOKEN"))'] : []),
    ...req.headers.map((h) => `	req.Header.Set(${goString(h.name)}, ${goString(h.value)})`),
    ...(type ? [`	req.Header.Set("Content-Type", ${type})`] : []),
  ];
  const lines = [
    'package main',
    '',
    'import (',
    ...imports.map((i) => `	"${i}"`),
    ')',
    '',
    'func main() {',
    '	baseURL := os.Getenv("BANKING_API_URL")',
    '	if baseURL == "" {',
    `		baseURL = ${goString(req.baseUrl)}`,
    '	}',
    req.mutualTls ? CLIENT.trimEnd() : '	client := &http.Client{Timeout: 30 * time.Second}',
    ...(req.idempotency ? [`	// ${IDEMPOTENCY_NOTE}`, '	idempotencyID := newID()'] : []),
    ...body,
    `	req, err := http.NewRequest(${goString(req.method)}, ${url}, ${reader})`,
    ...check,
    ...headers,
    '	resp, err := client.Do(req)',
    ...check,
    '	defer resp.Body.Close()',
    '	answer, err := io.ReadAll(resp.Body)',
    ...check,
    '	fmt.Println(resp.StatusCode)',
    '	fmt.Println(string(answer))',
    '}',
  ];
  return `${lines.join('\n')}\n${req.idempotency ? NEW_ID : ''}`;
}
