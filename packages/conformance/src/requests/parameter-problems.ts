// How a parameter's example breaks the parameter's own schema (read as the text it travels as). Such an
// example is no valid request: the engine sends a generated value instead, and reports the example as the
// contract's finding (example-accepted).
import { asText, type Parameter } from '@banking-api/contract';
import { violationLines } from '@banking-api/contract/validators';
import { coerce } from '../schemas/coerce.js';
import { resolved } from '../schemas/read.js';

export function parameterProblems(p: Parameter, value: unknown): string[] {
  const schema = resolved(p.schema);
  if (!schema || value === undefined || typeof value === 'object') return []; // an object travels styled
  return violationLines(schema, coerce(schema, asText(value)));
}
