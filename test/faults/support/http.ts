/** What a client saw: an answer (status, headers, body, time taken) or no answer at all (timeout, network error). */
export interface Outcome {
  status: number
  headers: Headers
  body: any
  ms: number
  /** Set when there was no HTTP answer: 'timeout' (a hang) or the network error's message. */
  failure?: string
}

export interface CallOptions {
  method?: string
  /** JSON unless it is already a string, URLSearchParams or a Buffer. */
  body?: unknown
  token?: string
  cookie?: string
  headers?: Record<string, string>
  /** A request without an answer within this time counts as hanging. */
  timeoutMs?: number
}

/** One request that never throws: every outcome, including a hang, is recorded for the test to judge. */
let connectionPerRequest = false

/**
 * Every request of this test file on a connection of its own (Connection: close). Behind one port with several
 * workers the cluster hands each new connection to the next worker, so a client's consecutive requests land on
 * different workers, as they would on different processes.
 */
export function connectionPerRequestFromNowOn() {
  connectionPerRequest = true
}

export async function call(base: string, path: string, options: CallOptions = {}): Promise<Outcome> {
  const headers: Record<string, string> = { ...(connectionPerRequest ? { Connection: 'close' } : {}), ...options.headers }
  if (options.token) headers.Authorization = `Bearer ${options.token}`
  if (options.cookie) headers.Cookie = options.cookie
  let body: BodyInit | undefined
  if (options.body instanceof URLSearchParams) body = options.body
  else if (typeof options.body === 'string' || Buffer.isBuffer(options.body)) body = options.body as BodyInit
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body)
    headers['Content-Type'] = 'application/json'
  }
  const started = performance.now()
  try {
    const res = await fetch(`${base}${path}`, {
      method: options.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs ?? 20_000),
    })
    const text = await res.text()
    let parsed: unknown = text
    try {
      parsed = JSON.parse(text)
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, headers: res.headers, body: parsed, ms: performance.now() - started }
  } catch (error) {
    const name = (error as Error).name
    const failure = name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : String((error as Error).message)
    return { status: 0, headers: new Headers(), body: null, ms: performance.now() - started, failure }
  }
}

export async function restLogin(base: string, username: string, password = 'meridian-demo') {
  const res = await call(base, '/users/api/auth/login/', { body: { username, password } })
  if (res.status !== 200) throw new Error(`login of ${username} answered ${res.status}: ${JSON.stringify(res.body)}`)
  return res.body as { access: string; refresh: string; user: { id: number } }
}

/** Sign in through the /login form (a Remix action) and return the session cookie as a Cookie header value. */
export async function formLogin(base: string, username: string, password = 'meridian-demo'): Promise<string> {
  const res = await call(base, '/login', { body: new URLSearchParams({ username, password, redirectTo: '/dashboard/overview' }) })
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('meridian_session='))
  if (res.status !== 302 || !cookie) throw new Error(`form sign-in of ${username} answered ${res.status}`)
  return cookie.split(';')[0]!
}

/** A tRPC query (GET) or mutation (POST) over HTTP, without the client library. */
export function trpc(base: string, procedure: string, options: CallOptions & { input?: unknown; mutation?: boolean } = {}) {
  if (options.mutation) return call(base, `/trpc/${procedure}`, { ...options, body: options.input ?? {} })
  const query = options.input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(options.input))}`
  return call(base, `/trpc/${procedure}${query}`, options)
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Poll until `check` answers true (or throw after `timeoutMs`). */
export async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string, everyMs = 100) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (await check()) return
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)
    await sleep(everyMs)
  }
}
