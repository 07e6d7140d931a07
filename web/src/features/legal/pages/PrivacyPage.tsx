import { LegalPage } from '../components/LegalPage';

export default function PrivacyPage() {
  return <LegalPage document="privacy" />;
}
