import { PUBLIC_CONFIG_META_NAME } from '@anybank/contracts';
import type { PublicConfig } from '@anybank/contracts';
import { parsePublicConfig } from './public-config';

function readPublicConfig(): PublicConfig {
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${PUBLIC_CONFIG_META_NAME}"]`);
  return parsePublicConfig(meta ? meta.content : null, window.location);
}

/** The server's public configuration, read once from index.html at start. */
export const publicConfig: PublicConfig = readPublicConfig();
