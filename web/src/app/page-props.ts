/** What the router hands every page: the parameters of its route pattern (e.g. `{ id }`). */
export interface PageProps {
  params: Record<string, string>;
}
