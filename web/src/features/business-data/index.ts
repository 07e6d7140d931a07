/** Project folders (SPEC §6): the pages and the operator's folder defaults card. */
export { FolderDefaultsCard } from './components/FolderDefaultsCard';
export { FolderDetailPage, FolderInvitePage, FolderListPage, FolderPublicPage } from './routes';
