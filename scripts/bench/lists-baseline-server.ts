// The lists scenario's yardstick, run as a child process: the least a Node server does to answer a list page.
// Bare node:http and postgres.js (pool of POOL_MAX), no authentication, two prepared statements per page (the count
// and the page, run together), the page's ids cut from an index in the list's order. GET /<index>/?page=N answers
// DRF's body for BENCH_LISTS[index] (scripts/bench/lists-sql.ts).
import http from 'node:http'
import postgres from 'postgres'
import { BENCH_LISTS } from './lists-sql.ts'

const { DATABASE_URL } = process.env
if (!DATABASE_URL) throw new Error('DATABASE_URL is required')
const sql = postgres(DATABASE_URL, { max: Number(process.env.POOL_MAX ?? 10), onnotice: () => {} })
const [traveler] = await sql<{ id: number }[]>`select id from roles where name = 'traveler'`
const roleId = traveler!.id

function send(res: http.ServerResponse, status: number, body: unknown) {
  const payload = JSON.stringify(body)
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) })
  res.end(payload)
}

async function page(req: http.IncomingMessage, res: http.ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://baseline')
  const list = BENCH_LISTS[Number(url.pathname.split('/')[1])]
  if (!list) return send(res, 404, { detail: 'Not found.' })
  const number = Number(url.searchParams.get('page') ?? 1)
  if (!Number.isInteger(number) || number < 1) return send(res, 404, { detail: 'Invalid page.' })
  const size = list.pageSize
  const pageParams = list.roleParam ? [size, (number - 1) * size, roleId] : [size, (number - 1) * size]
  const [[figures], rows] = await Promise.all([
    sql.unsafe(list.count, list.roleParam ? [roleId] : [], { prepare: true }),
    sql.unsafe(list.page, pageParams, { prepare: true }),
  ])
  const count = Number(figures!.n)
  const last = Math.max(1, Math.ceil(count / size))
  if (number > last) return send(res, 404, { detail: 'Invalid page.' })
  const link = (n: number) => {
    const u = new URL(`http://${req.headers.host}${req.url}`)
    if (n === 1) u.searchParams.delete('page')
    else u.searchParams.set('page', String(n))
    return u.toString()
  }
  const body: Record<string, unknown> = { count, next: number < last ? link(number + 1) : null, previous: number > 1 ? link(number - 1) : null, results: rows }
  if (list.stats) body.stats = { total: count, active: figures!.active, featured: figures!.featured }
  send(res, 200, body)
}

const server = http.createServer((req, res) => {
  page(req, res).catch((error) => {
    console.error('[lists baseline]', error)
    send(res, 500, { detail: 'A server error occurred.' })
  })
})
server.keepAliveTimeout = 65_000
server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1', () => {
  const address = server.address()
  console.log(`lists baseline listening on port ${typeof address === 'object' && address ? address.port : '?'}`)
})
process.on('SIGTERM', () => {
  server.close()
  server.closeAllConnections()
  void sql.end({ timeout: 2 }).finally(() => process.exit(0))
})
