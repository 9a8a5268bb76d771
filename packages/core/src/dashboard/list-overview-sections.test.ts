import { navigationFor, type RoleName } from '@meridian/auth'
import { type DatabaseHandle, eq, sql, trips, users } from '@meridian/db'
import { createTestDatabase } from '@meridian/db/testing'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createAppServices, serviceContext } from '../app.ts'
import { loadConfig } from '../config.ts'
import type { AppServices, ServiceContext } from '../context.ts'
import { loadActor } from '../auth/load-actor.ts'
import { insertUser } from '../users/insert-user.ts'
import { seedDemoUsers } from '../seed/demo-users.ts'
import { submitOnboardingQuiz } from '../quiz/submit-onboarding-quiz.ts'
import { listOverviewSections, type OverviewSection, overviewSectionsFor } from './list-overview-sections.ts'

const ANSWERS = {
  travel_style: 'Culture & History',
  budget_range: 'Premium ($3000-5000)',
  group_size: 'Family with kids',
}

let handle: DatabaseHandle
let app: AppServices

async function as(username: string): Promise<ServiceContext> {
  const [row] = await handle.db.select({ id: users.id }).from(users).where(eq(users.username, username))
  return serviceContext(app, await loadActor(handle.db, row!.id), { ipAddress: '127.0.0.1', userAgent: 'vitest' })
}

function section<I extends OverviewSection['id']>(list: OverviewSection[], id: I) {
  const found = list.find((s) => s.id === id)
  if (!found) throw new Error(`no section ${id}`)
  return found as Extract<OverviewSection, { id: I }>
}

// Statements sent to the database, counted through its logger (as overview-queries.test.ts does).
let counting = false
let statements = 0
async function statementsOf(run: () => Promise<unknown>): Promise<number> {
  statements = 0
  counting = true
  try {
    await run()
    return statements
  } finally {
    counting = false
  }
}

beforeAll(async () => {
  handle = await createTestDatabase({ logger: { logQuery: () => void (counting && statements++) } })
  app = createAppServices(handle, loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/unused' }))
  await seedDemoUsers(handle.db)
})

afterAll(async () => {
  await handle?.close()
})

describe('overviewSectionsFor', () => {
  it("follows the sidebar's anchors for each role, as the access table grants them", () => {
    const expected: Record<RoleName, string[]> = {
      superadmin: [
        'trip-management',
        'assignment-queue',
        'expert-assignments',
        'trip-planning',
        'communication-hub',
        'quiz-review',
        'customer-profiles',
        'analytics',
      ],
      admin: ['trip-planning', 'customer-profiles', 'analytics'],
      // Customer Profiles and Analytics are not the expert's: their screens need manage_customer_profiles or
      // manage_users, and view_analytics (docs/departures.md).
      expert: ['trip-management', 'assignment-queue', 'trip-planning', 'communication-hub'],
      specialist: [
        'assignment-queue',
        'expert-assignments',
        'trip-planning',
        'communication-hub',
        'quiz-review',
        'customer-profiles',
      ],
      editor: [],
      traveler: ['trip-planning'],
    }
    for (const [role, ids] of Object.entries(expected) as [RoleName, string[]][]) {
      expect(overviewSectionsFor(role), role).toEqual(ids)
      const anchors = navigationFor(role)
        .flatMap((s) => s.items)
        .filter((i) => i.to.includes('#'))
        .map((i) => i.to.split('#')[1])
      expect(new Set(ids)).toEqual(new Set(anchors))
    }
  })
})

describe('listOverviewSections', () => {
  it('refuses an anonymous caller', async () => {
    await expect(
      listOverviewSections(serviceContext(app, null, { ipAddress: '', userAgent: '' }))
    ).rejects.toMatchObject({
      code: 'unauthenticated',
    })
  })

  it("lists trips in progress: an expert's own, every trip for the superadmin (overview-work.test.ts has the rest)", async () => {
    const expert = await as('expert')
    const traveler = await as('traveler')
    const base = { travelerId: traveler.actor!.id, startDate: '2031-03-01', endDate: '2031-03-05' }
    await handle.db.insert(trips).values([
      { ...base, title: 'Theirs', status: 'booked', expertId: expert.actor!.id },
      { ...base, title: 'Unassigned', status: 'planning' },
      { ...base, title: 'Done', status: 'completed', expertId: expert.actor!.id },
    ])
    const mine = section(await listOverviewSections(expert), 'trip-management')
    expect(mine).toMatchObject({
      scope: 'mine',
      counts: { planning: 0, booked: 1, active: 0 },
      items: [{ title: 'Theirs', status: 'booked', start_date: '2031-03-01', end_date: '2031-03-05', next_step: { key: 'departs' } }],
    })
    const all = section(await listOverviewSections(await as('superadmin')), 'trip-management')
    expect(all.items.map((t) => t.title)).toEqual(['Unassigned', 'Theirs'])
    expect(all.items[0]!.traveler?.username).toBe('traveler')
    await handle.db.delete(trips)
  })

  it('gives an editor nothing and asks the database nothing', async () => {
    const editor = await as('editor')
    const traveler = await as('traveler')
    // Every statement the database is sent goes through the logger, whatever query builder sent it.
    expect(await statementsOf(() => listOverviewSections(traveler))).toBeGreaterThan(0)
    let sections: OverviewSection[] = []
    expect(await statementsOf(async () => (sections = await listOverviewSections(editor)))).toBe(0)
    expect(sections).toEqual([])
  })

  it('starts empty: no quiz, no assignments, no trips, no conversations', async () => {
    const all = await listOverviewSections(await as('superadmin'))
    expect(all.map((s) => s.id)).toEqual(overviewSectionsFor('superadmin'))
    expect(section(all, 'trip-management').items).toEqual([])
    expect(section(all, 'communication-hub')).toEqual({ id: 'communication-hub', count: 0, unread_total: 0, items: [] })
    expect(section(all, 'assignment-queue')).toEqual({ id: 'assignment-queue', scope: 'unassigned', items: [] })
    expect(section(all, 'expert-assignments').items).toEqual([])
    expect(section(all, 'quiz-review')).toEqual({ id: 'quiz-review', pending: 0, items: [] })
    expect(section(all, 'trip-planning')).toEqual({
      id: 'trip-planning',
      scope: 'team',
      awaiting_review: 0,
      awaiting_expert: 0,
      matched: 0,
    })

    const traveler = await listOverviewSections(await as('traveler'))
    expect(traveler).toEqual([{ id: 'trip-planning', scope: 'traveler', quiz: null }])
  })

  it('fills every section but the Communication Hub (chat\'s own listing) from one statement', async () => {
    const ctx = await as('superadmin')
    const spy = vi.spyOn(ctx.db, 'execute')
    await listOverviewSections(ctx)
    expect(spy).toHaveBeenCalledTimes(1)
    spy.mockRestore()
  })

  it('lists quizzes awaiting a specialist, newest first, and the travelers who sent them', async () => {
    for (const name of ['ana', 'ben', 'chloe', 'dev', 'emil', 'femi']) {
      await insertUser(handle.db, {
        username: name,
        email: `${name}@example.test`,
        password: 'a-long-password-1',
        role: 'traveler',
        firstName: name.toUpperCase(),
      })
      await submitOnboardingQuiz(await as(name), { quiz_data: ANSWERS })
    }
    await submitOnboardingQuiz(await as('traveler'), { quiz_data: ANSWERS })

    const sections = await listOverviewSections(await as('specialist'))
    const review = section(sections, 'quiz-review')
    expect(review.pending).toBe(7)
    expect(review.items).toHaveLength(5)
    expect(review.items[0]).toMatchObject({
      quiz_type: 'general',
      travel_style: 'Culture & History',
      group_size: 'Family with kids',
      traveler: { username: 'traveler', name: 'Lucas Moreau' },
    })
    expect(review.items[1]!.traveler).toMatchObject({ username: 'femi', name: 'FEMI' })
    expect(new Date(review.items[0]!.submitted_at).toISOString()).toBe(review.items[0]!.submitted_at)

    const planning = section(sections, 'trip-planning')
    expect(planning).toMatchObject({ scope: 'team', awaiting_review: 7, awaiting_expert: 0, matched: 0 })
  })

  it("shows a traveler's own latest quiz", async () => {
    const [own] = await listOverviewSections(await as('traveler'))
    expect(own).toMatchObject({
      id: 'trip-planning',
      scope: 'traveler',
      quiz: { status: 'awaiting_specialist', expert: null },
    })
  })

  it('lists the newest travelers with their latest quiz status, and counts them', async () => {
    await insertUser(handle.db, {
      username: 'gus',
      email: 'gus@example.test',
      password: 'a-long-password-1',
      role: 'traveler',
    })
    await handle.db.execute(sql`update users set city = 'Lisbon', country = 'Portugal' where username = 'gus'`)
    const profiles = section(await listOverviewSections(await as('specialist')), 'customer-profiles')
    expect(profiles.total).toBe(8)
    expect(profiles.items).toHaveLength(5)
    expect(profiles.items[0]).toMatchObject({
      username: 'gus',
      name: 'gus',
      location: 'Lisbon, Portugal',
      is_active: true,
      quiz_status: null,
    })
    expect(profiles.items[1]).toMatchObject({ username: 'femi', quiz_status: 'awaiting_specialist' })
    expect(profiles.items.every((c) => c.username !== 'admin')).toBe(true)
  })

  it('counts people by role for analytics', async () => {
    const analytics = section(await listOverviewSections(await as('admin')), 'analytics')
    expect(analytics.total_users).toBe(13)
    expect(analytics.active_users).toBe(13)
    expect(analytics.joined_last_7_days).toBe(13)
    expect(analytics.quizzes_submitted).toBe(7)
    expect(analytics.by_role).toEqual([
      { role: 'superadmin', display_name: 'Super Administrator', count: 1 },
      { role: 'admin', display_name: 'Administrator', count: 1 },
      { role: 'expert', display_name: 'Travel Expert', count: 1 },
      { role: 'specialist', display_name: 'Travel Specialist', count: 1 },
      { role: 'editor', display_name: 'Content Editor', count: 1 },
      { role: 'traveler', display_name: 'Traveler', count: 8 },
    ])
  })

  it("puts matched travelers in the expert's queue and in the specialists' assignment list", async () => {
    await handle.db.execute(sql`
      update quiz_submissions set status = 'reviewed', reviewed_at = now(), score = 90,
        expert_assignment = (select id from users where username = 'expert')
      where user_id = (select id from users where username = 'ana')`)
    await handle.db.execute(sql`
      update quiz_submissions set status = 'reviewed', reviewed_at = now() - interval '1 hour', score = 70
      where user_id = (select id from users where username = 'ben')`)

    const expert = section(await listOverviewSections(await as('expert')), 'assignment-queue')
    expect(expert.scope).toBe('mine')
    expect(expert.items).toHaveLength(1)
    expect(expert.items[0]).toMatchObject({
      traveler: { username: 'ana' },
      expert: { username: 'expert', name: 'Elena Costa' },
    })

    const specialist = await listOverviewSections(await as('specialist'))
    const queue = section(specialist, 'assignment-queue')
    expect(queue.scope).toBe('unassigned')
    expect(queue.items.map((i) => i.traveler?.username)).toEqual(['ben'])
    expect(queue.items[0]!.expert).toBeNull()
    expect(section(specialist, 'expert-assignments').items.map((i) => i.traveler?.username)).toEqual(['ana'])
    expect(section(specialist, 'trip-planning')).toMatchObject({ awaiting_review: 5, awaiting_expert: 1, matched: 1 })
    expect(section(specialist, 'quiz-review').pending).toBe(5)

    // Another expert's queue stays empty.
    await insertUser(handle.db, {
      username: 'otto',
      email: 'otto@example.test',
      password: 'a-long-password-1',
      role: 'expert',
    })
    expect(section(await listOverviewSections(await as('otto')), 'assignment-queue').items).toEqual([])
  })
})
