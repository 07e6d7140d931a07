/** Notifications: the bell in the shell, the digest settings card of the profile and the messages page. */
export { DigestSettingsCard } from './components/DigestSettingsCard';
export { NotificationBell } from './components/NotificationBell';
export { MessagesPage } from './routes';
