export { ArchivedListFilters } from './ArchivedListFilters';
export { DeleteSelectedButton } from './DeleteSelectedButton';
export { displayColumn } from './display-column';
export { ListPageHeader } from './ListPageHeader';
export { pageProps } from './page-props';
export {
  type BulkDelete,
  type BulkDeleteOptions,
  type BulkMutation,
  type BulkResult,
  useBulkDelete,
} from './use-bulk-delete';
export { useListSearch } from './use-list-search';
export { useUrlFilter, useUrlFlag } from './use-url-filter';
