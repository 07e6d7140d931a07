import type { EnquiryClosingDecision, EnquiryReleaseDecision } from '@portal/domain/rules/enquiry-status';
import { AppError } from '../../../errors';

type Refusal = Extract<EnquiryReleaseDecision | EnquiryClosingDecision, { allowed: false }>;

/** The one place where the enquiry rules' refusals become the API's answers (codes of domain/errors.ts). */
export function enquiryRefusal(refusal: Refusal): AppError {
  switch (refusal.reason) {
    case 'ALREADY_RELEASED':
      return new AppError('ENQUIRY_RELEASED', 'Die Anfrage ist bereits freigegeben.');
    case 'INCOMPLETE':
      return new AppError(
        'ENQUIRY_RELEASE_INCOMPLETE',
        `Die Anfrage kann noch nicht freigegeben werden: ${refusal.problems.map((problem) => problem.message).join(', ')}.`,
        { issues: refusal.problems.map((problem) => ({ path: problem.field, message: problem.message })) },
      );
    case 'NOT_RELEASED':
      return new AppError('ENQUIRY_NOT_RELEASED');
  }
}
