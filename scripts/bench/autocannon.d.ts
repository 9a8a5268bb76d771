// The slice of autocannon 8's programmatic API the bench uses (the package ships no types).
declare module 'autocannon' {
  interface Histogram {
    average: number
    mean: number
    stddev: number
    min: number
    max: number
    total: number
    p50: number
    p90: number
    p97_5: number
    p99: number
  }
  interface Options {
    url: string
    connections?: number
    duration?: number
    method?: string
    headers?: Record<string, string>
    body?: string
    /** Each request of a connection's loop; `setupRequest` may change its path before it is sent. */
    requests?: { method?: string; path?: string; setupRequest?: (request: { path: string; [key: string]: unknown }) => { path: string; [key: string]: unknown } }[]
  }
  interface Result {
    requests: Histogram
    latency: Histogram
    throughput: Histogram
    errors: number
    timeouts: number
    non2xx: number
    duration: number
  }
  function autocannon(options: Options): Promise<Result>
  export default autocannon
}
