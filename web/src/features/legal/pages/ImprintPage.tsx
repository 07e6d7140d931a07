import { LegalPage } from '../components/LegalPage';

export default function ImprintPage() {
  return <LegalPage document="imprint" />;
}
