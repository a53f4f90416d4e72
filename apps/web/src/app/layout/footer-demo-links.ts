import type { PublicConfig } from '@anybank/contracts';

export type FooterDemoLink = 'demo-admin' | 'demo-scenarios' | 'install-app';

/**
 * The footer's "Demo" links: Demo Admin and Demo scenarios only while the
 * server's demo tools are on (a public deployment, DEMO_TOOLS=off, has neither: no link to
 * them), Install the App on iOS.
 */
export function footerDemoLinks(
  config: Pick<PublicConfig, 'demoToolsEnabled'>,
  onIos: boolean,
): FooterDemoLink[] {
  const links: FooterDemoLink[] = [];
  if (config.demoToolsEnabled) links.push('demo-admin', 'demo-scenarios');
  if (onIos) links.push('install-app');
  return links;
}
