// Turns a session's User-Agent header into the words the sessions list shows ("Chrome on Windows", "Safari on
// iPhone"). A small ordered set of rules for the browsers and systems people use, not a full parser: anything else
// reads as "Unknown browser" / "unknown device" rather than a guess.

export type DeviceKind = 'desktop' | 'mobile' | 'tablet' | 'unknown'

export interface ParsedUserAgent {
  browser: string | null
  os: string | null
  device: DeviceKind
}

// Order matters: Edge, Opera, Samsung Internet and the in-app iOS browsers all carry "Chrome" or "Safari" too.
const browserRules: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bCriOS\//, 'Chrome'],
  [/\b(?:Headless)?Chrom(?:e|ium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\b(?:iPhone|iPad|iPod)\b.*\bAppleWebKit\//, 'Safari'],
  [/\bnode\b|\bundici\b/i, 'Node.js'],
  [/\bcurl\//, 'curl'],
]

const osRules: [RegExp, string][] = [
  [/\biPad\b/, 'iPad'],
  [/\biPhone\b|\biPod\b/, 'iPhone'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
]

function firstMatch(userAgent: string, rules: [RegExp, string][]): string | null {
  return rules.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null
}

function deviceKind(userAgent: string, os: string | null): DeviceKind {
  if (os === 'iPad' || /\bTablet\b/.test(userAgent) || (os === 'Android' && !/\bMobile\b/.test(userAgent))) {
    return 'tablet'
  }
  if (os === 'iPhone' || os === 'Android' || /\bMobile\b/.test(userAgent)) return 'mobile'
  if (os) return 'desktop'
  return 'unknown'
}

export function parseUserAgent(userAgent: string | null | undefined): ParsedUserAgent {
  const ua = userAgent?.trim() ?? ''
  if (!ua) return { browser: null, os: null, device: 'unknown' }
  const os = firstMatch(ua, osRules)
  return { browser: firstMatch(ua, browserRules), os, device: deviceKind(ua, os) }
}

/** "Firefox on Windows", "Chrome", "macOS", or "Unknown device". */
export function describeUserAgent(userAgent: string | null | undefined): string {
  const { browser, os } = parseUserAgent(userAgent)
  if (browser && os) return `${browser} on ${os}`
  return browser ?? os ?? 'Unknown device'
}
