import { COMPANY_TYPES } from '@portal/domain/enums';
import { pgEnum } from 'drizzle-orm/pg-core';

export const companyTypeEnum = pgEnum('company_type', COMPANY_TYPES);
