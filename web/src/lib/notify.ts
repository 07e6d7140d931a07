import { notifications } from '@mantine/notifications';
import type { NotificationAction, NotificationEntity } from '@portal/domain/enums';
import i18n from './i18n';

type Stage = 'pending' | 'success' | 'error';

const COLORS: Record<Stage, string> = { pending: 'blue', success: 'green', error: 'red' };

/**
 * Toasts with the keys `notification.{entity}.{action}.{pending|success|error}` (SPEC §8); top-right,
 * closing after 5000 ms (configured once in the providers).
 */
export function notify(
  entity: NotificationEntity,
  action: NotificationAction,
  stage: Stage,
  detail?: string,
): void {
  const key = `notification:${entity}.${action}.${stage}`;
  // Keys are built from the SPEC's entity and action kinds; missing ones fall back to the generic text.
  const translate = i18n.t as unknown as (key: string) => string;
  const title = i18n.exists(key) ? translate(key) : translate(`notification:generic.${stage}`);
  // The result of an action takes the place of its pending toast ("Datei wird hochgeladen …"), so the two
  // never stand side by side.
  const id = `${entity}.${action}`;
  if (stage !== 'pending') notifications.hide(id);
  notifications.show({
    ...(stage === 'pending' ? { id, loading: true, autoClose: false } : {}),
    title,
    message: detail ?? '',
    color: COLORS[stage],
    withBorder: true,
  });
}

export function notifyWarning(message: string): void {
  notifications.show({ title: i18n.t('common:warning'), message, color: 'yellow', withBorder: true });
}

export function notifyError(message: string): void {
  notifications.show({ title: i18n.t('common:error'), message, color: 'red', withBorder: true });
}

export function notifySuccess(message: string): void {
  notifications.show({ title: i18n.t('common:success'), message, color: 'green', withBorder: true });
}
