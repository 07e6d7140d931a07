import { ERRORS, type ErrorCode } from '@portal/domain/errors';

/** A failure with a code of the shared catalogue; the error handler turns it into `{ code, message }`. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** Sent as `Retry-After` (seconds), e.g. with a 429 of a throttled sign-in. */
  readonly retryAfterSeconds: number | undefined;
  /** Sent as `issues`: what is wrong where (e.g. the missing parts of an enquiry's release, SPEC §4). */
  readonly issues: { path: string; message: string }[] | undefined;

  constructor(
    code: ErrorCode,
    message?: string,
    options: { retryAfterSeconds?: number; issues?: { path: string; message: string }[] } = {},
  ) {
    super(message ?? ERRORS[code].message);
    this.code = code;
    this.status = ERRORS[code].status;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.issues = options.issues;
  }
}
