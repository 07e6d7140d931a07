import { LegalPage } from '../components/LegalPage';

export default function AvbPage() {
  return <LegalPage document="avb" />;
}
