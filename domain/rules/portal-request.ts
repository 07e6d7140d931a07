/**
 * The header the web app's own fetch calls send (ASVS 3.5.3). A page of another site cannot add a custom
 * header to a request to the portal without a CORS preflight the portal never grants, so it proves that
 * the portal's own page sent the request, also on plain-HTTP intranet hosts where browsers send no
 * `Sec-Fetch-*` headers. The server asks for it on GET routes that change data.
 */
export const PORTAL_REQUEST_HEADERS = { 'x-portal-request': '1' } as const;
