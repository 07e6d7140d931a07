/** The company module's public face: routes and service, and the look-ups and the insert other modules need. */
export {
  findActiveSupplierMembers,
  findCompanies,
  findCompany,
  findCompanyMembers,
  insertCompany,
} from './company.repository';
export { companyRoutes } from './company.routes';
export { createCompanyService } from './company.service';
