import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { clientErrorReports, type DatabaseHandle, eq, users } from '@meridian/db'
import { createTestDatabase } from '@meridian/db/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAppServices, serviceContext } from '../app.ts'
import { loadActor } from '../auth/load-actor.ts'
import { loadConfig } from '../config.ts'
import type { AppServices, ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { seedDemoUsers } from '../seed/demo-users.ts'
import { ERROR_REPORTS_PER_MINUTE, listClientErrors, logClientError } from './client-errors.ts'

let handle: DatabaseHandle
let app: AppServices
let dataDir: string

async function as(username: string | null, ipAddress = '10.0.0.1'): Promise<ServiceContext> {
  if (!username) return serviceContext(app, null, { ipAddress, userAgent: 'vitest-agent' })
  const [row] = await handle.db.select({ id: users.id }).from(users).where(eq(users.username, username))
  return serviceContext(app, await loadActor(handle.db, row!.id), { ipAddress, userAgent: 'vitest-agent' })
}

const stored = async (id: number) => (await handle.db.select().from(clientErrorReports).where(eq(clientErrorReports.id, id)))[0]!

const REPORT = {
  errorId: 'err_abc_123',
  message: 'Cannot read properties of undefined',
  stack: 'TypeError: Cannot read properties of undefined\n    at Page (page.tsx:1:1)',
  componentStack: '\n    at Page',
  timestamp: '2026-05-01T10:00:00.000Z',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
  url: 'http://localhost:3000/dashboard/overview',
  userId: null,
  sessionId: 'sess_abc',
  retryCount: 2,
}

beforeAll(async () => {
  handle = await createTestDatabase()
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-client-errors-'))
  app = createAppServices(handle, loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_DIR: dataDir }))
  await seedDemoUsers(handle.db)
})

afterAll(async () => {
  await handle?.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

describe('logClientError', () => {
  it('stores every field of the report, anonymously when nobody is signed in', async () => {
    const { id } = await logClientError(await as(null, '10.0.1.1'), REPORT)
    const row = await stored(id)
    expect(row).toMatchObject({
      errorId: 'err_abc_123',
      message: REPORT.message,
      stack: REPORT.stack,
      componentStack: REPORT.componentStack,
      userAgent: REPORT.userAgent,
      url: REPORT.url,
      userId: null,
      sessionId: 'sess_abc',
      retryCount: 2,
      ipAddress: '10.0.1.1',
    })
    expect(new Date(row.reportedAt!).toISOString()).toBe(REPORT.timestamp)
  })

  it('attributes the report to the signed-in user, never to the userId the report claims', async () => {
    const ctx = await as('expert', '10.0.1.2')
    const { id } = await logClientError(ctx, { ...REPORT, userId: 1 })
    expect((await stored(id)).userId).toBe(ctx.actor!.id)
  })

  it('needs only a message; the rest defaults, the user agent from the request', async () => {
    const { id } = await logClientError(await as(null, '10.0.1.3'), { message: 'Something broke' })
    expect(await stored(id)).toMatchObject({
      message: 'Something broke',
      errorId: '',
      stack: '',
      retryCount: 0,
      userAgent: 'vitest-agent',
      reportedAt: null,
    })
  })

  it('cuts long fields instead of refusing the report', async () => {
    const { id } = await logClientError(await as(null, '10.0.1.4'), {
      ...REPORT,
      errorId: 'e'.repeat(300),
      message: 'm'.repeat(5_000),
      stack: 's'.repeat(30_000),
      componentStack: 'c'.repeat(30_000),
      userAgent: 'u'.repeat(1_000),
      url: `http://x/${'p'.repeat(3_000)}`,
      sessionId: 'i'.repeat(500),
    })
    const row = await stored(id)
    expect(row.errorId).toHaveLength(100)
    expect(row.message).toHaveLength(2_000)
    expect(row.stack).toHaveLength(20_000)
    expect(row.componentStack).toHaveLength(20_000)
    expect(row.userAgent).toHaveLength(500)
    expect(row.url).toHaveLength(2_000)
    expect(row.sessionId).toHaveLength(200)
  })

  it('refuses a report without a message, or of the wrong shape', async () => {
    const ctx = await as(null, '10.0.1.5')
    await expect(logClientError(ctx, { errorId: 'x' })).rejects.toMatchObject({ code: 'invalid' })
    await expect(logClientError(ctx, { message: '' })).rejects.toMatchObject({ code: 'invalid' })
    await expect(logClientError(ctx, { message: 'x', retryCount: -1 })).rejects.toMatchObject({ code: 'invalid' })
    await expect(logClientError(ctx, 'not an object')).rejects.toBeInstanceOf(DomainError)
  })

  it(`takes ${ERROR_REPORTS_PER_MINUTE} reports a minute from one address; the next is rate_limited`, async () => {
    const ctx = await as(null, '10.0.9.9')
    for (let i = 0; i < ERROR_REPORTS_PER_MINUTE; i++) await logClientError(ctx, { message: `report ${i}` })
    const refused = logClientError(ctx, { message: 'one too many' })
    await expect(refused).rejects.toBeInstanceOf(DomainError)
    await expect(logClientError(ctx, { message: 'one too many' })).rejects.toMatchObject({
      code: 'rate_limited',
      message: 'Too many requests. Please wait a moment and try again.',
      retryAfter: 60,
    })
    // Another address is not affected.
    await expect(logClientError(await as(null, '10.0.9.10'), { message: 'elsewhere' })).resolves.toMatchObject({ id: expect.any(Number) })
  })

  it('counts only the last minute', async () => {
    const ctx = await as(null, '10.0.8.8')
    for (let i = 0; i < ERROR_REPORTS_PER_MINUTE; i++) await logClientError(ctx, { message: `old ${i}` })
    await handle.db
      .update(clientErrorReports)
      .set({ createdAt: new Date(Date.now() - 61_000) })
      .where(eq(clientErrorReports.ipAddress, '10.0.8.8'))
    await expect(logClientError(ctx, { message: 'a minute later' })).resolves.toMatchObject({ id: expect.any(Number) })
  })
})

describe('listClientErrors', () => {
  it('refuses travelers and anonymous callers', async () => {
    await expect(listClientErrors(await as('traveler'))).rejects.toMatchObject({
      code: 'forbidden',
      message: "You don't have permission to perform this action.",
    })
    await expect(listClientErrors(await as(null))).rejects.toMatchObject({ code: 'unauthenticated' })
  })

  it('shows staff the latest reports first, with who reported them', async () => {
    await logClientError(await as('specialist', '10.0.2.1'), { ...REPORT, errorId: 'err_latest', message: 'The newest one' })
    for (const username of ['admin', 'expert', 'specialist', 'editor', 'superadmin']) {
      const list = await listClientErrors(await as(username))
      expect(list[0]).toMatchObject({
        error_id: 'err_latest',
        message: 'The newest one',
        url: REPORT.url,
        user_agent: REPORT.userAgent,
        username: 'specialist',
        retry_count: 2,
      })
      expect(Number.isNaN(Date.parse(list[0]!.created_at))).toBe(false)
    }
    const list = await listClientErrors(await as('admin'), 100)
    const anonymous = list.find((r) => r.message === 'Something broke')
    expect(anonymous?.username).toBeNull()
  })

  it('returns 20 by default and at most 100', async () => {
    const admin = await as('admin')
    expect(await listClientErrors(admin)).toHaveLength(20)
    expect(await listClientErrors(admin, 5)).toHaveLength(5)
    expect((await listClientErrors(admin, 1_000)).length).toBeLessThanOrEqual(100)
    expect(await listClientErrors(admin, 0)).toHaveLength(1)
  })
})
