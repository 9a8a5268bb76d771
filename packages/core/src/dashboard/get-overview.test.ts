import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { RoleName } from '@meridian/auth'
import { activityEvents, type DatabaseHandle, desc, eq, sql, trips, users } from '@meridian/db'
import { createTestDatabase } from '@meridian/db/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAppServices, serviceContext } from '../app.ts'
import { loadConfig } from '../config.ts'
import type { AppServices, ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { loadActor } from '../auth/load-actor.ts'
import { insertUser } from '../users/insert-user.ts'
import { seedDemoUsers } from '../seed/demo-users.ts'
import { submitOnboardingQuiz } from '../quiz/submit-onboarding-quiz.ts'
import { getDashboardOverview } from './get-overview.ts'

const ANSWERS = { travel_style: 'Food & Wine', budget_range: "I'm flexible", group_size: 'Couple' }

let handle: DatabaseHandle
let app: AppServices
let dataDir: string

async function as(username: string): Promise<ServiceContext> {
  const [row] = await handle.db.select({ id: users.id }).from(users).where(eq(users.username, username))
  return serviceContext(app, await loadActor(handle.db, row!.id), { ipAddress: '127.0.0.1', userAgent: 'vitest' })
}

const tile = (stats: { key: string; value: string | number }[], key: string) => stats.find((s) => s.key === key)?.value

beforeAll(async () => {
  handle = await createTestDatabase()
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-overview-'))
  app = createAppServices(handle, loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_DIR: dataDir }))
  await seedDemoUsers(handle.db)
})

afterAll(async () => {
  await handle?.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

describe('getDashboardOverview', () => {
  it('refuses an anonymous caller', async () => {
    const anonymous = serviceContext(app, null, { ipAddress: '', userAgent: '' })
    await expect(getDashboardOverview(anonymous)).rejects.toMatchObject({ code: 'unauthenticated' })
    await expect(getDashboardOverview(anonymous)).rejects.toBeInstanceOf(DomainError)
  })

  it('gives every role four tiles of its own', async () => {
    const expected: Record<RoleName, string[]> = {
      superadmin: ['Total Users', 'Active Trips', 'Pending Quiz Reviews', 'Staff Members'],
      admin: ['Total Users', 'Active Trips', 'Pending Quiz Reviews', 'Staff Members'],
      expert: ['Assigned Travelers', 'New Assignments', 'Active Trips', 'Expert Team'],
      specialist: ['Pending Reviews', 'Completed Today', 'Average Score', 'Experts Available'],
      editor: ['Platform Updates', 'Experts', 'Travelers', 'Your Sessions'],
      traveler: ['Travel Quiz', 'Quizzes Submitted', 'Your Expert', 'Active Trips'],
    }
    for (const [role, labels] of Object.entries(expected)) {
      const { stats } = await getDashboardOverview(await as(role))
      expect(
        stats.map((s) => s.label),
        role
      ).toEqual(labels)
    }
  })

  it('counts users from the database, and the count follows a new registration', async () => {
    const admin = await as('admin')
    const before = await getDashboardOverview(admin)
    expect(tile(before.stats, 'total_users')).toBe(6)
    expect(tile(before.stats, 'staff_users')).toBe(5)
    await insertUser(handle.db, {
      username: 'newcomer',
      email: 'newcomer@example.test',
      password: 'a-long-password-1',
      role: 'traveler',
    })
    const after = await getDashboardOverview(admin)
    expect(tile(after.stats, 'total_users')).toBe(7)
  })

  it('counts active trips and the departures of the next 30 days for the traveler, their expert and admins', async () => {
    const traveler = await as('traveler')
    const expert = await as('expert')
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10)
    const base = { travelerId: traveler.actor!.id, title: 'Tile trip' }
    await handle.db.insert(trips).values([
      { ...base, startDate: day(10), endDate: day(15), status: 'planning', expertId: expert.actor!.id },
      { ...base, startDate: day(90), endDate: day(95), status: 'booked' },
      { ...base, startDate: day(-50), endDate: day(-40), status: 'completed', expertId: expert.actor!.id },
    ])
    const mine = (await getDashboardOverview(traveler)).stats.find((s) => s.key === 'active_trips')!
    expect(mine).toMatchObject({ value: 2, hint: '1 departure in the next 30 days' })
    expect((await getDashboardOverview(expert)).stats.find((s) => s.key === 'active_trips')!.value).toBe(1)
    expect((await getDashboardOverview(await as('admin'))).stats.find((s) => s.key === 'active_trips')!.value).toBe(2)
    await handle.db.delete(trips)
  })

  it("shows a traveler's quiz as awaiting review once submitted, and staff see the event in the feed", async () => {
    const traveler = await as('traveler')
    const first = await getDashboardOverview(traveler)
    expect(tile(first.stats, 'quiz_status')).toBe('Not taken')
    expect(tile(first.stats, 'my_quizzes')).toBe(0)

    const quiz = await submitOnboardingQuiz(traveler, { quiz_data: ANSWERS })
    const second = await getDashboardOverview(traveler)
    expect(tile(second.stats, 'quiz_status')).toBe('Awaiting review')
    expect(tile(second.stats, 'my_quizzes')).toBe(1)
    expect(tile(second.stats, 'my_expert')).toBe('Not yet assigned')

    const specialist = await getDashboardOverview(await as('specialist'))
    expect(tile(specialist.stats, 'pending_quizzes')).toBe(1)
    expect(tile(specialist.stats, 'average_score')).toBe('—')
    const event = specialist.recent_updates.find((u) => u.action === 'quiz.submitted')
    expect(event).toMatchObject({ subject_id: String(quiz.id), actor: { username: 'traveler' } })
    expect(event!.summary).toContain('completed the onboarding quiz')
    expect(Date.now() - new Date(event!.created_at).getTime()).toBeLessThan(60_000)
  })

  it('shows a reviewed quiz, its score and the assigned expert', async () => {
    await handle.db.execute(sql`
      update quiz_submissions set status = 'reviewed', score = 84, reviewed_at = now(),
        expert_assignment = (select id from users where username = 'expert')
      where user_id = (select id from users where username = 'traveler')`)
    const traveler = await getDashboardOverview(await as('traveler'))
    expect(tile(traveler.stats, 'quiz_status')).toBe('Reviewed')
    expect(tile(traveler.stats, 'my_expert')).toBe('Elena Costa')
    const specialist = await getDashboardOverview(await as('specialist'))
    expect(tile(specialist.stats, 'average_score')).toBe('84%')
    expect(tile(specialist.stats, 'reviewed_today')).toBe(1)
    const expert = await getDashboardOverview(await as('expert'))
    expect(tile(expert.stats, 'my_travelers')).toBe(1)
    expect(tile(expert.stats, 'my_new_assignments')).toBe(1)
  })

  it("keeps the feed of other people's actions from a traveler", async () => {
    const other = await as('newcomer')
    await submitOnboardingQuiz(other, { quiz_data: ANSWERS })
    const traveler = await as('traveler')
    const { recent_updates } = await getDashboardOverview(traveler)
    // The traveler's feed is their own latest events (their quiz, submitted above), none of the newcomer's.
    const own = await handle.db
      .select({ id: activityEvents.id })
      .from(activityEvents)
      .where(eq(activityEvents.actorId, traveler.actor!.id))
      .orderBy(desc(activityEvents.createdAt), desc(activityEvents.id))
      .limit(8)
    expect(own.length).toBeGreaterThan(0)
    expect(recent_updates.map((u) => u.id)).toEqual(own.map((e) => e.id))
    expect(recent_updates.every((u) => u.actor?.username === 'traveler')).toBe(true)
    const staff = await getDashboardOverview(await as('admin'))
    expect(staff.recent_updates.some((u) => u.actor?.username === 'newcomer')).toBe(true)
  })

  it('reports the database, storage and job checks; travelers get the states without the internals', async () => {
    const staff = await getDashboardOverview(await as('admin'))
    expect(staff.platform_status.map((c) => [c.key, c.status])).toEqual([
      ['database', 'operational'],
      ['storage', 'operational'],
      ['jobs', 'operational'],
    ])
    expect(staff.platform_status[0]!.detail).toMatch(/answered in \d+ ms/)
    expect(staff.platform_status[2]!.detail).toContain('queued')

    const traveler = await getDashboardOverview(await as('traveler'))
    expect(traveler.platform_status.map((c) => c.detail)).toEqual([
      'Working normally',
      'Working normally',
      'Working normally',
    ])
    // The storage probe leaves nothing behind.
    expect(fs.readdirSync(dataDir).filter((f) => f.startsWith('.probe-'))).toEqual([])
  })

  it('marks storage down when the data directory cannot be written', async () => {
    const file = path.join(dataDir, 'not-a-directory')
    fs.writeFileSync(file, '')
    const broken = createAppServices(
      handle,
      loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_DIR: file })
    )
    const admin = await as('admin')
    const { platform_status } = await getDashboardOverview({ ...admin, ...broken, actor: admin.actor })
    expect(platform_status.find((c) => c.key === 'storage')).toMatchObject({ status: 'down' })
  })
})
