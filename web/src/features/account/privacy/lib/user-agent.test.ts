// The sessions list's device wording from real User-Agent headers of the browsers people sign in with.
import { describe, expect, it } from 'vitest'
import { describeUserAgent, parseUserAgent } from './user-agent'

const agents = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  headlessChromeLinux:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
  firefoxMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:133.0) Gecko/20100101 Firefox/133.0',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  chromeIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  firefoxIpad:
    'Mozilla/5.0 (iPad; CPU OS 17_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/133.0 Mobile/15E148 Safari/605.1.15',
  chromeAndroidPhone:
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  samsungAndroidTablet:
    'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Safari/537.36',
  operaWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0',
  chromeOs:
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  firefoxLinux: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  node: 'node',
}

describe('describeUserAgent', () => {
  it.each([
    [agents.chromeWindows, 'Chrome on Windows'],
    [agents.headlessChromeLinux, 'Chrome on Linux'],
    [agents.edgeWindows, 'Edge on Windows'],
    [agents.firefoxMac, 'Firefox on macOS'],
    [agents.safariMac, 'Safari on macOS'],
    [agents.safariIphone, 'Safari on iPhone'],
    [agents.chromeIphone, 'Chrome on iPhone'],
    [agents.firefoxIpad, 'Firefox on iPad'],
    [agents.chromeAndroidPhone, 'Chrome on Android'],
    [agents.samsungAndroidTablet, 'Samsung Internet on Android'],
    [agents.operaWindows, 'Opera on Windows'],
    [agents.chromeOs, 'Chrome on ChromeOS'],
    [agents.firefoxLinux, 'Firefox on Linux'],
    [agents.node, 'Node.js'],
  ])('reads %s as "%s"', (userAgent, expected) => {
    expect(describeUserAgent(userAgent)).toBe(expected)
  })

  it('says "Unknown device" for a missing, empty or unrecognised header', () => {
    expect(describeUserAgent(null)).toBe('Unknown device')
    expect(describeUserAgent(undefined)).toBe('Unknown device')
    expect(describeUserAgent('   ')).toBe('Unknown device')
    expect(describeUserAgent('SomeBot/1.0')).toBe('Unknown device')
  })
})

describe('parseUserAgent device kind', () => {
  it.each([
    [agents.chromeWindows, 'desktop'],
    [agents.safariMac, 'desktop'],
    [agents.headlessChromeLinux, 'desktop'],
    [agents.safariIphone, 'mobile'],
    [agents.chromeAndroidPhone, 'mobile'],
    [agents.firefoxIpad, 'tablet'],
    [agents.samsungAndroidTablet, 'tablet'],
    ['SomeBot/1.0', 'unknown'],
  ] as const)('classes %s as %s', (userAgent, kind) => {
    expect(parseUserAgent(userAgent).device).toBe(kind)
  })
})
