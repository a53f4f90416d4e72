/** iPhone, iPad and iPod browsers: only they are offered the app install link. */
export function isIosUserAgent(userAgent: string): boolean {
  return /iPad|iPhone|iPod/.test(userAgent);
}
