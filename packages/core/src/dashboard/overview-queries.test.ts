import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ROLE_NAMES } from '@meridian/auth'
import { type DatabaseHandle, eq, roles, rowsOf, sql, users } from '@meridian/db'
import { createTestDatabase } from '@meridian/db/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAppServices, serviceContext } from '../app.ts'
import { loadActor } from '../auth/load-actor.ts'
import { loadConfig } from '../config.ts'
import type { AppServices } from '../context.ts'
import { seedDemoUsers } from '../seed/demo-users.ts'
import { getDashboardOverview } from './get-overview.ts'
import { listOverviewSections, overviewSectionsFor } from './list-overview-sections.ts'

// The home dashboard must cost the same handful of statements whether the platform has ten people or thousands:
// no statement per user, quiz or event shown.
let handle: DatabaseHandle
let app: AppServices
let dataDir: string
let counting = false
let statements = 0

beforeAll(async () => {
  handle = await createTestDatabase({ logger: { logQuery: () => void (counting && statements++) } })
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-overview-queries-'))
  app = createAppServices(handle, loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_DIR: dataDir }))
  await seedDemoUsers(handle.db)
  await converse(sql`username = 'traveler'`, 'demo')
})

afterAll(async () => {
  await handle?.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

async function statementsFor(username: string): Promise<{ count: number; items: number }> {
  const [row] = await handle.db.select({ id: users.id }).from(users).where(eq(users.username, username))
  const ctx = serviceContext(app, await loadActor(handle.db, row!.id), { ipAddress: '127.0.0.1', userAgent: 'vitest' })
  statements = 0
  counting = true
  try {
    const [overview, sections] = await Promise.all([getDashboardOverview(ctx), listOverviewSections(ctx)])
    const items = overview.recent_updates.length + sections.reduce((n, s) => n + ('items' in s ? s.items.length : 0), 0)
    return { count: statements, items }
  } finally {
    counting = false
  }
}

/** A conversation (with a message from the traveler) between each chosen traveler and each member of staff who chats. */
async function converse(travelers: ReturnType<typeof sql>, title: string) {
  for (const [username, role] of [
    ['superadmin', 'admin'],
    ['expert', 'expert'],
    ['specialist', 'specialist'],
  ]) {
    const label = `${title} ${username}`
    await handle.db.execute(sql`insert into chat_conversations (traveler_id, title) select id, ${label} from users where ${travelers}`)
    await handle.db.execute(sql`
      insert into chat_participants (conversation_id, user_id, role)
      select c.id, c.traveler_id, 'traveler' from chat_conversations c where c.title = ${label}
      union all
      select c.id, s.id, ${role} from chat_conversations c, users s where c.title = ${label} and s.username = ${username}`)
    await handle.db.execute(sql`
      insert into chat_messages (conversation_id, sender_id, content) select c.id, c.traveler_id, 'Hello' from chat_conversations c where c.title = ${label}`)
    await handle.db.execute(sql`
      update chat_conversations c set last_message_id = m.id, last_message_at = m.created_at
      from chat_messages m where m.conversation_id = c.id and c.title = ${label}`)
  }
}

async function growPlatform(extra: number) {
  const [traveler] = await handle.db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'traveler'))
  const travelerRole = traveler!.id
  await handle.db.execute(sql`
    insert into users (username, email, password_hash, role_id, first_name, date_joined)
    select 'bulk' || g, 'bulk' || g || '@example.com', 'x', ${travelerRole}, 'Bulk ' || g, now() - (g || ' minutes')::interval
    from generate_series(1, ${extra}) g`)
  await handle.db.execute(sql`
    insert into quiz_submissions (user_id, quiz_data, status, submitted_at)
    select id, '{"travel_style":"Adventure"}'::jsonb, 'awaiting_specialist', now() - (id || ' seconds')::interval
    from users where username like 'bulk%'`)
  await handle.db.execute(sql`
    insert into activity_events (actor_id, action, summary)
    select id, 'user.registered', username || ' joined' from users where username like 'bulk%'`)
  await converse(sql`username like 'bulk%'`, 'bulk')
}

describe('home dashboard statements', () => {
  it('stay the same for every role as the platform grows from a few people to hundreds', async () => {
    const before: Record<string, { count: number; items: number }> = {}
    for (const role of ROLE_NAMES) before[role] = await statementsFor(role)

    await growPlatform(400)

    for (const role of ROLE_NAMES) {
      const after = await statementsFor(role)
      expect(after.count, `${role}: statements`).toBe(before[role]!.count)
      // The count is small and fixed: sections, stats and the feed together, and chat's own listing (a page, its
      // count, the unread total, then the page's people, trips, unread counts and last messages) for the hub.
      const chat = overviewSectionsFor(role).includes('communication-hub') ? 7 : 0
      expect(after.count, `${role}: statements`).toBeLessThanOrEqual(6 + chat)
      if (role !== 'traveler') expect(after.items, `${role}: items shown`).toBeGreaterThan(before[role]!.items)
    }
  })
})

describe('head counts per role', () => {
  const kept = async () =>
    rowsOf(await handle.db.execute(sql`select role_id, is_active, is_staff, count from user_counts where count <> 0 order by 1, 2, 3`)).map((r) =>
      [r.role_id, r.is_active, r.is_staff, Number(r.count)].join(':'),
    )
  const counted = async () =>
    rowsOf(
      await handle.db.execute(sql`select role_id, is_active, is_staff or is_superuser as is_staff, count(*) as count
                                  from users group by 1, 2, 3 order by 1, 2, 3`),
    ).map((r) => [r.role_id, r.is_active, r.is_staff, Number(r.count)].join(':'))

  it('follow registrations, role changes, deactivations, staff flags and deletions', async () => {
    await handle.db.execute(sql`insert into users (username, password_hash, role_id)
                                select 'count' || g, 'x', (select id from roles where name = 'traveler') from generate_series(1, 30) g`)
    expect(await kept()).toEqual(await counted())
    await handle.db.execute(sql`update users set is_active = false where username in ('count1', 'count2', 'count3')`)
    await handle.db.execute(sql`update users set role_id = (select id from roles where name = 'expert') where username in ('count3', 'count4')`)
    await handle.db.execute(sql`update users set is_staff = true where username = 'count5'`)
    await handle.db.execute(sql`update users set first_name = 'Renamed' where username like 'count%'`)
    await handle.db.execute(sql`delete from users where username in ('count6', 'count7')`)
    expect(await kept()).toEqual(await counted())
    const [admin] = await handle.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'))
    const ctx = serviceContext(app, await loadActor(handle.db, admin!.id), { ipAddress: '127.0.0.1', userAgent: 'vitest' })
    const { stats } = await getDashboardOverview(ctx)
    const total = rowsOf(await handle.db.execute(sql`select count(*) as n from users`))[0]!.n
    expect(stats.find((s) => s.key === 'total_users')?.value).toBe(Number(total))
  })
})
