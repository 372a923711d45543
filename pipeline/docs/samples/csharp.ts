// The C# sample: HttpClient over an HttpClientHandler holding the client certificate (PKCS#12), trusting the
// server only when its certificate chains to the CA given with the credentials. Written in C# that both .NET
// and Mono's compiler accept (no top-level statements, no `using var`): test/docs/samples-run.test.ts
// compiles every one with mcs.
import { IDEMPOTENCY_NOTE, programName, queryString, type SampleRequest } from './request.ts';

/** A C# string literal (JSON's escapes, but \u2028-style escapes are C#'s too). */
const csString = (value: string) => JSON.stringify(value).replace(/\\\//g, '/');

/** A verbatim string: quotes doubled, everything else as written. */
const verbatim = (text: string) => `@"${text.replace(/"/g, '""')}"`;

const HANDLER = `        var ca = new X509Certificate2("ca.crt");
        var handler = new HttpClientHandler();
        // The client certificate and its key (PKCS#12), presented in the TLS handshake (mutual TLS).
        var password = Environment.GetEnvironmentVariable("BANKING_API_P12_PASSWORD") ?? "";
        handler.ClientCertificates.Add(new X509Certificate2("client.p12", password));
        // Trust the server only when its certificate (for this host name) chains to the CA of the credentials.
        handler.ServerCertificateCustomValidationCallback = (message, certificate, chain, errors) =>
        {
            if (certificate == null || (errors & SslPolicyErrors.RemoteCertificateNameMismatch) != 0) return false;
            var own = new X509Chain();
            own.ChainPolicy.RevocationMode = X509RevocationMode.NoCheck;
            own.ChainPolicy.VerificationFlags = X509VerificationFlags.AllowUnknownCertificateAuthority;
            own.ChainPolicy.ExtraStore.Add(ca);
            if (!own.Build(new X509Certificate2(certificate))) return false;
            var root = own.ChainElements[own.ChainElements.Count - 1].Certificate;
            return root.Thumbprint == ca.Thumbprint;
        };
`;

function content(req: SampleRequest): string[] {
  const body = req.body;
  if (!body) return [];
  if (body.kind === 'multipart')
    return [
      '            var form = new MultipartFormDataContent();',
      ...body.fields.map(
        (f) => `            form.Add(new StringContent(${csString(f.value)}), ${csString(f.name)});`,
      ),
      `            var file = new ByteArrayContent(File.ReadAllBytes(${csString(body.fileName)}));`,
      `            file.Headers.ContentType = new MediaTypeHeaderValue(${csString(body.fileType)});`,
      `            form.Add(file, ${csString(body.filePart)}, ${csString(body.fileName)});`,
      '            request.Content = form;',
    ];
  const text = body.kind === 'json' ? JSON.stringify(body.value, null, 2) : body.value;
  return [
    `            request.Content = new StringContent(${verbatim(text)}, Encoding.UTF8);`,
    `            request.Content.Headers.ContentType = new MediaTypeHeaderValue(${csString(body.mediaType)});`,
  ];
}

export function csharpSample(req: SampleRequest): string {
  const path = req.path.map((part) => ('text' in part ? csString(part.text) : 'idempotencyId')).join(' + ');
  const query = queryString(req);
  const usings = [
    'System',
    ...(req.body?.kind === 'multipart' ? ['System.IO'] : []),
    ...(req.mutualTls ? ['System.Net.Security'] : []),
    'System.Net.Http',
    ...(req.body ? ['System.Net.Http.Headers'] : []),
    ...(req.body && req.body.kind !== 'multipart' ? ['System.Text'] : []),
    ...(req.mutualTls ? ['System.Security.Cryptography.X509Certificates'] : []),
    'System.Threading.Tasks',
  ].sort();
  const lines = [
    ...usings.map((u) => `using ${u};`),
    '',
    `public static class ${programName(req)}`,
    '{',
    // An async Main is C# 7.1; this form compiles everywhere (Mono's mcs too).
    '    public static void Main()',
    '    {',
    '        Run().GetAwaiter().GetResult();',
    '    }',
    '',
    '    private static async Task Run()',
    '    {',
    `        var baseUrl = Environment.GetEnvironmentVariable("BANKING_API_URL") ?? ${csString(req.baseUrl)};`,
    ...(req.mutualTls ? [HANDLER.trimEnd()] : ['        var handler = new HttpClientHandler();']),
    ...(req.idempotency
      ? [`        // ${IDEMPOTENCY_NOTE}`, '        var idempotencyId = Guid.NewGuid().ToString();']
      : []),
    '        using (var client = new HttpClient(handler) { Timeout = TimeSpan.FromSeconds(30) })',
    `        using (var request = new HttpRequestMessage(new HttpMethod(${csString(req.method)}), baseUrl + ${path}${query ? ` + ${csString(query)}` : ''}))`,
    '        {',
    ...(req.bearer
      ? [
          '            request.Headers.Add("Authorization", "Bearer " + Environment.GetEnvironmentVariable("BANKING_API_TOKEN"));',
        ]
      : []),
    ...req.headers.map((h) => `            request.Headers.Add(${csString(h.name)}, ${csString(h.value)});`),
    ...content(req),
    '            var response = await client.SendAsync(request);',
    '            Console.WriteLine((int)response.StatusCode);',
    '            Console.WriteLine(await response.Content.ReadAsStringAsync());',
    '        }',
    '    }',
    '}',
  ];
  return `${lines.join('\n')}\n`;
}
