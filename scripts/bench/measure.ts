import autocannon from 'autocannon'

export interface LoadResult {
  label: string
  requestsPerSecond: number
  p50: number
  p99: number
  total: number
  failures: number
}

/** A short untimed warm-up (JIT, pool connections, prepared statements), then the measured run. */
export async function load(label: string, url: string, headers: Record<string, string>, opts: { connections: number; seconds: number; warmupSeconds: number }): Promise<LoadResult> {
  if (opts.warmupSeconds > 0) await autocannon({ url, headers, connections: opts.connections, duration: opts.warmupSeconds })
  const result = await autocannon({ url, headers, connections: opts.connections, duration: opts.seconds })
  return {
    label,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
  }
}

export interface LoginReply {
  access: string
  refresh: string
  user: { id: number; username: string }
}

export async function login(base: string, username: string, password: string): Promise<LoginReply> {
  const res = await fetch(`${base}/users/api/auth/login/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password }),
  })
  const body = await res.text()
  if (res.status !== 200) throw new Error(`login as ${username} answered ${res.status}: ${body}`)
  return JSON.parse(body) as LoginReply
}

/** Sequential REST sign-ins, rotating over the users (correct passwords only: failures are throttled). */
export async function medianLogin(base: string, usernames: string[], password: string, times: number): Promise<{ median: number; min: number; max: number }> {
  const samples: number[] = []
  for (let i = 0; i < times; i++) {
    const started = performance.now()
    await login(base, usernames[i % usernames.length]!, password)
    samples.push(performance.now() - started)
  }
  return { median: median(samples), min: Math.min(...samples), max: Math.max(...samples) }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}
