// Code samples of every operation, made from the model: one generator per language, each a file of its own,
// all writing the same request (request.ts). The list below is the order the reference shows them in.
import type { Operation } from '@banking-api/contract';
import { csharpSample } from './csharp.ts';
import { curlSample } from './curl.ts';
import { goSample } from './go.ts';
import { javaSample } from './java.ts';
import { pythonSample } from './python.ts';
import { type SampleRequest, sampleRequest } from './request.ts';
import { typescriptSample } from './typescript.ts';

export { defaultBaseUrl, type SampleRequest, sampleRequest } from './request.ts';

export interface CodeSample {
  /** The language (Redoc's `lang`, and the site's tab id). */
  lang: string;
  label: string;
  source: string;
}

export interface SampleLanguage {
  lang: string;
  label: string;
  write(req: SampleRequest): string;
}

export const SAMPLE_LANGUAGES: readonly SampleLanguage[] = [
  { lang: 'curl', label: 'curl', write: curlSample },
  { lang: 'TypeScript', label: 'TypeScript client', write: typescriptSample },
  { lang: 'Python', label: 'Python (requests)', write: pythonSample },
  { lang: 'Java', label: 'Java (java.net.http)', write: javaSample },
  { lang: 'Go', label: 'Go (net/http)', write: goSample },
  { lang: 'C#', label: 'C# (HttpClient)', write: csharpSample },
];

export function codeSamples(op: Operation, baseUrl: string): CodeSample[] {
  const req = sampleRequest(op, baseUrl);
  return SAMPLE_LANGUAGES.map(({ lang, label, write }) => ({ lang, label, source: write(req) }));
}
