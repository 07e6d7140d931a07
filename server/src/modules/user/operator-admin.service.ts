import { unusablePasswordHash } from '../../auth/password';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { JobQueue } from '../../jobs/queue';
import { findCompanies, insertCompany } from '../company';
import { inviteUser } from './invite-user';
import {
  existsActiveOperatorAdmin,
  insertUserWithPassword,
  lockOperatorAdminCreation,
} from './user.repository';
import { findUserByEmail } from './user-admin.repository';

export interface OperatorAdminInput {
  /** Already checked and lower-cased by the caller. */
  email: string;
  name: string;
  lastname: string;
  /** The name of the operator company when there is none yet; an existing one keeps its name. */
  companyName: string;
}

export interface CreatedOperatorAdmin {
  userId: string;
  email: string;
  companyId: string;
  companyName: string;
  /** Whether the operator company was created now (false: the admin joined the existing one). */
  companyCreated: boolean;
  /** The invitation's code, for a caller that has to show the link itself. */
  invitationCode: string;
}

const UNIQUE_VIOLATION = '23505';

function isUniqueViolation(error: unknown): boolean {
  const { code, cause } = error as { code?: string; cause?: { code?: string } };
  return code === UNIQUE_VIOLATION || cause?.code === UNIQUE_VIOLATION;
}

/**
 * Creates an operator administrator without anyone signed in (the installation's first admin, made on the
 * command line): joins the active operator company (SPEC §2: type ADMIN) or creates it when there is none,
 * and mails the same invitation as a user created in the portal, committed with the user. The account has
 * an unusable random password until the invitation link sets one. An address in use is refused with
 * EMAIL_IN_USE, also a guest's: an existing account is never turned into an administrator here.
 */
export async function createOperatorAdmin(
  deps: { db: Db; queue: JobQueue; baseUrl: string },
  input: OperatorAdminInput,
): Promise<CreatedOperatorAdmin> {
  const passwordHash = await unusablePasswordHash();
  try {
    return await deps.db.transaction(async (tx) => {
      // Two first-admin creations at once must not create two operator companies.
      await lockOperatorAdminCreation(tx);
      if (await findUserByEmail(tx, input.email)) throw new AppError('EMAIL_IN_USE');
      const { rows } = await findCompanies(tx, {
        type: 'ADMIN',
        activeOnly: true,
        page: 0,
        pageSize: 1,
        column: 'name',
        descending: false,
      });
      const company = rows[0] ?? (await insertCompany(tx, { name: input.companyName, type: 'ADMIN' }));
      const user = await insertUserWithPassword(
        tx,
        {
          name: input.name,
          lastname: input.lastname,
          email: input.email,
          admin: true,
          companyId: company.id,
        },
        passwordHash,
      );
      const invitationCode = await inviteUser(tx, deps, user, company.name);
      return {
        userId: user.id,
        email: user.email,
        companyId: company.id,
        companyName: company.name,
        companyCreated: rows.length === 0,
        invitationCode,
      };
    });
  } catch (error) {
    // The same address created in the portal at the same moment: the unique index decides.
    if (isUniqueViolation(error)) throw new AppError('EMAIL_IN_USE');
    throw error;
  }
}

/** Whether an administrator of an active operator company exists (else nobody can manage the portal). */
export async function hasOperatorAdmin(db: Db): Promise<boolean> {
  return existsActiveOperatorAdmin(db);
}
