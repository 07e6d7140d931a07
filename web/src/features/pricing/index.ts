/** The supplier's pricing settings page (profile, admins only). */
export { PricingSettingsPage } from './routes';
