/** The company module's public face for other modules: the look-ups and the insert they need. */
export { findCompanies, findCompany, insertCompany } from './company.repository';
