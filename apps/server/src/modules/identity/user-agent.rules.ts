/**
 * What a user agent says of a browser and its platform, in words a person recognises ("Chrome
 * 156 on Linux"): for the sessions list, the remembered browsers and the phone's sign-in
 * requests. Pure; major versions only (enough to recognise a browser, too little to track one).
 */

export interface BrowserDescription {
  /** "Chrome 131", "Safari 18", or null when the user agent names no browser we know. */
  browser: string | null;
  /** "Windows", "macOS", "iPhone", or null when it names no platform we know. */
  platform: string | null;
}

/**
 * Browsers, most specific first: Edge, Opera and Samsung Internet say "Chrome" too, Chrome says
 * "Safari", and each iOS browser has a token of its own beside Safari's.
 */
const BROWSERS: readonly { name: string; token: RegExp }[] = [
  { name: 'Edge', token: /\bEdg(?:e|A|iOS)?\/(\d+)/ },
  { name: 'Opera', token: /\b(?:OPR|OPiOS)\/(\d+)/ },
  { name: 'Samsung Internet', token: /\bSamsungBrowser\/(\d+)/ },
  { name: 'Firefox', token: /\b(?:Firefox|FxiOS)\/(\d+)/ },
  { name: 'Chrome', token: /\b(?:Chrome|CriOS)\/(\d+)/ },
  { name: 'Safari', token: /\bVersion\/(\d+)[.\d]* (?:Mobile\/\S+ )?Safari\// },
];

/** Platforms, most specific first: an iPad or Android phone also says "like Mac OS X" or "Linux". */
const PLATFORMS: readonly { name: string; token: RegExp }[] = [
  { name: 'iPhone', token: /\biPhone\b/ },
  { name: 'iPad', token: /\biPad\b/ },
  { name: 'Android', token: /\bAndroid\b/ },
  { name: 'ChromeOS', token: /\bCrOS\b/ },
  { name: 'Windows', token: /\bWindows\b/ },
  { name: 'macOS', token: /\bMacintosh\b|\bMac OS X\b/ },
  { name: 'Linux', token: /\bLinux\b|\bX11\b/ },
];

/** The browser and platform a user agent names (major version only: enough to recognise it). */
export function describeUserAgent(userAgent: string): BrowserDescription {
  let browser: string | null = null;
  for (const candidate of BROWSERS) {
    const match = candidate.token.exec(userAgent);
    if (match) {
      browser = `${candidate.name} ${match[1]}`;
      break;
    }
  }
  const platform = PLATFORMS.find((candidate) => candidate.token.test(userAgent))?.name ?? null;
  return { browser, platform };
}

/** "Chrome 156 on Linux", or as much as the user agent tells, or `unknown`. */
export function userAgentLabel(userAgent: string, unknown: string): string {
  const { browser, platform } = describeUserAgent(userAgent);
  if (browser && platform) return `${browser} on ${platform}`;
  return browser ?? platform ?? unknown;
}
