import type { PublicConfig } from '@anybank/contracts';

export type FooterDemoLink = 'demo-admin' | 'install-app';

/**
 * The footer's "Demo" links: Demo Admin only while the server's demo tools are on (a public
 * deployment, DEMO_TOOLS=off, has no demo admin: no link to it), Install the App on iOS.
 */
export function footerDemoLinks(
  config: Pick<PublicConfig, 'demoToolsEnabled'>,
  onIos: boolean,
): FooterDemoLink[] {
  const links: FooterDemoLink[] = [];
  if (config.demoToolsEnabled) links.push('demo-admin');
  if (onIos) links.push('install-app');
  return links;
}
