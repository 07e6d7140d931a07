import type { RegisterBody } from '@portal/domain/schemas/account';
import { type AttemptWindow, isLimited, recordAttempt } from '../../auth/attempts';
import { hashPassword } from '../../auth/password';
import { assertPasswordNotCommon } from '../../auth/password-policy';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import type { JobQueue } from '../../jobs/queue';
import { sendMailJob } from '../../jobs/send-mail.job';
import {
  type RegistrationFacts,
  registrationNoticeMail,
  registrationReceivedMail,
} from '../../mail/templates/registration';
import type { AuthService, SignInResult } from '../auth';
import { insertUserWithPassword } from '../user';
import { findCompanyTypeOfUserMail, insertRegisteredCompany, listOperatorAdmins } from './account.repository';

/** Registrations per IP: enough for a colleague or two behind one router, too few for a bot. */
export const REGISTER_BY_IP: AttemptWindow = { bucket: 'register:ip', limit: 10, windowMs: 60 * 60 * 1000 };

function isUniqueViolation(error: unknown): boolean {
  const codeOf = (value: unknown) =>
    typeof value === 'object' && value !== null && 'code' in value ? (value as { code: unknown }).code : null;
  return codeOf(error) === '23505' || codeOf((error as { cause?: unknown } | null)?.cause) === '23505';
}

export interface RegisterDeps {
  db: Db;
  queue: JobQueue;
  authService: AuthService;
  /** For the links in the mails. */
  baseUrl: string;
}

/**
 * SPEC §2 Register / §4: a company registers itself as a CUSTOMER, pending until the operator releases
 * it; its first user is its administrator and is signed in right away (confined to the profile).
 */
export function createRegisterService(deps: RegisterDeps) {
  const { db, queue } = deps;

  async function enqueueMails(tx: DbOrTx, facts: RegistrationFacts) {
    await queue.enqueue(
      sendMailJob,
      registrationReceivedMail({
        to: facts.mail,
        name: facts.userName,
        companyName: facts.companyName,
        profileUrl: new URL('/profile', deps.baseUrl).toString(),
      }),
      { tx },
    );
    const companyUrl = new URL(`/company/${facts.companyId}`, deps.baseUrl).toString();
    for (const admin of await listOperatorAdmins(tx)) {
      await queue.enqueue(
        sendMailJob,
        registrationNoticeMail({
          to: admin.email,
          name: `${admin.name} ${admin.lastname}`,
          facts,
          companyUrl,
        }),
        { tx },
      );
    }
  }

  /**
   * Company, user and mails in ONE transaction. The address is not checked beforehand: the unique index
   * decides (also between two parallel registrations), and its violation rolls the company back.
   */
  async function register(body: RegisterBody, ip: string, headers: Headers): Promise<SignInResult> {
    if (await isLimited(db, REGISTER_BY_IP, ip)) throw new AppError('RATE_LIMITED');
    const { user, company } = body;
    await assertPasswordNotCommon(user.password);
    await recordAttempt(db, REGISTER_BY_IP, ip);
    const passwordHash = await hashPassword(user.password);
    try {
      await db.transaction(async (tx) => {
        const created = await insertRegisteredCompany(tx, company);
        await insertUserWithPassword(
          tx,
          {
            name: user.name,
            lastname: user.lastname,
            email: user.mail,
            phoneNumber: user.phoneNumber,
            admin: true,
            companyId: created.id,
          },
          passwordHash,
        );
        const facts: RegistrationFacts = {
          companyId: created.id,
          companyName: created.name,
          street: created.street,
          houseNo: created.houseNo,
          zip: created.zip,
          city: created.city,
          additionalInfo: created.additionalInfo,
          userName: `${user.name} ${user.lastname}`,
          mail: user.mail,
          phoneNumber: user.phoneNumber,
        };
        await enqueueMails(tx, facts);
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // SPEC §5: an external guest's address is assigned by the operator, not registered anew.
      const type = await findCompanyTypeOfUserMail(db, user.mail);
      throw new AppError(type === 'EXTERNAL' ? 'EMAIL_OF_EXTERNAL_USER' : 'EMAIL_IN_USE');
    }
    return deps.authService.signIn({ email: user.mail, password: user.password }, ip, headers, {
      count: false,
    });
  }

  return { register };
}

export type RegisterService = ReturnType<typeof createRegisterService>;
