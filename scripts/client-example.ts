// `npm run client:example`: the typed client (docs/api-client.md) from a tool's side. Signs in (or takes a token),
// asks who it is, then a few procedures in one batched request, and prints short readable results.
//
//   MERIDIAN_URL       the server (default http://localhost:3000)
//   MERIDIAN_TOKEN     a bearer access token, or else
//   MERIDIAN_USERNAME  and MERIDIAN_PASSWORD: signs in for a token pair (and signs out at the end)
//
// Exits 1 with one line on stderr when the server cannot be reached or refuses the credentials. The token and the
// password are never printed.
import { createMeridianClient, describeError, errorCode, type MeridianClient, signIn, signOut } from '@meridian/api/client'

class Fatal extends Error {}

const url = process.env.MERIDIAN_URL?.trim() || 'http://localhost:3000'
const token = process.env.MERIDIAN_TOKEN?.trim()
const username = process.env.MERIDIAN_USERNAME?.trim()
const password = process.env.MERIDIAN_PASSWORD

/** The server's address as shown: without any user:password part. */
function shownUrl(value: string): string {
  try {
    const parsed = new URL(value)
    parsed.username = ''
    parsed.password = ''
    return parsed.href.replace(/\/$/, '')
  } catch {
    throw new Fatal(`MERIDIAN_URL is not a URL: ${JSON.stringify(value)}`)
  }
}

/** A failed call as the one line the tool ends with. */
function fatal(error: unknown, what: string): Fatal {
  const code = errorCode(error)
  if (code === 'UNAUTHORIZED') {
    const fix = token ? 'check MERIDIAN_TOKEN (access tokens expire; sign in again for a new one)' : 'check MERIDIAN_USERNAME and MERIDIAN_PASSWORD'
    return new Fatal(`${what}: the server refused the credentials (${describeError(error)}); ${fix}.`)
  }
  if (code === undefined) return new Fatal(`${what}: ${describeError(error)} at ${shownUrl(url)}; check MERIDIAN_URL and that the server is running.`)
  return new Fatal(`${what}: ${describeError(error)}`)
}

/** One section's result, or the reason this account cannot see it (the other sections still print). */
async function section<T>(label: string, call: Promise<T>, show: (value: T) => string): Promise<string> {
  try {
    return `${label}: ${show(await call)}`
  } catch (error) {
    const code = errorCode(error)
    if (code === 'FORBIDDEN') return `${label}: not open to this account`
    if (code === 'UNAUTHORIZED' || code === undefined) throw fatal(error, label)
    return `${label}: ${describeError(error)}`
  }
}

async function main() {
  const server = shownUrl(url)
  let meridian: MeridianClient
  let refresh: string | undefined
  if (token) {
    meridian = createMeridianClient({ url, token })
  } else if (username && password) {
    const signedIn = await signIn({ url, username, password }).catch((error) => {
      throw fatal(error, `Signing in as ${username}`)
    })
    refresh = signedIn.refresh
    // Keeps the newest refresh token, so signing out at the end revokes the pair in use.
    meridian = createMeridianClient({ url, token: signedIn.access, refreshToken: refresh, onTokens: (pair) => void (refresh = pair.refresh) })
  } else {
    throw new Fatal('Set MERIDIAN_TOKEN (a bearer access token), or MERIDIAN_USERNAME and MERIDIAN_PASSWORD to sign in.')
  }

  try {
    const me = await meridian.auth.me.query().catch((error) => {
      throw fatal(error, 'Who am I')
    })
    console.log(`Meridian at ${server}`)
    console.log(`Signed in as ${me.username} (${me.full_name}, ${me.role.display_name}) ${token ? 'with a token' : 'with a password'}`)

    // Calls made together go out as one HTTP request (one batch).
    const lines = await Promise.all([
      section('Dashboard', meridian.dashboard.overview.query(), (o) => o.stats.map((tile) => `${tile.label} ${tile.value}`).join(' · ')),
      section('Unread notifications', meridian.notifications.unread.query(), (n) => String(n.unread)),
      section('Countries', meridian.countries.list.query({ page_size: 5 }), (page) => {
        const names = page.results.map((country) => country.name).join(', ')
        return `${page.count} in all${names ? `; first ${page.results.length}: ${names}` : ''}`
      }),
      section('Currencies', meridian.currencies.list.query({ page_size: 5 }), (page) => {
        const codes = page.results.map((currency) => `${currency.code} (${currency.name})`).join(', ')
        return `${page.count} in all${codes ? `; first ${page.results.length}: ${codes}` : ''}`
      }),
    ])
    for (const line of lines) console.log(line)
  } finally {
    if (refresh) await signOut({ url, refresh }).catch(() => {})
  }
}

try {
  await main()
} catch (error) {
  console.error(error instanceof Fatal ? error.message : `Failed: ${describeError(error)}`)
  process.exitCode = 1
}
