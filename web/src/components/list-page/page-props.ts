/** The answer of a paged list call (SPEC §7): one page of rows and the total. */
interface PagedQuery<T> {
  data?: { content: T[]; totalElements: number };
  isFetching: boolean;
}

/** The rows, total and loading state of `DataTable` from a paged list query, to spread. */
export function pageProps<T>(query: PagedQuery<T>): { rows: T[]; total: number; loading: boolean } {
  return {
    rows: query.data?.content ?? [],
    total: query.data?.totalElements ?? 0,
    loading: query.isFetching,
  };
}
