import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { createActor } from './factories';
import { type Session, signIn } from './test-app';

/**
 * The callers of the field-value tests: operator admin, operator staff (reads only), a customer admin, and a
 * second operator admin (two people editing the same record).
 */
export interface FieldValueSessions {
  admin: Session;
  otherAdmin: Session;
  staff: Session;
  customer: Session;
}

export async function createFieldValueSessions(app: FastifyInstance, db: Db): Promise<FieldValueSessions> {
  const admin = await createActor(db, 'ADMIN', { admin: true });
  const otherAdmin = await createActor(db, 'ADMIN', { admin: true, companyId: admin.company.id });
  const staff = await createActor(db, 'ADMIN', { companyId: admin.company.id });
  const customer = await createActor(db, 'CUSTOMER', { admin: true });
  return {
    admin: await signIn(app, admin.user.email),
    otherAdmin: await signIn(app, otherAdmin.user.email),
    staff: await signIn(app, staff.user.email),
    customer: await signIn(app, customer.user.email),
  };
}
