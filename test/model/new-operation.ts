// The operation test/model/add-operation.test.ts adds to a copy of the contract: written as a contributor
// would, following CONTRIBUTING.md (shared header parameter, idempotent by URL, a new schema component,
// named examples, shared 400, a scope).
export const NEW_OPERATION = {
  key: 'PUT /hb/pix/keys/{id}',
  method: 'PUT',
  path: '/hb/pix/keys/{id}',
  idempotencyId: 'f1e2d3c4-b5a6-4978-8a9b-0c1d2e3f4a5b',
  operationId: 'registerPixKey',
  summary: 'Register Pix key',
  description: 'Registers a Pix key for the account named in the account header.',
  scope: 'pix.write',
  exampleName: 'cnpjKey',
  example: { keyType: 'CNPJ', key: '11222333000181' },
  response: { pixKey: { id: 'pk-7f3c2a9e', status: 'ACTIVE' } },
} as const;

export const NEW_OPERATION_YAML = `
  ${NEW_OPERATION.path}:
    put:
      operationId: ${NEW_OPERATION.operationId}
      summary: ${NEW_OPERATION.summary}
      description: ${NEW_OPERATION.description}
      tags: [Pix]
      x-idempotency:
        in: path
        name: id
      x-unspecified:
        - topic: idempotency-replay
          detail: Behaviour when the same \`id\` is repeated is not shown.
      security:
        - bearerAuth: [${NEW_OPERATION.scope}]
          mTLS: []
      parameters:
        - $ref: '#/components/parameters/AccountId'
        - $ref: '#/components/parameters/IdempotencyId'
      requestBody:
        required: true
        content:
          application/json:
            schema:
              $ref: '#/components/schemas/RegisterPixKeyRequest'
            examples:
              ${NEW_OPERATION.exampleName}:
                $ref: '#/components/examples/RegisterPixKeyRequestExample'
      responses:
        '200':
          description: The key is registered.
          content:
            application/json:
              schema:
                type: object
                required: [pixKey]
                properties:
                  pixKey:
                    type: object
                    required: [id, status]
                    properties:
                      id:
                        type: string
                      status:
                        type: string
              examples:
                registered:
                  $ref: '#/components/examples/PixKeyRegisteredExample'
        '400':
          $ref: '#/components/responses/ValidationError'
        default:
          $ref: '#/components/responses/UnspecifiedError'
`;

export const NEW_SCHEMAS_YAML = `
    RegisterPixKeyRequest:
      type: object
      required: [keyType, key]
      properties:
        keyType:
          type: string
          enum: [CPF, CNPJ, EMAIL, PHONE, EVP]
        key:
          type: string
`;

export const NEW_EXAMPLES_YAML = `
    RegisterPixKeyRequestExample:
      summary: A CNPJ as the key
      value: ${JSON.stringify(NEW_OPERATION.example)}
    PixKeyRegisteredExample:
      summary: Registered key
      value: ${JSON.stringify(NEW_OPERATION.response)}
`;

/** `text` inserted right after the first line that is exactly `marker`. */
function insertAfter(spec: string, marker: string, text: string): string {
  const at = spec.indexOf(`\n${marker}\n`);
  if (at < 0) throw new Error(`openapi.yaml has no line \`${marker}\``);
  const after = at + marker.length + 2;
  return `${spec.slice(0, after)}${text.replace(/^\n/, '')}${spec.slice(after)}`;
}

/** The spec with the new path item first under `paths:`, its schema and examples first in `components`. */
export function insertOperation(spec: string): string {
  const withPath = insertAfter(spec, 'paths:', NEW_OPERATION_YAML);
  return insertAfter(insertAfter(withPath, '  schemas:', NEW_SCHEMAS_YAML), '  examples:', NEW_EXAMPLES_YAML);
}
