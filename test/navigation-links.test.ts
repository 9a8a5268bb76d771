import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROLE_NAMES, type RoleName } from '@meridian/auth'
import { OVERVIEW_SECTION_IDS } from '@meridian/core'
import { seedDemoWorld } from '@meridian/core/seed'
import { type FullServer, startFullServer } from './support/full-server.ts'

/**
 * Every link a role is shown leads somewhere real (issue 25 item 7): for each demo account, in the demo world, the
 * links of its sidebar, its header, its Quick Access cards and its overview's sections, read from the rendered
 * /dashboard/overview (what the user sees, not the table behind it), each opened as a browser would (redirects
 * followed, landing where it points). An anchor must name a section of the overview; every other target must answer 200 with its own heading
 * and none of: a refusal, a missing page, a screen still to be built, an error screen, an error banner.
 */
let server: FullServer

beforeAll(async () => {
  server = await startFullServer()
  await seedDemoWorld(server.app)
}, 180_000)
afterAll(() => server?.close())

/** The HTML of the element whose start tag contains `marker`, with everything inside it. */
function elementAt(html: string, at: number): string {
  const start = html.lastIndexOf('<', at)
  const tag = /^<([a-zA-Z0-9]+)/.exec(html.slice(start))![1]!
  const pattern = new RegExp(`<(/?)${tag}\\b[^>]*?(/?)>`, 'g')
  pattern.lastIndex = start
  let depth = 0
  for (let m = pattern.exec(html); m; m = pattern.exec(html)) {
    if (m[2]) continue
    depth += m[1] ? -1 : 1
    if (depth === 0) return html.slice(start, m.index + m[0].length)
  }
  throw new Error(`<${tag}> at ${start} is not closed`)
}

function elementsWith(html: string, marker: string): string[] {
  const found: string[] = []
  for (let at = html.indexOf(marker); at >= 0; at = html.indexOf(marker, at + marker.length)) found.push(elementAt(html, at))
  return found
}

const decode = (s: string) => s.replaceAll('&amp;', '&').replaceAll('&#x27;', "'").replaceAll('&quot;', '"')

/** The targets of the links (`<a href>`) in a piece of HTML. */
function hrefs(html: string): string[] {
  return [...html.matchAll(/<a\b[^>]*?\shref="([^"]*)"/g)].map((m) => decode(m[1]!))
}

/** What a screen that is not real content shows, by the words it shows them in. */
const NOT_CONTENT: [string, RegExp][] = [
  ['a refusal', /Access Denied|>403</],
  ['a missing page', /Page not found|Not Found|data-testid="not-found"/],
  ['a screen still to be built', /Coming soon|This screen is being built/],
  ['an error screen', /Something went wrong|Unexpected Server Error|Internal Server Error/],
  // The screens' red banner (ErrorBanner): a Mantine alert in red.
  ['an error banner', /<div\b(?=[^>]*mantine-Alert-root)(?=[^>]*color-red)[^>]*>/],
]

interface Links {
  sidebar: string[]
  header: string[]
  quickAccess: string[]
  sections: string[]
  sectionIds: string[]
}

async function overviewLinks(cookie: string): Promise<Links> {
  const res = await fetch(`${server.url}/dashboard/overview`, { headers: { Cookie: cookie } })
  expect(res.status).toBe(200)
  const html = await res.text()
  const main = elementsWith(html, '<main')[0] ?? ''
  const sections = elementsWith(main, '<section')
  return {
    sidebar: elementsWith(html, 'data-testid="sidebar-nav"').flatMap(hrefs),
    header: elementsWith(html, '<header').flatMap(hrefs),
    quickAccess: elementsWith(main, 'data-testid="quick-access-card"').flatMap(hrefs),
    sections: sections.flatMap(hrefs),
    sectionIds: sections.map((s) => /^<section\b[^>]*\sid="([^"]+)"/.exec(s)?.[1]).filter((id): id is string => Boolean(id)),
  }
}

async function open(path: string, cookie: string) {
  const res = await fetch(`${server.url}${path}`, { headers: { Cookie: cookie } })
  const body = await res.text()
  const wrong = NOT_CONTENT.filter(([, pattern]) => pattern.test(body)).map(([what]) => what)
  const main = elementsWith(body, '<main')[0] ?? ''
  return { status: res.status, url: new URL(res.url).pathname, wrong, heading: /<h1\b/.test(main), main }
}

/**
 * The links of the records a screen lists (a customer card's View Profile and Chat, a booking row, a trip card): the
 * links inside its <main> to other screens, one per shape (ids read as N), so a list of fifty cards is followed once
 * per kind of button. Files (downloads, exports, media) are not screens.
 */
function recordLinks(main: string, from: string): string[] {
  const shapes = new Set<string>()
  const found: string[] = []
  for (const m of main.matchAll(/<a\b([^>]*?)\shref="([^"]*)"/g)) {
    const to = decode(m[2]!)
    if (/\sdownload\b/.test(m[1]!) || !to.startsWith('/dashboard/') || to.includes('#') || /\/(export|download|file)\b|[?&]format=/.test(to)) continue
    const [path, query = ''] = to.split('?')
    // Filters, pages and sorting of the same list are the list again.
    if (path === from) continue
    const shape = `${path!.replace(/\d+/g, 'N')}?${[...new URLSearchParams(query).keys()].sort().join('&')}`
    if (shapes.has(shape)) continue
    shapes.add(shape)
    found.push(to)
  }
  return found
}

describe('the check', () => {
  it('tells a refusal and a screen that does not exist from real content', async () => {
    const traveler = (await server.credentials('traveler')).cookie
    for (const [path, cookie] of [
      ['/dashboard/media', traveler],
      ['/dashboard/users', (await server.credentials('admin')).cookie],
    ] as const) {
      const refused = await open(path, cookie)
      expect(refused.status, path).toBe(403)
      expect(refused.wrong, path).toContain('a refusal')
    }
    expect(await open('/dashboard/no-such-screen', traveler)).toMatchObject({ status: 200, url: '/dashboard/overview' })
    expect(await open('/dashboard/trips', traveler)).toMatchObject({ status: 200, url: '/dashboard/trips', wrong: [], heading: true })
  })
})

describe.each(ROLE_NAMES.map((role) => [role]))('every link the %s is shown', (role: RoleName) => {
  it('opens a screen with real content', async () => {
    const { cookie } = await server.credentials(role)
    const links = await overviewLinks(cookie)
    expect(links.sidebar.length, 'sidebar links').toBeGreaterThan(0)
    expect(links.quickAccess.length, 'Quick Access cards').toBeGreaterThan(0)

    const all = [...links.sidebar, ...links.header, ...links.quickAccess, ...links.sections]
    const anchors = all.filter((to) => to.includes('#'))
    for (const to of anchors) {
      const [path, id] = to.split('#')
      expect(path === '' || path === '/dashboard/overview', to).toBe(true)
      expect(links.sectionIds, `${role}: ${to} names no section of the overview`).toContain(id)
    }
    // Each anchored section shown is one the sidebar links to (the menu and the page agree).
    const sidebarAnchors = links.sidebar.filter((to) => to.includes('#')).map((to) => to.split('#')[1])
    const anchored = links.sectionIds.filter((id) => (OVERVIEW_SECTION_IDS as readonly string[]).includes(id))
    expect(new Set(anchored), `${role}: sections shown`).toEqual(new Set(sidebarAnchors))

    const targets = [...new Set(all.filter((to) => to.startsWith('/') && !to.includes('#')))]
    const opened = await Promise.all(targets.map(async (to) => ({ to, ...(await open(to, cookie)) })))
    const failures = opened
      // Landing elsewhere is a failure too: an unknown dashboard path is sent to the overview.
      .filter((o) => o.status !== 200 || o.wrong.length > 0 || !o.heading || o.url !== new URL(o.to, server.url).pathname)
      .map((o) => `${o.to} → ${o.status} ${o.url}${o.wrong.length ? `: ${o.wrong.join(', ')}` : ''}${o.heading ? '' : ' (no heading)'}`)
    expect(failures, `${role}: links that lead nowhere real`).toEqual([])

    // One level down: the buttons and links of the records those screens list lead somewhere real too (a Chat
    // button that only answers 'refused' should not be shown).
    const seen = new Set(targets)
    const from = new Map<string, string>()
    for (const o of opened.filter((x) => x.status === 200)) for (const to of recordLinks(o.main, o.url)) if (!seen.has(to) && !from.has(to)) from.set(to, o.url)
    expect(from.size, `${role}: record links`).toBeGreaterThan(0)
    const followed = await Promise.all([...from.keys()].map(async (to) => ({ to, ...(await open(to, cookie)) })))
    // A record link may land elsewhere on purpose (Chat with a traveler opens the conversation they already have).
    const dead = followed
      .filter((o) => o.status !== 200 || o.wrong.length > 0 || !o.heading)
      .map((o) => `${o.to} (on ${from.get(o.to)}) → ${o.status} ${o.url}${o.wrong.length ? `: ${o.wrong.join(', ')}` : ''}${o.heading ? '' : ' (no heading)'}`)
    expect(dead, `${role}: record links that lead nowhere real`).toEqual([])
  }, 180_000)
})
