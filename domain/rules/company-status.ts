/** SPEC §4: inactive (not active), pending (active with pendingRegistration), active. */
export type CompanyStatus = 'inactive' | 'pending' | 'active';

export function companyStatus(company: { active: boolean; pendingRegistration: boolean }): CompanyStatus {
  if (!company.active) return 'inactive';
  return company.pendingRegistration ? 'pending' : 'active';
}
