// The bench's yardstick, run as a child process: the least a Node server does for GET profile. Bare node:http,
// jose, postgres.js with a pool of 10 and the app's exact SQL text (rows as arrays, as Drizzle reads them).
import http from 'node:http'
import { jwtVerify } from 'jose'
import postgres from 'postgres'
import { LOAD_ACTOR_SQL } from './load-actor-sql.ts'

const { DATABASE_URL, JWT_SECRET } = process.env
if (!DATABASE_URL || !JWT_SECRET) throw new Error('DATABASE_URL and JWT_SECRET are required')
// A CryptoKey imported once (jose would re-import raw bytes on every verify): the yardstick is the cheapest correct use.
const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(JWT_SECRET), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify'])
const sql = postgres(DATABASE_URL, { max: Number(process.env.POOL_MAX ?? 10), onnotice: () => {} })

const iso = (d: Date | null) => (d === null ? null : d.toISOString())

function send(res: http.ServerResponse, status: number, body: unknown) {
  const payload = JSON.stringify(body)
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) })
  res.end(payload)
}

async function profile(req: http.IncomingMessage, res: http.ServerResponse) {
  const header = req.headers.authorization ?? ''
  if (!header.startsWith('Bearer ')) return send(res, 401, { detail: 'Authentication credentials were not provided.' })
  let claims
  try {
    ;({ payload: claims } = await jwtVerify(header.slice(7), key, { algorithms: ['HS256'] }))
  } catch {
    return send(res, 401, { detail: 'Given token not valid for any token type' })
  }
  if (claims.token_type !== 'access' || typeof claims.user_id !== 'number') return send(res, 401, { detail: 'Given token not valid for any token type' })
  const [row] = await sql.unsafe(LOAD_ACTOR_SQL, [claims.user_id], { prepare: true }).values()
  if (!row) return send(res, 401, { detail: 'Given token not valid for any token type' })
  const [id, username, email, first, last, roleId, role, roleDisplay, roleDescription, permissions, active, staff, superuser, _profileIsSuperadmin, lastLogin, joined, bio, phone, city, country, validAfter] = row
  if (!active || (claims.iat ?? 0) < Math.floor((validAfter as Date).getTime() / 1000)) {
    return send(res, 401, { detail: 'Given token not valid for any token type' })
  }
  send(res, 200, {
    id,
    username,
    email,
    first_name: first,
    last_name: last,
    full_name: [first, last].filter(Boolean).join(' ') || username,
    is_active: active,
    is_staff: staff,
    is_superuser: superuser,
    role: { id: roleId, name: role, display_name: roleDisplay, description: roleDescription },
    permissions,
    last_login: iso(lastLogin as Date | null),
    date_joined: iso(joined as Date),
    profile: { bio, phone_number: phone, city, country },
  })
}

const server = http.createServer((req, res) => {
  profile(req, res).catch((error) => {
    console.error('[baseline]', error)
    send(res, 500, { detail: 'A server error occurred.' })
  })
})
server.keepAliveTimeout = 65_000
server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1', () => {
  const address = server.address()
  console.log(`baseline listening on port ${typeof address === 'object' && address ? address.port : '?'}`)
})
process.on('SIGTERM', () => {
  server.close()
  server.closeAllConnections()
  void sql.end({ timeout: 2 }).finally(() => process.exit(0))
})
