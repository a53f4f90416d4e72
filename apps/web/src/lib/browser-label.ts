/** "Chrome 156 on Linux", or what the user agent said of it, or `unknown`. */
export function browserLabel(
  agent: { browser: string | null; platform: string | null },
  onPlatform: (browser: string, platform: string) => string,
  unknown: string,
): string {
  if (agent.browser && agent.platform) return onPlatform(agent.browser, agent.platform);
  return agent.browser ?? agent.platform ?? unknown;
}
