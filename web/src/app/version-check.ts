import { metaResponse } from '@portal/domain/schemas/system';

const RELOAD_MARK = 'portal.reloadedForBuild';

/**
 * SPEC §1: compare the server's build date with the bundle's; when the server's is newer, clear the
 * caches and reload once (the mark prevents a loop when the server keeps reporting a newer date).
 */
export async function checkForNewBuild(ownBuildDate: string = __BUILD_DATE__): Promise<boolean> {
  try {
    const response = await fetch('/meta.json', { cache: 'no-store' });
    if (!response.ok) return false;
    const { buildDate } = metaResponse.parse(await response.json());
    if (!(Date.parse(buildDate) > Date.parse(ownBuildDate))) return false;
    if (sessionStorage.getItem(RELOAD_MARK) === buildDate) return false;
    sessionStorage.setItem(RELOAD_MARK, buildDate);
    if ('caches' in window) {
      for (const key of await caches.keys()) await caches.delete(key);
    }
    window.location.reload();
    return true;
  } catch {
    return false;
  }
}
