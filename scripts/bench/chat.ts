// The chat scenario of `npm run bench` (BENCH_ONLY=chat for it alone, `npm run bench:chat`): 1,000 travelers, each
// with a conversation with the demo expert and an event stream (GET /api/chat/events/) held open by ONE app process,
// with that process's memory; the expert's messages timed from just before the POST to their arrival on the
// traveler's stream, sent through the same process and then through a second app process on the same database (the
// announcement crosses PostgreSQL LISTEN/NOTIFY); and a conversation of 100,000 messages paged back one request at
// a time. Each figure stands beside a baseline of the same run: the POST's own answer and the profile GET.
// Bars: delivery p95 < 100 ms in one process, < 200 ms across two; history page p95 < 20 ms. Never gates.
import fs from 'node:fs'
import postgres from 'postgres'
import { createTokenSigner } from '@meridian/auth'
import { openEventStream, type SseConnection } from '../../packages/api/src/sse-client.ts'
import { login, percentile, timeGets } from './measure.ts'
import { barLine } from './report.ts'

const STREAMS = Number(process.env.BENCH_CHAT_STREAMS ?? 1_000)
const SENDS = Number(process.env.BENCH_CHAT_SENDS ?? 300)
const SEND_CONCURRENCY = 4
const OPEN_BATCH = 100
const HISTORY = 100_000
const WARMUP_SENDS = 20
const BARS = { oneProcessMs: 100, twoProcessesMs: 200, historyMs: 20 }

export interface ChatBenchOptions {
  /** The app process that holds every stream (and answers the first round of sends). */
  base: string
  pid: number | undefined
  databaseUrl: string
  /** The JWT secret the app processes run with: the travelers' access tokens are signed here, without 1,000 sign-ins. */
  secret: string
  /** Starts a second app process on the same database (registered with the bench's children, so cleanup stops it). */
  startSecond: () => Promise<{ base: string; stop(): Promise<void> }>
}

interface Conversation {
  id: number
  travelerId: number
}

interface Row {
  label: string
  p50: number
  p95: number
  p99: number
  failures: number
}

/** Resident memory of a process in KB (Linux /proc), or null elsewhere. */
function rssKb(pid: number | undefined): number | null {
  if (!pid) return null
  try {
    const hit = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))
    return hit ? Number(hit[1]) : null
  } catch {
    return null
  }
}

const mb = (rss: number | null) => (rss === null ? 'n/a' : `${(rss / 1024).toFixed(1)} MB`)

/** The travelers chatbench_0001…, a conversation each with the demo expert (both participants), in three statements. */
async function seedConversations(databaseUrl: string): Promise<{ expertId: number; conversations: Conversation[] }> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} })
  try {
    const [expert] = await sql<{ id: number }[]>`select id from users where username = 'expert'`
    if (!expert) throw new Error('the demo expert is missing (SEED_DEMO)')
    await sql`
      insert into users (username, email, password_hash, first_name, last_name, role_id, is_active, date_joined)
      select 'chatbench_' || lpad(g::text, 4, '0'), 'chatbench_' || g || '@bench.example', (select password_hash from users where username = 'traveler'),
             'Chat', 'Bench ' || g, (select id from roles where name = 'traveler'), true, now()
      from generate_series(1, ${STREAMS}) g`
    const conversations = await sql<{ id: number; traveler_id: number }[]>`
      insert into chat_conversations (traveler_id, title, created_by_id)
      select id, 'Chat bench', ${expert.id} from users where username like 'chatbench%' order by id
      returning id, traveler_id`
    await sql`
      insert into chat_participants (conversation_id, user_id, role)
      select id, traveler_id, 'traveler' from chat_conversations where title = 'Chat bench'
      union all select id, ${expert.id}, 'expert' from chat_conversations where title = 'Chat bench'`
    await sql`analyze users, chat_conversations, chat_participants`
    return { expertId: expert.id, conversations: conversations.map((c) => ({ id: c.id, travelerId: c.traveler_id })) }
  } finally {
    await sql.end({ timeout: 5 })
  }
}

/** 100,000 messages in one conversation, alternating sender, a second apart, and the conversation's newest message set. */
async function fillHistory(databaseUrl: string, conversation: Conversation, expertId: number): Promise<{ first: number; last: number }> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} })
  try {
    await sql`
      insert into chat_messages (conversation_id, sender_id, content, created_at)
      select ${conversation.id}, case when g % 2 = 0 then ${conversation.travelerId}::int else ${expertId}::int end,
             'History message ' || g || ': ' || repeat('see you at the station ', 1 + g % 12), now() - ((${HISTORY} - g) || ' seconds')::interval
      from generate_series(1, ${HISTORY}) g`
    const [range] = await sql<{ first: string; last: string; at: Date }[]>`
      select min(id) as first, max(id) as last, max(created_at) as at from chat_messages where conversation_id = ${conversation.id}`
    await sql`update chat_conversations set last_message_id = ${range!.last}, last_message_at = ${range!.at} where id = ${conversation.id}`
    // Both have read it all: the history is what is timed here, not an unread count over 50,000 messages.
    await sql`update chat_participants set activity_at = ${range!.at}, last_read_message_id = ${range!.last} where conversation_id = ${conversation.id}`
    await sql`analyze chat_messages, chat_conversations, chat_participants`
    return { first: Number(range!.first), last: Number(range!.last) }
  } finally {
    await sql.end({ timeout: 5 })
  }
}

/** Where each message event arrived (performance.now()), and who is waiting for one still on its way. */
class Arrivals {
  private readonly seen = new Map<number, { at: number; conversation: number }>()
  private readonly waiting = new Map<number, (hit: { at: number; conversation: number }) => void>()

  record(id: number, at: number, conversation: number) {
    const waiter = this.waiting.get(id)
    if (waiter) {
      this.waiting.delete(id)
      waiter({ at, conversation })
    } else this.seen.set(id, { at, conversation })
  }

  wait(id: number, timeoutMs: number): Promise<{ at: number; conversation: number } | null> {
    const hit = this.seen.get(id)
    if (hit) return Promise.resolve(hit)
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id)
        resolve(null)
      }, timeoutMs)
      this.waiting.set(id, (found) => {
        clearTimeout(timer)
        resolve(found)
      })
    })
  }
}

/** A traveler's stream, open and past its `ready` event (its messages recorded in `arrivals`), or an error. */
async function openStream(base: string, token: string, conversation: Conversation, arrivals: Arrivals): Promise<SseConnection> {
  const stream = openEventStream(`${base}/api/chat/events/`, { Authorization: `Bearer ${token}` })
  stream.onEvent = (e) => {
    if (e.event === 'message') arrivals.record(Number(e.id), e.at, Number(e.data?.conversation_id))
  }
  const status = await stream.status
  if (status !== 200) {
    stream.close()
    throw new Error(`the event stream of traveler ${conversation.travelerId} answered ${status}`)
  }
  await stream.next('ready', 30_000)
  return stream
}

/**
 * `count` messages from the expert through `base`, `SEND_CONCURRENCY` at a time, each to a random conversation:
 * the POST's answer time, and the delivery time (just before the POST to the event's arrival on that traveler's
 * stream). A message that never arrives, or arrives on another conversation's stream, counts as a failure.
 */
async function timeSends(base: string, token: string, conversations: Conversation[], arrivals: Arrivals, count: number, tag: string) {
  const delivery: number[] = []
  const answer: number[] = []
  const afterAnswer: number[] = []
  let failures = 0
  let next = 0
  const worker = async () => {
    while (next < count) {
      const i = next++
      const conversation = conversations[Math.floor(Math.random() * conversations.length)]!
      const started = performance.now()
      const res = await fetch(`${base}/api/chat/conversations/${conversation.id}/messages/`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ content: `Bench message ${tag} ${i}: your rooms are confirmed`, client_key: `bench-${tag}-${i}` }),
      })
      const body = (await res.json()) as { id?: number }
      const answered = performance.now()
      answer.push(answered - started)
      if (res.status !== 201 || typeof body.id !== 'number') {
        failures++
        continue
      }
      const hit = await arrivals.wait(body.id, 5_000)
      if (!hit || hit.conversation !== conversation.id) failures++
      else {
        delivery.push(hit.at - started)
        afterAnswer.push(hit.at - answered)
      }
    }
  }
  await Promise.all(Array.from({ length: SEND_CONCURRENCY }, worker))
  const figures = (samples: number[]) => {
    samples.sort((a, b) => a - b)
    return { p50: percentile(samples, 50), p95: percentile(samples, 95), p99: percentile(samples, 99) }
  }
  return { delivery: { ...figures(delivery), failures }, answer: { ...figures(answer), failures: 0 }, afterAnswer: { ...figures(afterAnswer), failures: 0 } }
}

const kb = (value: number | null) => (value === null ? 'n/a' : `${value.toFixed(1)} KB`)
const n = (x: number) => x.toLocaleString('en-US')

function report(r: {
  rows: Row[]
  open: number
  openMs: number
  fillMs: number
  requests: number
  rss: Record<'before' | 'firstBatch' | 'open' | 'afterSends', number | null>
}) {
  const { rss, open } = r
  const perStream = rss.before !== null && rss.open !== null ? (rss.open - rss.before) / open : null
  const marginal = rss.firstBatch !== null && rss.open !== null && open > OPEN_BATCH ? (rss.open - rss.firstBatch) / (open - OPEN_BATCH) : null
  console.log(`Process A holds every stream; B is a second app process on the same database, started for the second round of sends.`)
  console.log(`  delivery:     just before the expert's POST to the message event's arrival on the traveler's stream (bench-side clock)`)
  console.log(`  POST answer:  the same POST's own response time; GET profile: the cheapest authenticated call, same process, same run`)
  console.log(`  event after the answer: its arrival minus the POST's answer (negative: the event came first), what delivery adds`)
  console.log(`  sends:        ${SENDS} timed (after ${WARMUP_SENDS} untimed) per round, ${SEND_CONCURRENCY} in flight, each to a random conversation`)
  const fill = `${(r.fillMs / 1000).toFixed(1)} s`
  console.log(`  history:      one conversation given ${n(HISTORY)} messages (${fill}), read as its traveler, ${r.requests} requests one at a time`)
  console.log(`  memory:       process A's VmRSS (/proc) before the first stream, after the first ${OPEN_BATCH} and with all open`)
  const after = `${mb(rss.firstBatch)} after ${OPEN_BATCH}, ${mb(rss.open)} with all open, ${mb(rss.afterSends)} after the sends`
  const rssLine = `RSS ${mb(rss.before)} before, ${after}`
  console.log(`\nStreams: ${n(open)} open on A in ${(r.openMs / 1000).toFixed(1)} s (${OPEN_BATCH} at a time, each to its ready event); ${rssLine}`)
  console.log(`Memory per stream: ${kb(perStream)} (all open minus before, over ${n(open)}); marginal ${kb(marginal)} (streams ${OPEN_BATCH + 1}–${n(open)})`)
  const cells = (...c: string[]) => c.map((x) => x.padStart(9)).join('')
  console.log(`\n${`chat, ${n(STREAMS)} streams on A`.padEnd(36)}${cells('p50 ms', 'p95 ms', 'p99 ms', 'failed')}`)
  for (const row of r.rows) console.log(`${row.label.padEnd(36)}${cells(row.p50.toFixed(1), row.p95.toFixed(1), row.p99.toFixed(1), String(row.failures))}`)
  const bars = `delivery p95 < ${BARS.oneProcessMs} ms in one process, < ${BARS.twoProcessesMs} ms across two; history p95 < ${BARS.historyMs} ms`
  console.log(`\nBars: ${n(STREAMS)} streams on one process; ${bars}.`)
  console.log(barLine('event streams held by process A', n(open), open === STREAMS, `${n(STREAMS)} open, ${kb(perStream)} each`))
  const bar = (label: string, prefix: string, ms: number) => {
    const row = r.rows.find((x) => x.label.startsWith(prefix))!
    console.log(barLine(label, `${row.p95.toFixed(1)} ms`, row.p95 < ms && row.failures === 0, `p95 < ${ms} ms`))
  }
  bar('delivery p95, one process', 'delivery, POST to A', BARS.oneProcessMs)
  bar('delivery p95, two processes', 'delivery, POST to B', BARS.twoProcessesMs)
  bar('history newest page p95', 'history: newest', BARS.historyMs)
  bar('history ?before= page p95', 'history: ?before=', BARS.historyMs)
}

export async function measureChat(options: ChatBenchOptions) {
  const { base, pid, databaseUrl, secret } = options
  const requests = Number(process.env.BENCH_REQUESTS ?? 200)
  const seeded = performance.now()
  const { expertId, conversations } = await seedConversations(databaseUrl)
  // The app's own signer and secret; an hour is the app's default access TTL and far longer than this scenario.
  const signer = createTokenSigner({ secret, accessTtlSeconds: 3_600, refreshTtlSeconds: 3_600 })
  const tokens = await Promise.all(conversations.map(async (c) => (await signer.sign({ userId: c.travelerId, type: 'access' })).token))
  const expert = await login(base, 'expert', 'meridian-demo')
  const expertHeaders = { Authorization: `Bearer ${expert.access}` }
  const seedSeconds = ((performance.now() - seeded) / 1000).toFixed(1)
  console.log(`\nChat: ${n(conversations.length)} travelers, a conversation each with the demo expert (${seedSeconds} s to seed and sign tokens)`)

  const arrivals = new Arrivals()
  const streams: SseConnection[] = []
  let second: { base: string; stop(): Promise<void> } | undefined
  try {
    const rssBefore = rssKb(pid)
    let rssFirstBatch: number | null = null
    const opening = performance.now()
    for (let from = 0; from < conversations.length; from += OPEN_BATCH) {
      const batch = conversations.slice(from, from + OPEN_BATCH)
      const opened = await Promise.allSettled(batch.map((c, k) => openStream(base, tokens[from + k]!, c, arrivals)))
      for (const o of opened) if (o.status === 'fulfilled') streams.push(o.value)
      const failed = opened.find((o): o is PromiseRejectedResult => o.status === 'rejected')
      if (failed) throw new Error(`opening streams ${from + 1}–${from + batch.length}: ${(failed.reason as Error).message}`)
      if (from === 0) rssFirstBatch = rssKb(pid)
    }
    const openMs = performance.now() - opening
    // A moment for the writes that follow each open (bell count, presence) to settle before reading memory.
    await new Promise((r) => setTimeout(r, 1_000))
    const rssOpen = rssKb(pid)

    const rows: Row[] = []
    // One process: the expert posts through the process holding the streams.
    await timeSends(base, expert.access, conversations, arrivals, WARMUP_SENDS, 'warm-a')
    const one = await timeSends(base, expert.access, conversations, arrivals, SENDS, 'a')
    rows.push({ label: 'delivery, POST to A (1 process)', ...one.delivery })
    rows.push({ label: '  POST answer (A)', ...one.answer })
    rows.push({ label: '  event after the answer (A)', ...one.afterAnswer })
    rows.push({ label: '  baseline: GET profile (A)', ...(await timeGets(() => `${base}/users/api/auth/profile/`, expertHeaders, requests, 1)) })

    // Two processes: the same sends through a second process on the same database; the streams stay on the first.
    second = await options.startSecond()
    const secondBase = second.base
    await timeSends(secondBase, expert.access, conversations, arrivals, WARMUP_SENDS, 'warm-b')
    const two = await timeSends(secondBase, expert.access, conversations, arrivals, SENDS, 'b')
    rows.push({ label: 'delivery, POST to B (2 processes)', ...two.delivery })
    rows.push({ label: '  POST answer (B)', ...two.answer })
    rows.push({ label: '  event after the answer (B)', ...two.afterAnswer })
    rows.push({ label: '  baseline: GET profile (B)', ...(await timeGets(() => `${secondBase}/users/api/auth/profile/`, expertHeaders, requests, 1)) })
    await second.stop()
    second = undefined
    const rssAfterSends = rssKb(pid)

    // History: one conversation of 100,000 messages, read by its traveler (the streams still open on A).
    const filling = performance.now()
    const history = conversations[0]!
    const range = await fillHistory(databaseUrl, history, expertId)
    const fillMs = performance.now() - filling
    const travelerHeaders = { Authorization: `Bearer ${tokens[0]!}` }
    const messagesUrl = `${base}/api/chat/conversations/${history.id}/messages/`
    const newest = (await (await fetch(messagesUrl, { headers: travelerHeaders })).json()) as { results?: { id: number }[] }
    if (newest.results?.length !== 50 || newest.results.at(-1)!.id !== range.last) {
      throw new Error(`the newest history page is not the newest 50: ${JSON.stringify(newest).slice(0, 300)}`)
    }
    const deep = () => range.first + 1 + Math.floor(Math.random() * (range.last - range.first))
    rows.push({ label: `history: newest page (${(HISTORY / 1000).toFixed(0)}k msgs)`, ...(await timeGets(() => messagesUrl, travelerHeaders, requests, 1)) })
    rows.push({ label: 'history: ?before=<random id>', ...(await timeGets(() => `${messagesUrl}?before=${deep()}`, travelerHeaders, requests, 1)) })
    rows.push({ label: '  baseline: GET profile (traveler)', ...(await timeGets(() => `${base}/users/api/auth/profile/`, travelerHeaders, requests, 1)) })

    report({
      rows,
      open: streams.length,
      openMs,
      fillMs,
      requests,
      rss: { before: rssBefore, firstBatch: rssFirstBatch, open: rssOpen, afterSends: rssAfterSends },
    })
  } finally {
    for (const stream of streams) stream.close()
    await second?.stop()
  }
}
