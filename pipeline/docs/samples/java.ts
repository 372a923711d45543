// The Java sample: java.net.http (Java 11+; text blocks need 17) with an SSLContext made of the client
// certificate and key (PKCS#12, the form Java reads natively) and a trust store holding only the server's CA.
// test/docs/samples-run.test.ts compiles every one with javac and runs it against the mock.
import { IDEMPOTENCY_NOTE, programName, queryString, type SampleRequest } from './request.ts';

/** A Java string literal. */
const javaString = (value: string) =>
  `"${value.replace(/[\\"]/g, '\\$&').replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\t/g, '\\t')}"`;

/** A text block holding `text` as written (`\` and `"""` escaped), closed on its own line. */
const textBlock = (text: string, pad: string) =>
  `"""\n${text
    .replace(/\\/g, '\\\\')
    .replace(/"""/g, '""\\"')
    .split('\n')
    .map((line) => `${pad}${line}`)
    .join('\n')}\n${pad}"""`;

const TLS = `    // The client certificate and its key (PKCS#12), presented in the TLS handshake (mutual TLS).
    char[] password = System.getenv().getOrDefault("BANKING_API_P12_PASSWORD", "").toCharArray();
    KeyStore identity = KeyStore.getInstance("PKCS12");
    try (InputStream in = new FileInputStream("client.p12")) {
      identity.load(in, password);
    }
    KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
    keys.init(identity, password);
    // Trust only the CA that signed the server's certificate.
    KeyStore trusted = KeyStore.getInstance(KeyStore.getDefaultType());
    trusted.load(null, null);
    try (InputStream in = new FileInputStream("ca.crt")) {
      trusted.setCertificateEntry("ca", CertificateFactory.getInstance("X.509").generateCertificate(in));
    }
    TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
    trust.init(trusted);
    SSLContext tls = SSLContext.getInstance("TLS");
    tls.init(keys.getKeyManagers(), trust.getTrustManagers(), null);
`;

const IMPORTS = [
  'java.io.FileInputStream',
  'java.io.InputStream',
  'java.net.URI',
  'java.net.http.HttpClient',
  'java.net.http.HttpRequest',
  'java.net.http.HttpResponse',
  'java.security.KeyStore',
  'java.security.cert.CertificateFactory',
  'java.time.Duration',
  'javax.net.ssl.KeyManagerFactory',
  'javax.net.ssl.SSLContext',
  'javax.net.ssl.TrustManagerFactory',
];

/** The multipart body, built by hand (java.net.http has no form writer): the text fields, then the file. */
function multipartBody(req: SampleRequest & { body: { kind: 'multipart' } }): string[] {
  const { fields, filePart, fileName, fileType } = req.body;
  const part = (headers: string) => `"--" + boundary + "\\r\\n${headers}\\r\\n\\r\\n"`;
  return [
    '    String boundary = "----banking-api-" + UUID.randomUUID();',
    '    ByteArrayOutputStream form = new ByteArrayOutputStream();',
    ...fields.map(
      (f) =>
        `    form.write((${part(`Content-Disposition: form-data; name=\\"${f.name}\\"`)} + ${javaString(f.value)} + "\\r\\n").getBytes(StandardCharsets.UTF_8));`,
    ),
    `    form.write((${part(`Content-Disposition: form-data; name=\\"${filePart}\\"; filename=\\"${fileName}\\"\\r\\nContent-Type: ${fileType}`)}).getBytes(StandardCharsets.UTF_8));`,
    `    form.write(Files.readAllBytes(Path.of(${javaString(fileName)})));`,
    '    form.write(("\\r\\n--" + boundary + "--\\r\\n").getBytes(StandardCharsets.UTF_8));',
  ];
}

function bodyPublisher(req: SampleRequest): { lines: string[]; publisher: string; type?: string } {
  const body = req.body;
  if (!body) return { lines: [], publisher: 'HttpRequest.BodyPublishers.noBody()' };
  if (body.kind === 'multipart')
    return {
      lines: multipartBody(req as SampleRequest & { body: typeof body }),
      publisher: 'HttpRequest.BodyPublishers.ofByteArray(form.toByteArray())',
      type: '"multipart/form-data; boundary=" + boundary',
    };
  const text = body.kind === 'json' ? JSON.stringify(body.value, null, 2) : body.value;
  return {
    lines: [`    String body = ${textBlock(text, '        ')};`],
    publisher: 'HttpRequest.BodyPublishers.ofString(body)',
    type: javaString(body.mediaType),
  };
}

export function javaSample(req: SampleRequest): string {
  const name = programName(req);
  const multipart = req.body?.kind === 'multipart';
  const imports = [
    ...IMPORTS,
    ...(multipart
      ? [
          'java.io.ByteArrayOutputStream',
          'java.nio.charset.StandardCharsets',
          'java.nio.file.Files',
          'java.nio.file.Path',
        ]
      : []),
    ...(req.idempotency || multipart ? ['java.util.UUID'] : []),
  ].sort();
  const path = req.path.map((part) => ('text' in part ? javaString(part.text) : 'idempotencyId')).join(' + ');
  const { lines: bodyLines, publisher, type } = bodyPublisher(req);
  const headers = [
    ...(req.bearer ? ['.header("Authorization", "Bearer " + System.getenv("BANKING_API_TOKEN"))'] : []),
    ...req.headers.map((h) => `.header(${javaString(h.name)}, ${javaString(h.value)})`),
    ...(type ? [`.header("Content-Type", ${type})`] : []),
  ];
  const query = queryString(req);
  const lines = [
    ...imports.map((i) => `import ${i};`),
    '',
    `public class ${name} {`,
    '  public static void main(String[] args) throws Exception {',
    `    String baseUrl = System.getenv().getOrDefault("BANKING_API_URL", ${javaString(req.baseUrl)});`,
    ...(req.mutualTls ? [TLS.trimEnd()] : []),
    `    HttpClient client = HttpClient.newBuilder()${req.mutualTls ? '.sslContext(tls)' : ''}.connectTimeout(Duration.ofSeconds(10)).build();`,
    ...(req.idempotency
      ? [`    // ${IDEMPOTENCY_NOTE}`, '    String idempotencyId = UUID.randomUUID().toString();']
      : []),
    ...bodyLines,
    `    HttpRequest request = HttpRequest.newBuilder(URI.create(baseUrl + ${path}${query ? ` + ${javaString(query)}` : ''}))`,
    '        .timeout(Duration.ofSeconds(30))',
    ...headers.map((h) => `        ${h}`),
    `        .method(${javaString(req.method)}, ${publisher})`,
    '        .build();',
    '    HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());',
    '    System.out.println(response.statusCode());',
    '    System.out.println(response.body());',
    '  }',
    '}',
  ];
  return `${lines.join('\n')}\n`;
}
