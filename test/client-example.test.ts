import { execFile } from 'node:child_process'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedCurrenciesIfEmpty } from '@meridian/core/currency-seed'
import { startTestServer, type TestServer } from '@meridian/api/testing'
import { and, eq, isNull, refreshTokens, users } from '@meridian/db'

/** `npm run client:example` as a tool's author runs it: a process of its own against a served app. */
const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)))
const tsx = path.join(root, 'node_modules/.bin/tsx')
const PASSWORD = 'meridian-demo'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
  await seedCurrenciesIfEmpty(server.handle.db)
})
afterAll(() => server?.close())

interface Run {
  code: number
  stdout: string
  stderr: string
}

/** The example with these settings only (no MERIDIAN_* of the test process's own). */
function runExample(env: Record<string, string>): Promise<Run> {
  const base = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('MERIDIAN_'))) as NodeJS.ProcessEnv
  return new Promise((resolve) => {
    const options = { cwd: root, env: { ...base, NO_COLOR: '1', ...env }, timeout: 30_000, encoding: 'utf8' as const }
    execFile(tsx, ['scripts/client-example.ts'], options, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr })
    })
  })
}

async function closedPortUrl(): Promise<string> {
  const closed = http.createServer()
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
  const { port } = closed.address() as AddressInfo
  await new Promise((resolve) => closed.close(resolve))
  return `http://127.0.0.1:${port}`
}

/** What the example must never show: the credentials it was given or obtained. */
function expectNoSecrets(run: Run, ...secrets: string[]) {
  for (const secret of [PASSWORD, ...secrets]) expect(run.stdout + run.stderr).not.toContain(secret)
  expect(run.stdout + run.stderr).not.toMatch(/eyJ[\w-]{10,}/)
}

/** A failure ends with one line on stderr, not a stack trace. */
function expectOneLineFailure(run: Run, message: RegExp) {
  expect(run.code).toBe(1)
  expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(message)])
  expect(run.stderr).not.toMatch(/^\s+at /m)
}

describe('npm run client:example', () => {
  it('signs in with a username and password, prints short results, and signs out again', async () => {
    const run = await runExample({ MERIDIAN_URL: server.url, MERIDIAN_USERNAME: 'admin', MERIDIAN_PASSWORD: PASSWORD })
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(run.stdout.trim().split('\n')).toEqual([
      `Meridian at ${server.url}`,
      'Signed in as admin (Amir Haddad, Administrator) with a password',
      expect.stringMatching(/^Dashboard: Total Users 6 · .+ · .+ · .+$/),
      'Unread notifications: 0',
      'Countries: 0 in all',
      expect.stringMatching(/^Currencies: \d+ in all; first 5: USD \(US Dollar\), EUR \(Euro\), [A-Z]{3} .*$/),
    ])
    expectNoSecrets(run)
    // Signing out revoked the refresh token it obtained: nothing is left that can be refreshed.
    const [admin] = await server.handle.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'))
    const live = await server.handle.db
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.userId, admin!.id), isNull(refreshTokens.revokedAt)))
    expect(live).toEqual([])
  })

  it('takes a bearer token instead, and says which areas the account may not see', async () => {
    const { access } = await server.login('traveler')
    const run = await runExample({ MERIDIAN_URL: server.url, MERIDIAN_TOKEN: access, MERIDIAN_USERNAME: 'admin', MERIDIAN_PASSWORD: 'ignored-password' })
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('Signed in as traveler (')
    expect(run.stdout).toContain('Traveler) with a token\n')
    expect(run.stdout).toContain('Countries: not open to this account\n')
    expect(run.stdout).toContain('Currencies: not open to this account\n')
    expectNoSecrets(run, access, 'ignored-password')
  })

  it('ends with one clear line and exit code 1 for a bad token, a wrong password, no server, or no credentials', async () => {
    const [badToken, wrongPassword, unreachable, none] = await Promise.all([
      runExample({ MERIDIAN_URL: server.url, MERIDIAN_TOKEN: 'not-a-real-token' }),
      runExample({ MERIDIAN_URL: server.url, MERIDIAN_USERNAME: 'admin', MERIDIAN_PASSWORD: 'wrong-password-123' }),
      runExample({ MERIDIAN_URL: await closedPortUrl(), MERIDIAN_TOKEN: 'not-a-real-token' }),
      runExample({ MERIDIAN_URL: server.url }),
    ])
    expectOneLineFailure(
      badToken,
      /^Who am I: the server refused the credentials \(UNAUTHORIZED: Given token not valid for any token type\); check MERIDIAN_TOKEN/,
    )
    expectNoSecrets(badToken, 'not-a-real-token')
    expectOneLineFailure(
      wrongPassword,
      /^Signing in as admin: the server refused the credentials \(UNAUTHORIZED: Login failed\. Please check your credentials\.\); check MERIDIAN_USERNAME and MERIDIAN_PASSWORD\.$/,
    )
    expectNoSecrets(wrongPassword, 'wrong-password-123')
    expectOneLineFailure(
      unreachable,
      /^Who am I: no answer from the server \(ECONNREFUSED\) at http:\/\/127\.0\.0\.1:\d+; check MERIDIAN_URL and that the server is running\.$/,
    )
    expectOneLineFailure(none, /^Set MERIDIAN_TOKEN \(a bearer access token\), or MERIDIAN_USERNAME and MERIDIAN_PASSWORD to sign in\.$/)
    expect(badToken.stdout + wrongPassword.stdout + unreachable.stdout + none.stdout).toBe('')
  })
})
