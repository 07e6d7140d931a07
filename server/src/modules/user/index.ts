/**
 * The user module's public face: routes and services, the operator admin of the CLI, and the user look-ups
 * and inserts that registration, project-folder invitations, demo data and tests need, and the login counter
 * every sign-in advances.
 */
export { inviteUser } from './invite-user';
export { type CreatedOperatorAdmin, createOperatorAdmin, hasOperatorAdmin } from './operator-admin.service';
export { incrementLoginCounter, insertUserWithPassword } from './user.repository';
export { userRoutes } from './user.routes';
export { createUserService } from './user.service';
export { deleteSessionsOf, findUserByEmail } from './user-admin.repository';
export { userAdminRoutes } from './user-admin.routes';
export { createUserAdminService } from './user-admin.service';
