// The bench's yardstick, run as a child process: the least a Node server does for GET profile, and for a
// sign-in (POST /login). Bare node:http, jose, postgres.js with a pool of 10 and the app's exact SQL text for
// the profile (rows as arrays, as Drizzle reads them).
import { randomUUID } from 'node:crypto'
import http from 'node:http'
import { verify } from '@node-rs/argon2'
import { jwtVerify, SignJWT } from 'jose'
import postgres from 'postgres'
import { LOAD_ACTOR_SQL } from './load-actor-sql.ts'

const { DATABASE_URL, JWT_SECRET } = process.env
if (!DATABASE_URL || !JWT_SECRET) throw new Error('DATABASE_URL and JWT_SECRET are required')
// A CryptoKey imported once (jose would re-import raw bytes on every verify): the yardstick is the cheapest correct use.
const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(JWT_SECRET), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify'])
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

function readJson(req: http.IncomingMessage): Promise<any> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}'))
      } catch (error) {
        reject(error)
      }
    })
    req.on('error', reject)
  })
}

async function sign(userId: number, type: 'access' | 'refresh', ttl: number) {
  const iat = Math.floor(Date.now() / 1000)
  const claims = { user_id: userId, token_type: type, jti: randomUUID(), iat, exp: iat + ttl }
  return { claims, token: await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key) }
}

/**
 * The least a correct sign-in does: find the account by name or e-mail, verify its argon2id hash, sign an
 * access and a refresh token, store the refresh token and last_login. No throttling: the app's sign-in cost is
 * read beside this one (same run, same machine load).
 */
async function login(req: http.IncomingMessage, res: http.ServerResponse) {
  const { username, password } = await readJson(req)
  const name = String(username ?? '').toLowerCase()
  const [user] = await sql<{ id: number; password_hash: string; is_active: boolean }[]>`
    select id, password_hash, is_active from users where lower(username) = ${name} or lower(email) = ${name} limit 1`
  if (!user || !user.is_active || !(await verify(user.password_hash, String(password ?? '')))) {
    return send(res, 401, { detail: 'Login failed. Please check your credentials.' })
  }
  const access = await sign(user.id, 'access', 3600)
  const refresh = await sign(user.id, 'refresh', 7 * 86_400)
  await sql`insert into refresh_tokens (jti, family_id, user_id, expires_at) values (${refresh.claims.jti}, ${randomUUID()}, ${user.id}, ${new Date(refresh.claims.exp * 1000)})`
  await sql`update users set last_login = now() where id = ${user.id}`
  send(res, 200, { access: access.token, refresh: refresh.token, user: { id: user.id, username: name } })
}

const server = http.createServer((req, res) => {
  const handler = req.method === 'POST' && req.url === '/login' ? login : profile
  handler(req, res).catch((error) => {
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
