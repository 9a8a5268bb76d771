import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RoleName } from '@meridian/auth'
import { insertUser, loadActor, serviceContext, updatePreferences } from '@meridian/core'
import { ACTIVITY_MESSAGES } from '@meridian/core/messages'
import { insertTestActivity } from '@meridian/core/testing'
import { mediaItems, sql, suppliers } from '@meridian/db'
import { recordStatements } from '@meridian/db/testing'
import { type FullServer, startFullServer } from './support/full-server.ts'

/**
 * The settings "Rows shown in lists" and "How lists are laid out" (3-back-office.md §3, §9) as the list screens'
 * loaders apply them: the page a browser without JavaScript receives, rows counted in its HTML.
 */
let server: FullServer

beforeAll(async () => {
  server = await startFullServer()
  const db = server.handle.db
  await db.insert(suppliers).values(Array.from({ length: 60 }, (_, i) => ({ name: `Listed Supplier ${String(i).padStart(2, '0')}` })))
  for (let i = 0; i < 14; i++) await insertTestActivity(db, `Listed Activity ${i}`)
  await db.insert(mediaItems).values(
    Array.from({ length: 30 }, (_, i) => ({
      uuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      title: `Listed photo ${i}`,
      mediaType: 'photo' as const,
      mimeType: 'image/jpeg',
      status: 'ready' as const,
    })),
  )
  for (let i = 0; i < 20; i++) {
    await insertUser(db, { username: `listed${i}`, email: `listed${i}@example.test`, password: 'a-long-password-1', role: 'traveler' })
  }
}, 120_000)
afterAll(() => server?.close())

async function page(path: string, cookie: string) {
  const res = await fetch(`${server.url}${path}`, { redirect: 'manual', headers: { Cookie: cookie } })
  return { status: res.status, body: await res.text() }
}

/** How many times a pattern occurs in the page. */
const countOf = (body: string, pattern: RegExp) => body.match(pattern)?.length ?? 0

/** The given role's demo account with these preferences saved (through the service the settings screen calls). */
async function signedInWith(role: RoleName, changes: Record<string, unknown>) {
  const credentials = await server.credentials(role)
  const actor = await loadActor(server.handle.db, credentials.userId)
  await updatePreferences(serviceContext(server.app, actor, { ipAddress: '', userAgent: '' }), changes)
  return credentials.cookie
}

const supplierRows = (body: string) => countOf(body, /\/dashboard\/supplier-management\/\d+\/edit/g)
const activityCards = (body: string) => countOf(body, /\/dashboard\/activity-management\/\d+\/edit/g)
const userRows = (body: string) => countOf(body, /name="user_ids"/g)

describe('Rows shown in lists', () => {
  // First of the file: the statement log sees only statements prepared after it starts, and this page prepares it.
  it('is read once per page, by a prepared statement: the dashboard layout and the list share it', async () => {
    const cookie = await signedInWith('superadmin', { items_per_page: 10 })
    const log = recordStatements(server.handle.db)
    expect(supplierRows((await page('/dashboard/supplier-management', cookie)).body)).toBe(10)
    expect(log.filter((s) => /select "preferences" from "users"/i.test(s.sql))).toEqual([{ sql: expect.any(String), named: true }])
  })

  it('gives a list of rows as many rows as the setting, with a pager to the rest', async () => {
    const cookie = await signedInWith('superadmin', { items_per_page: 10 })
    const ten = await page('/dashboard/supplier-management', cookie)
    expect(ten.status).toBe(200)
    expect(supplierRows(ten.body)).toBe(10)
    expect(ten.body).toMatch(/Page (<!-- -->)?1(<!-- -->)? of (<!-- -->)?\d+/)
    const second = await page('/dashboard/supplier-management?page=2', cookie)
    expect(supplierRows(second.body)).toBe(10)

    await signedInWith('superadmin', { items_per_page: 50 })
    const fifty = await page('/dashboard/supplier-management', cookie)
    expect(supplierRows(fifty.body)).toBe(50)

    await signedInWith('superadmin', { items_per_page: 100 })
    expect(supplierRows((await page('/dashboard/supplier-management', cookie)).body)).toBeGreaterThan(50)
  })

  it("caps the setting at the list's maximum: activity management holds at most 12 cards (spec 2 §9)", async () => {
    const cookie = await signedInWith('admin', { items_per_page: 10 })
    const ten = await page('/dashboard/activity-management', cookie)
    expect(ten.status).toBe(200)
    expect(activityCards(ten.body)).toBe(10)
    await signedInWith('admin', { items_per_page: 20 })
    expect(activityCards((await page('/dashboard/activity-management', cookie)).body)).toBe(12)
    await signedInWith('admin', { items_per_page: 100 })
    expect(activityCards((await page('/dashboard/activity-management', cookie)).body)).toBe(12)
  })

  it("lets the user list's own ?page_size= win over the setting", async () => {
    const cookie = await signedInWith('superadmin', { items_per_page: 10 })
    const ten = await page('/dashboard/users', cookie)
    expect(ten.status).toBe(200)
    expect(userRows(ten.body)).toBe(10)
    expect(ten.body).toMatch(/page (<!-- -->)?1(<!-- -->)? of (<!-- -->)?\d+/)
    expect(userRows((await page('/dashboard/users?page_size=50', cookie)).body)).toBeGreaterThan(20)
    expect(userRows((await page('/dashboard/users?page_size=20', cookie)).body)).toBe(20)
  })
})

describe('How lists are laid out', () => {
  const cards = (body: string) => countOf(body, /data-testid="media-card"/g)
  const rows = (body: string) => countOf(body, /data-testid="media-row"/g)
  /** The Layout button that is marked as the current one. */
  const current = (body: string) => body.match(/<a[^>]*aria-current="true"[^>]*>(?:<[^>]+>)*\s*(Grid|List)/)?.[1]

  it("opens the media library in the list layout when the setting is 'list', with the setting's page size", async () => {
    const cookie = await signedInWith('admin', { view_mode: 'list', items_per_page: 10 })
    const res = await page('/dashboard/media', cookie)
    expect(res.status).toBe(200)
    expect(rows(res.body)).toBe(10)
    expect(cards(res.body)).toBe(0)
    expect(current(res.body)).toBe('List')
  })

  it("opens it in the grid when the setting is 'grid', at most 24 to a page (spec 2 §9)", async () => {
    const cookie = await signedInWith('admin', { view_mode: 'grid', items_per_page: 100 })
    const res = await page('/dashboard/media', cookie)
    expect(cards(res.body)).toBe(24)
    expect(rows(res.body)).toBe(0)
    expect(current(res.body)).toBe('Grid')
  })

  it('lets ?view= in the address win over the setting', async () => {
    const cookie = await signedInWith('admin', { view_mode: 'list', items_per_page: 20 })
    const res = await page('/dashboard/media?view=grid', cookie)
    expect(cards(res.body)).toBe(20)
    expect(current(res.body)).toBe('Grid')
  })
})

describe("Activity management's load failures (spec 2 §4, §8)", () => {
  async function withTableAway<T>(table: string, run: () => Promise<T>): Promise<T> {
    await server.handle.db.execute(sql.raw(`alter table ${table} rename to ${table}_away`))
    try {
      return await run()
    } finally {
      await server.handle.db.execute(sql.raw(`alter table ${table}_away rename to ${table}`))
    }
  }

  it("shows 'Failed to load data' when the screen's first load fails", async () => {
    const { cookie } = await server.credentials('admin')
    const res = await withTableAway('activities', () => page('/dashboard/activity-management', cookie))
    expect(res.status).toBe(200)
    expect(res.body).toContain(ACTIVITY_MESSAGES.loadFailed)
    expect(res.body).not.toContain(ACTIVITY_MESSAGES.listFailed)
    expect(res.body).toContain('Add Activity')
  })

  it("shows 'Failed to load data' when the options (suppliers …) fail, whatever the filters", async () => {
    const { cookie } = await server.credentials('admin')
    const res = await withTableAway('suppliers', () => page('/dashboard/activity-management?search=Listed', cookie))
    expect(res.body).toContain(ACTIVITY_MESSAGES.loadFailed)
    expect(res.body).not.toContain(ACTIVITY_MESSAGES.listFailed)
  })

  it("shows 'Failed to load activities' when a change of search, filter or page cannot read the list", async () => {
    const { cookie } = await server.credentials('admin')
    for (const query of ['?search=Listed', '?category=culture', '?page=2']) {
      const res = await withTableAway('activities', () => page(`/dashboard/activity-management${query}`, cookie))
      expect(res.body, query).toContain(ACTIVITY_MESSAGES.listFailed)
      expect(res.body, query).not.toContain(ACTIVITY_MESSAGES.loadFailed)
    }
  })

  it('shows neither once the data is back', async () => {
    const { cookie } = await server.credentials('admin')
    const res = await page('/dashboard/activity-management', cookie)
    expect(res.body).not.toContain(ACTIVITY_MESSAGES.loadFailed)
    expect(res.body).not.toContain(ACTIVITY_MESSAGES.listFailed)
    expect(activityCards(res.body)).toBeGreaterThan(0)
  })
})
