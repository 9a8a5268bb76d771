import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTokenSigner } from '@meridian/auth'
import { seedCurrenciesIfEmpty } from '@meridian/core/currency-seed'
import {
  createMeridianClient,
  describeError,
  errorCode,
  isMeridianClientError,
  type MeridianTokens,
  signIn,
  signOut,
  TRPCClientError,
} from '@meridian/api/client'
import { startTestServer, TEST_JWT_SECRET, type TestServer } from './testing.ts'

let server: TestServer
let requests = 0
/** The global fetch, counting the HTTP requests the clients of this file send. */
const counting: typeof fetch = (input, init) => {
  requests++
  return fetch(input, init)
}
const password = 'meridian-demo'

beforeAll(async () => {
  server = await startTestServer()
  await seedCurrenciesIfEmpty(server.handle.db)
})
afterAll(() => server?.close())

/** An access token for the user that expired a minute ago, signed with the server's secret. */
async function expiredAccessToken(userId: number): Promise<string> {
  const signer = createTokenSigner({ secret: TEST_JWT_SECRET, accessTtlSeconds: -60, refreshTtlSeconds: 60 })
  return (await signer.sign({ userId, type: 'access' })).token
}

describe('the typed client for tools', () => {
  it('signs in, then reads the procedures a tool would, several calls in one HTTP request', async () => {
    const signed = await signIn({ url: server.url, username: 'admin', password })
    expect(signed.user).toMatchObject({ username: 'admin', role: { name: 'admin' } })
    expect(signed.access).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/)
    expect(signed.refresh).not.toBe(signed.access)

    const meridian = createMeridianClient({ url: `${server.url}/`, token: signed.access, fetch: counting })
    const created = await meridian.countries.create.mutate({ name: 'France', continent: 'Europe', capital: 'Paris' })
    expect(created).toMatchObject({ id: expect.any(Number), name: 'France', capital: 'Paris' })
    const before = requests
    const [me, countries, currencies, unread] = await Promise.all([
      meridian.auth.me.query(),
      meridian.countries.list.query({ page_size: 3, filters: { search: 'fra' } }),
      meridian.currencies.list.query({ page_size: 5 }),
      meridian.notifications.unread.query(),
    ])
    expect(requests - before).toBe(1)
    expect(me).toMatchObject({ id: signed.user.id, username: 'admin', role: { display_name: 'Administrator' } })
    expect(countries.results).toMatchObject([{ id: created.id, name: 'France', continent: 'Europe' }])
    expect(currencies.count).toBeGreaterThan(5)
    expect(currencies.results).toHaveLength(5)
    expect(currencies.results[0]).toMatchObject({ code: expect.stringMatching(/^[A-Z]{3}$/), created_at: expect.any(String) })
    expect(unread).toEqual({ unread: 0 })
  })

  it('gives a bad or missing token UNAUTHORIZED, and a call the role may not make FORBIDDEN', async () => {
    const forged = createMeridianClient({ url: server.url, token: 'not-a-token' })
    const error = await forged.auth.me.query().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TRPCClientError)
    expect(isMeridianClientError(error)).toBe(true)
    expect(errorCode(error)).toBe('UNAUTHORIZED')
    expect((error as TRPCClientError<any>).data).toMatchObject({ code: 'UNAUTHORIZED', httpStatus: 401 })
    expect(describeError(error)).toBe('UNAUTHORIZED: Given token not valid for any token type')

    const anonymous = createMeridianClient({ url: server.url })
    expect(errorCode(await anonymous.auth.me.query().catch((e: unknown) => e))).toBe('UNAUTHORIZED')

    const traveler = createMeridianClient({ url: server.url, token: (await server.login('traveler')).access })
    const forbidden = await traveler.currencies.list.query().catch((e: unknown) => e)
    expect(errorCode(forbidden)).toBe('FORBIDDEN')
    expect((forbidden as TRPCClientError<any>).data.httpStatus).toBe(403)
  })

  it('refuses wrong credentials at sign-in, and reports bad input with its fields', async () => {
    const wrong = await signIn({ url: server.url, username: 'admin', password: 'not-the-password' }).catch((e: unknown) => e)
    expect(describeError(wrong)).toBe('UNAUTHORIZED: Login failed. Please check your credentials.')
    const empty = await signIn({ url: server.url, username: '', password }).catch((e: unknown) => e)
    expect(errorCode(empty)).toBe('BAD_REQUEST')
    expect(describeError(empty)).toMatch(/^BAD_REQUEST: .* — username: Username is required$/)
  })

  it('trades the refresh token once when the access token has expired, for all the calls of a batch', async () => {
    const signed = await server.login('editor')
    const saved: MeridianTokens[] = []
    const meridian = createMeridianClient({
      url: server.url,
      token: await expiredAccessToken(signed.user.id),
      refreshToken: signed.refresh,
      onTokens: (pair) => saved.push(pair),
      fetch: counting,
    })
    const before = requests
    const [me, countries] = await Promise.all([meridian.auth.me.query(), meridian.countries.list.query({ page_size: 1 })])
    expect(me.username).toBe('editor')
    expect(countries.results).toHaveLength(1)
    expect(saved).toHaveLength(1)
    // The batch, the refresh, the batch again.
    expect(requests - before).toBe(3)

    // The client goes on with the new access token; the pair handed to onTokens is the live one, the first one is spent.
    expect((await meridian.auth.me.query()).username).toBe('editor')
    expect(saved).toHaveLength(1)
    await signOut({ url: server.url, refresh: saved[0]!.refresh })
    const spent = await signOut({ url: server.url, refresh: signed.refresh }).catch((e: unknown) => e)
    expect(errorCode(spent)).toBe('UNAUTHORIZED')
  })

  it('answers UNAUTHORIZED when the refresh token no longer works either (signed out)', async () => {
    const signed = await server.login('expert')
    await signOut({ url: server.url, refresh: signed.refresh })
    const saved: MeridianTokens[] = []
    const meridian = createMeridianClient({
      url: server.url,
      token: await expiredAccessToken(signed.user.id),
      refreshToken: signed.refresh,
      onTokens: (pair) => saved.push(pair),
    })
    const error = await meridian.auth.me.query().catch((e: unknown) => e)
    expect(describeError(error)).toBe('UNAUTHORIZED: Given token not valid for any token type')
    expect(saved).toEqual([])
  })

  it('says what went wrong when no API answer came: no server, something else answering, an aborted call', async () => {
    const closed = http.createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const { port } = closed.address() as AddressInfo
    await new Promise((resolve) => closed.close(resolve))
    // §8's retries (after 1, 2 and 4 s) shortened: no answer is asked for four times, then the failure is the caller's.
    const attempts: string[] = []
    const tries: typeof fetch = (input, init) => (attempts.push(String(input)), fetch(input, init))
    const meridian = createMeridianClient({ url: `http://127.0.0.1:${port}`, token: 'whatever', fetch: tries, retry: { waits: [1, 1, 1] } })
    const error = await meridian.auth.me.query().catch((e: unknown) => e)
    expect(attempts).toHaveLength(4)
    expect(isMeridianClientError(error)).toBe(true)
    expect(errorCode(error)).toBeUndefined()
    expect(describeError(error)).toBe('no answer from the server (ECONNREFUSED)')

    // Something answers, but not the Meridian API (a wrong URL, a proxy's error page).
    const other = createMeridianClient({ url: `${server.url}/elsewhere` })
    const stranger = await other.auth.me.query().catch((e: unknown) => e)
    expect(errorCode(stranger)).toBeUndefined()
    expect(describeError(stranger)).toMatch(/^the answer was not from the Meridian API \(.+\)$/)

    const aborted = await createMeridianClient({ url: server.url })
      .auth.me.query(undefined, { signal: AbortSignal.abort() })
      .catch((e: unknown) => e)
    expect(describeError(aborted)).toBe('the call was aborted')
  })

  it('repeats a query that met 503 (§8 retries), and sends a mutation once', async () => {
    const { access } = await signIn({ url: server.url, username: 'admin', password })
    const methods: string[] = []
    let unavailable = 2
    const flaky: typeof fetch = (input, init) => {
      methods.push(init?.method ?? 'GET')
      if (unavailable-- > 0) return Promise.resolve(new Response('Service Unavailable', { status: 503 }))
      return fetch(input, init)
    }
    const meridian = createMeridianClient({ url: server.url, token: access, fetch: flaky, retry: { waits: [5, 5, 5] } })
    expect((await meridian.auth.me.query()).username).toBe('admin')
    expect(methods).toEqual(['GET', 'GET', 'GET'])
    methods.length = 0
    unavailable = 1
    const refused = await meridian.auth.logout.mutate({ refresh: 'x' }).catch((e: unknown) => e)
    expect(errorCode(refused)).toBeUndefined()
    expect(methods).toEqual(['POST'])
  })

  it('bundles for a browser or script with no server code: only the tRPC client and the retry helper come along', async () => {
    const entry = fileURLToPath(new URL('./client.ts', import.meta.url))
    const result = await build({ entryPoints: [entry], bundle: true, write: false, platform: 'browser', format: 'esm', metafile: true, logLevel: 'silent' })
    const inputs = Object.keys(result.metafile.inputs).map((file) => path.resolve(file))
    const own = inputs.filter((file) => !file.includes(`${path.sep}node_modules${path.sep}`))
    const retries = fileURLToPath(new URL('../../validators/src/fetch-retry.ts', import.meta.url))
    expect(own.sort()).toEqual([entry, retries].sort())
    expect(inputs.every((file) => own.includes(file) || /node_modules[\\/]@trpc[\\/](client|server)[\\/]/.test(file))).toBe(true)
  })
})
