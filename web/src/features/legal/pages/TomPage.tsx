import { LegalPage } from '../components/LegalPage';

export default function TomPage() {
  return <LegalPage document="tom" />;
}
