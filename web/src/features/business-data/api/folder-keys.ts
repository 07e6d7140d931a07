/** The project folder's cache keys; every change to a folder invalidates its `folderQueryKey`. */
export const folderListKey = ['business-data', 'list'] as const;
export const folderQueryKey = (folderId: string) => ['business-data', 'folder', folderId] as const;
export const folderLogKey = (folderId: string) => ['business-data', 'log', folderId] as const;
export const folderDefaultsKey = ['business-data', 'defaults'] as const;

/** The calls' common prefix (SPEC §7 /offer/businessdata). */
export const FOLDER_API = '/offer/businessdata';
