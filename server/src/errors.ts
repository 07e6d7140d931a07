import { ERRORS, type ErrorCode } from '@portal/domain/errors';

/** A failure with a code of the shared catalogue; the error handler turns it into `{ code, message }`. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;

  constructor(code: ErrorCode, message?: string) {
    super(message ?? ERRORS[code].message);
    this.code = code;
    this.status = ERRORS[code].status;
  }
}
