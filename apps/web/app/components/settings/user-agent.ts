/**
 * A readable name for a User-Agent header: "Chrome on Linux", "Safari on iPhone", "curl". Enough for a person to
 * recognise their own devices on the security page; not a full parser.
 */
export interface Device {
  browser: string
  os: string
  kind: 'desktop' | 'mobile' | 'tablet' | 'client'
  label: string
}

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bVivaldi\//, 'Vivaldi'],
  [/\bYaBrowser\//, 'Yandex Browser'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bCriOS\//, 'Chrome'],
  [/\bHeadlessChrome\//, 'Headless Chrome'],
  [/\bChrom(?:e|ium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bSafari\//, 'Safari'],
]

const CLIENTS: [RegExp, string][] = [
  [/^curl\//i, 'curl'],
  [/^Wget\//i, 'Wget'],
  [/^PostmanRuntime\//i, 'Postman'],
  [/^insomnia\//i, 'Insomnia'],
  [/^python-requests\//i, 'Python (requests)'],
  [/^python-httpx\//i, 'Python (httpx)'],
  [/^(?:node-fetch|undici)\b|^node$/i, 'Node.js'],
  [/^axios\//i, 'Axios'],
  [/^okhttp\//i, 'OkHttp (Android app)'],
  [/^Dart\//i, 'Dart app'],
  [/^Go-http-client\//i, 'Go client'],
  [/^Playwright\//i, 'Playwright'],
]

function operatingSystem(ua: string): { os: string; kind: Device['kind'] } {
  if (/\biPad\b/.test(ua)) return { os: 'iPad', kind: 'tablet' }
  if (/\biPhone\b|\biPod\b/.test(ua)) return { os: 'iPhone', kind: 'mobile' }
  if (/\bAndroid\b/.test(ua)) return { os: 'Android', kind: /\bMobile\b/.test(ua) ? 'mobile' : 'tablet' }
  if (/\bCrOS\b/.test(ua)) return { os: 'ChromeOS', kind: 'desktop' }
  if (/\bWindows\b/.test(ua)) return { os: 'Windows', kind: 'desktop' }
  if (/\bMac OS X\b|\bMacintosh\b/.test(ua)) return { os: 'macOS', kind: 'desktop' }
  if (/\bLinux\b|\bX11\b/.test(ua)) return { os: 'Linux', kind: 'desktop' }
  return { os: '', kind: 'desktop' }
}

export function describeUserAgent(userAgent: string | null | undefined): Device {
  const ua = (userAgent ?? '').trim()
  if (!ua) return { browser: '', os: '', kind: 'client', label: 'Unknown device' }
  for (const [pattern, name] of CLIENTS) {
    if (pattern.test(ua)) return { browser: name, os: '', kind: 'client', label: name }
  }
  const { os, kind } = operatingSystem(ua)
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1] ?? ''
  if (!browser && !os)
    return { browser: '', os: '', kind: 'client', label: ua.length > 40 ? `${ua.slice(0, 40)}…` : ua }
  const label = browser && os ? `${browser} on ${os}` : browser || `Browser on ${os}`
  return { browser, os, kind, label }
}
