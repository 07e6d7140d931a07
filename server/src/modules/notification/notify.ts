import type { NotificationAction, NotificationEntity, NotificationLevel } from '@portal/domain/enums';
import type { DbOrTx } from '../../db/client';
import { recordLiveEvent } from '../../events/live-events';
import { insertNotificationsForCompanies } from './notification.repository';

/** One event of the business as the people of the receiving companies read it (SPEC §3 Notification). */
export interface NotificationEvent {
  /** The companies whose users are told (only customers and suppliers have the bell: SPEC §6). */
  companyIds: readonly string[];
  entity: NotificationEntity;
  action: NotificationAction;
  level?: NotificationLevel;
  /** German, complete: the panel, the /messages page and the digest mail show it as it is. */
  text: string;
  /** A path inside the portal to open (e.g. `/offer/{id}`). */
  link?: string | null;
  /** Only the admins of the receiving companies (e.g. what concerns a project folder's settings). */
  adminsOnly?: boolean;
  /** Not told: the one who caused it (a colleague of the same company still is). */
  exceptUserId?: string;
  /** Not again for whoever still has an unread notification with the same link (a chatty conversation). */
  collapseUnread?: boolean;
  /** The lists (enquiries, offers) of the receiving companies that changed with the event. */
  list?: { entity: 'enquiry' | 'offer'; id: string; alsoCompanyIds?: readonly string[] };
}

/**
 * ARCHITECTURE §3a: writes the notification rows of an event inside the caller's transaction, set-based (one
 * row per user of every receiving company: active customer and supplier companies only), and records the live
 * events that tell the open streams: both are gone if the transaction rolls back.
 */
export async function notifyCompanies(tx: DbOrTx, event: NotificationEvent): Promise<void> {
  const companyIds = [...new Set(event.companyIds)];
  if (companyIds.length === 0) return;
  await insertNotificationsForCompanies(
    tx,
    companyIds,
    {
      entity: event.entity,
      action: event.action,
      level: event.level ?? 'info',
      text: event.text,
      link: event.link ?? null,
    },
    event,
  );
  await recordLiveEvent(tx, { companyIds }, 'notification', {});
  if (event.list) {
    const { alsoCompanyIds = [], ...list } = event.list;
    await recordLiveEvent(tx, { companyIds: [...companyIds, ...alsoCompanyIds] }, 'list', list);
  }
}
