import { LegalPage } from '../components/LegalPage';

export default function SubcontractorsPage() {
  return <LegalPage document="subcontractors" />;
}
