import type { FastifyPluginAsync } from 'fastify';
import type { Auth } from '../../auth/better-auth';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { createAuthService } from '../auth';
import { passwordResetRoutes } from './password-reset.routes';
import { createPasswordResetService } from './password-reset.service';
import { profileRoutes } from './profile.routes';
import { createProfileService } from './profile.service';
import { registerRoutes } from './register.routes';
import { createRegisterService } from './register.service';

export interface AccountRoutesOptions {
  db: Db;
  auth: Auth;
  queue: JobQueue;
  baseUrl: string;
  bookingUrl?: string;
  docsUrl?: string;
}

/** SPEC §2, §7: registration, password reset by mail, profile and password change. */
export const accountRoutes: FastifyPluginAsync<AccountRoutesOptions> = async (app, options) => {
  const { db, auth, queue, baseUrl } = options;
  const authService = createAuthService({ db, auth });
  await app.register(registerRoutes, {
    service: createRegisterService({ db, queue, authService, baseUrl }),
  });
  await app.register(passwordResetRoutes, {
    service: createPasswordResetService({ db, queue, baseUrl }),
  });
  await app.register(profileRoutes, {
    service: createProfileService({ db, auth, bookingUrl: options.bookingUrl, docsUrl: options.docsUrl }),
  });
};
