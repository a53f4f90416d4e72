/**
 * Where the server answers as an API rather than with the SPA's pages: the bank's API, the OAuth
 * server, the bank site's OAuth return, the health checks and the metrics (README "Metrics": off, a
 * scraper gets the API's 404, not the app's page). The SPA fallback leaves them alone
 * (an unknown path there is a 404), and the API reference documents what is under them.
 */
const API_PATH_PREFIXES = [
  '/api/',
  '/as/',
  '/ext/',
  '/.well-known/',
  '/healthz',
  '/readyz',
  '/metrics',
];

/** Whether `pathname` (with the base path the server is mounted under) belongs to the API. */
export function isApiPath(pathname: string, basePath: string): boolean {
  return API_PATH_PREFIXES.some((prefix) => pathname.startsWith(`${basePath}${prefix}`));
}
