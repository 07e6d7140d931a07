import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { createActor } from './factories';
import { type Session, signIn } from './test-app';

/** The actors of the SPEC §6 authorization matrix tests, each signed in. */
export const MATRIX_ACTORS = [
  'adminAdmin',
  'adminStaff',
  'customerAdmin',
  'customerStaff',
  'supplierAdmin',
  'external',
  'signedOut',
] as const;
export type MatrixActor = (typeof MATRIX_ACTORS)[number];

export interface MatrixWorld {
  sessions: Record<Exclude<MatrixActor, 'signedOut'>, Session>;
  ids: {
    operatorCompanyId: string;
    customerCompanyId: string;
    supplierCompanyId: string;
    externalCompanyId: string;
    customerStaffUserId: string;
    customerAdminUserId: string;
    supplierAdminUserId: string;
  };
}

export async function createMatrixWorld(app: FastifyInstance, db: Db): Promise<MatrixWorld> {
  const adminAdmin = await createActor(db, 'ADMIN', { admin: true });
  const adminStaff = await createActor(db, 'ADMIN', { companyId: adminAdmin.company.id });
  const customerAdmin = await createActor(db, 'CUSTOMER', { admin: true });
  const customerStaff = await createActor(db, 'CUSTOMER', { companyId: customerAdmin.company.id });
  const supplierAdmin = await createActor(db, 'SUPPLIER', { admin: true });
  const external = await createActor(db, 'EXTERNAL');
  const sessions = {
    adminAdmin: await signIn(app, adminAdmin.user.email),
    adminStaff: await signIn(app, adminStaff.user.email),
    customerAdmin: await signIn(app, customerAdmin.user.email),
    customerStaff: await signIn(app, customerStaff.user.email),
    supplierAdmin: await signIn(app, supplierAdmin.user.email),
    external: await signIn(app, external.user.email),
  };
  return {
    sessions,
    ids: {
      operatorCompanyId: adminAdmin.company.id,
      customerCompanyId: customerAdmin.company.id,
      supplierCompanyId: supplierAdmin.company.id,
      externalCompanyId: external.company.id,
      customerStaffUserId: customerStaff.user.id,
      customerAdminUserId: customerAdmin.user.id,
      supplierAdminUserId: supplierAdmin.user.id,
    },
  };
}

export function sessionOf(world: MatrixWorld, actor: MatrixActor): Session | null {
  return actor === 'signedOut' ? null : world.sessions[actor];
}
