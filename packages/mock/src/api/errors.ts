// The errors the mock's API throws, each a class a test can catch by name: the same from the in-process
// session handle and from the admin client, so a test does not care where the mock runs.

/** A stub the contract forbids (or over the session's limits): `violations` says where and why. */
export class StubRefusedError extends Error {
  override readonly name: string = 'StubRefusedError';
  readonly violations: readonly { at: string; message: string }[];
  constructor(violations: readonly { at: string; message: string }[]) {
    super(`stub refused: ${violations.map((v) => `${v.at || '/'} ${v.message}`).join('; ')}`);
    this.violations = violations;
  }
}

/** A session handle used after it was closed (or after its session timed out and was closed). */
export class MockSessionClosedError extends Error {
  override readonly name: string = 'MockSessionClosedError';
  constructor(id: string) {
    super(
      `the mock session ${id} is closed: open another (mock.openSession(), or openMockSession() of @banking-api/mock/admin)`,
    );
  }
}

/** The journal does not hold the calls a test expected. */
export class MockExpectationError extends Error {
  override readonly name: string = 'MockExpectationError';
}

/** The admin route refused a call (status and the error envelope's message). */
export class MockAdminError extends Error {
  override readonly name: string = 'MockAdminError';
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/** Opening one more session than the limit allows. */
export class TooManySessionsError extends Error {}
