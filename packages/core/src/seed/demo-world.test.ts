import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createTestDatabase } from '@meridian/db/testing'
import { activities, bookings, type DatabaseHandle, eq, rowsOf, sql, suppliers, users } from '@meridian/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAppServices } from '../app.ts'
import { seedCatalogueIfEmpty } from '../catalogue/seed-catalogue.ts'
import { loadConfig } from '../config.ts'
import type { AppServices } from '../context.ts'
import { seedCurrencies } from '../currencies/seed-currencies.ts'
import { claimNextMedia, processClaimedMedia } from '../media/process-media.ts'
import { insertUser } from '../users/insert-user.ts'
import { seedDemoUsers } from './demo-users.ts'
import { clearDemoWorld, demoWorldStatus, seedDemoWorld } from './demo-world.ts'

let handle: DatabaseHandle
let app: AppServices
let mediaRoot: string
/** Every table as it was with the accounts and reference data only. */
let before: Map<string, string>

/** Tables of the demo bookkeeping itself and caches, which a comparison of the data leaves out. */
const BOOKKEEPING = new Set(['demo_rows', 'demo_world', 'analytics_reports', 'storage_deletions'])

async function everyTable(): Promise<Map<string, string>> {
  const tables = rowsOf<{ table_name: string }>(
    await handle.db.execute(
      sql`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
    ),
  ).map((r) => r.table_name)
  const out = new Map<string, string>()
  for (const table of tables.filter((t) => !BOOKKEEPING.has(t))) {
    const [row] = rowsOf<{ j: unknown }>(
      await handle.db.execute(sql`select coalesce(jsonb_agg(to_jsonb(x) order by to_jsonb(x)::text), '[]'::jsonb) as j from ${sql.identifier(table)} x`),
    )
    out.set(table, JSON.stringify(row!.j))
  }
  return out
}

const countOf = async (query: ReturnType<typeof sql>) => Number(rowsOf<{ n: number }>(await handle.db.execute(query))[0]!.n)

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name)
}

beforeAll(async () => {
  handle = await createTestDatabase()
  mediaRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-demo-world-'))
  app = createAppServices(handle, loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_DIR: mediaRoot, MEDIA_ROOT: mediaRoot }))
  await seedCatalogueIfEmpty(handle.db)
  await seedCurrencies(handle.db)
  await seedDemoUsers(handle.db)
  before = await everyTable()
}, 60_000)
afterAll(async () => {
  await handle?.close()
  fs.rmSync(mediaRoot, { recursive: true, force: true })
})

describe('the demo world', () => {
  it('fills every stage of the journey and the catalogue behind it, labelled as demo data', async () => {
    const seeded = await seedDemoWorld(app)
    expect(seeded).not.toBeNull()
    expect(await demoWorldStatus(handle.db)).toBe('seeded')
    // Travelers at every stage.
    expect(await countOf(sql`select count(*)::int as n from quiz_submissions where status = 'awaiting_specialist'`)).toBeGreaterThanOrEqual(3)
    expect(
      await countOf(sql`select count(*)::int as n from quiz_submissions where status = 'reviewed' and expert_assignment is not null`),
    ).toBeGreaterThanOrEqual(1)
    for (const status of ['planning', 'booked', 'active', 'completed']) {
      expect(await countOf(sql`select count(*)::int as n from trips where status = ${status}`), status).toBeGreaterThanOrEqual(1)
    }
    expect(await countOf(sql`select count(*)::int as n from trips where status = 'completed' and rating is not null`)).toBeGreaterThanOrEqual(1)
    // Peru's (sent as a proposal that waits) and the Maldives' (sent and accepted); Lisbon's draft.
    expect(await countOf(sql`select count(*)::int as n from itineraries where status = 'approved'`)).toBe(2)
    expect(await countOf(sql`select count(*)::int as n from itineraries where status = 'draft'`)).toBe(1)
    expect(await countOf(sql`select count(*)::int as n from payments where status = 'succeeded'`)).toBeGreaterThanOrEqual(1)
    expect(await countOf(sql`select count(*)::int as n from chat_messages`)).toBeGreaterThanOrEqual(4)
    // The staff feed tells the story: travelers joining, quizzes submitted, one reviewed, some within the week.
    expect(
      await countOf(
        sql`select count(*)::int as n from activity_events where action = 'quiz.reviewed' and summary like 'Review saved: Lucas Moreau now works with Elena Costa.%'`,
      ),
    ).toBe(1)
    expect(await countOf(sql`select count(*)::int as n from activity_events where created_at > now() - interval '7 days'`)).toBeGreaterThan(0)
    // The catalogue: tiered activities of rated suppliers, transfers (used by the itineraries), rates, flights.
    expect(await countOf(sql`select count(distinct activity_id)::int as n from activity_pricing_tiers`)).toBeGreaterThanOrEqual(10)
    expect(await countOf(sql`select count(*)::int as n from transfers`)).toBe(5)
    expect(await countOf(sql`select count(*)::int as n from itinerary_items where transfer_id is not null`)).toBeGreaterThanOrEqual(1)
    expect(await countOf(sql`select count(distinct to_currency_id)::int as n from conversion_rates where effective_date = current_date`)).toBe(7)
    expect(await countOf(sql`select count(*)::int as n from flights where departure_at > now() + interval '50 days'`)).toBeGreaterThan(0)
    expect(await countOf(sql`select count(*)::int as n from countries where is_promoted_destination and why_visit like 'Demo data:%'`)).toBe(6)
    // Two demo suppliers with booking terms of their own (a stricter policy in Tokyo time; a fixed deposit), labelled.
    expect(
      await countOf(
        sql`select count(*)::int as n from suppliers where description like 'Demo data:%' and ((cancellation_terms is not null and time_zone = 'Asia/Tokyo') or (schedule_terms ->> 'deposit_amount' = '500' and time_zone = 'Africa/Nairobi'))`,
      ),
    ).toBe(2)
    // Every demo trip's place has its country's time zone: the plans' times and the calendar feed name it.
    const zoned = rowsOf<{ title: string; timezone: string }>(
      await handle.db.execute(sql`select t.title, l.timezone from trips t join locations l on l.id = t.location_id where t.title like '%Lisbon%' or t.title like '%Kyoto%'`),
    )
    expect(zoned.length).toBeGreaterThan(0)
    for (const t of zoned) expect(t.timezone, t.title).toBe(t.title.includes('Lisbon') ? 'Europe/Lisbon' : 'Asia/Tokyo')
    // A party on the demo traveler's approved plan, with an item for two of them.
    const forSome = rowsOf<{ title: string; names: string }>(
      await handle.db.execute(
        sql`select i.title, (select string_agg(m.name, ', ' order by m.id) from trip_party_members m where m.id = any(i.party)) as names from itinerary_items i where cardinality(i.party) > 0`,
      ),
    )
    expect(forSome).toEqual([{ title: 'Walk along the Malecón', names: 'Camille, Inès' }])
    // The demo traveler's proposals: one waiting with options and a comment thread, one accepted on another trip.
    const rounds = rowsOf<{ trip_id: number; status: string; plan: { days: { items: { option_group: string | null }[] }[] }; accepted: unknown }>(
      await handle.db.execute(
        sql`select p.trip_id, p.status, p.plan, p.accepted from proposals p join trips t on t.id = p.trip_id join users u on u.id = t.traveler_id where u.username = 'traveler' order by p.id`,
      ),
    )
    expect(rounds.map((r) => r.status)).toEqual(['sent', 'accepted'])
    expect(new Set(rounds.map((r) => r.trip_id)).size).toBe(2)
    const slots = (plan: (typeof rounds)[number]['plan']) => {
      const sizes = new Map<string, number>()
      for (const item of plan.days.flatMap((d) => d.items)) if (item.option_group) sizes.set(item.option_group, (sizes.get(item.option_group) ?? 0) + 1)
      return [...sizes.values()].sort()
    }
    expect(slots(rounds[0]!.plan)).toEqual([2, 3])
    expect(slots(rounds[1]!.plan)).toEqual([2, 2, 2])
    expect(await countOf(sql`select count(*)::int as n from proposal_comments where thread_id is null`)).toBe(1)
    expect(await countOf(sql`select count(*)::int as n from proposal_comments`)).toBe(2)
    expect(await countOf(sql`select count(*)::int as n from bookings where details -> 'proposal' is not null and status = 'pending'`)).toBeGreaterThanOrEqual(1)
    expect(await countOf(sql`select count(*)::int as n from bookings where details -> 'proposal' is not null and status = 'confirmed'`)).toBeGreaterThanOrEqual(
      1,
    )
    // Labelled like the rest, and no mail queued for the demo addresses.
    expect(await countOf(sql`select count(*)::int as n from notifications where kind like 'proposal.%' and body not like 'Demo data:%'`)).toBe(0)
    expect(await countOf(sql`select count(*)::int as n from mail_outbox`)).toBe(0)
    // Every demo row is registered; nothing else is.
    const registered = await countOf(sql`select count(*)::int as n from demo_rows where table_name = 'trips'`)
    expect(registered).toBe(await countOf(sql`select count(*)::int as n from trips`))
    expect(Object.values(seeded!.counts).reduce((a, b) => a + b, 0)).toBeGreaterThan(500)
  }, 60_000)

  it('draws a photo for every demo activity, stay and destination, which the media worker makes ready', async () => {
    const photos = await countOf(sql`select count(*)::int as n from media_items where status = 'pending'`)
    expect(photos).toBe(await countOf(sql`select count(*)::int as n from media_items`))
    expect(
      await countOf(
        sql`select count(*)::int as n from activities a where not exists (select 1 from media_items m where m.content_type = 'core.activity' and m.object_id = a.id)`,
      ),
    ).toBe(0)
    expect(filesUnder(mediaRoot).filter((f) => f === 'upload')).toHaveLength(photos)
    const claimed = await claimNextMedia(app)
    const done = await processClaimedMedia(app, claimed!)
    expect(done?.status).toBe('ready')
    expect(Object.keys(done!.variants)).toEqual(expect.arrayContaining(['original', 'preview', 'thumbnail_small']))
    expect((done!.metadata as { width?: number }).width).toBe(1200)
  }, 30_000)

  it('adds nothing when seeded again', async () => {
    const now = await everyTable()
    expect(await seedDemoWorld(app)).toBeNull()
    expect(await everyTable()).toEqual(now)
  }, 30_000)

  it('clears to exactly the accounts and reference data it started from, files included', async () => {
    const cleared = await clearDemoWorld(app)
    expect(cleared!.removed.trips).toBeGreaterThanOrEqual(6)
    expect(cleared!.restored).toBeGreaterThan(0)
    expect(cleared!.kept).toEqual({})
    const after = await everyTable()
    for (const [table, rows] of before) expect(after.get(table), table).toBe(rows)
    expect(filesUnder(path.join(mediaRoot, 'media'))).toEqual([])
    expect(await demoWorldStatus(handle.db)).toBe('cleared')
    // The next start does not bring it back; clearing again finds nothing.
    expect(await seedDemoWorld(app)).toBeNull()
    expect(await clearDemoWorld(app)).toBeNull()
  }, 60_000)

  it('is seeded again on request, and a demo row a real record uses stays when cleared', async () => {
    expect(await seedDemoWorld(app, { again: true })).not.toBeNull()
    const [activity] = await handle.db.select().from(activities).where(eq(activities.name, 'Machu Picchu guided visit'))
    const realId = await insertUser(handle.db, { username: 'real-traveler', email: 'real@example.com', password: 'a long enough password', role: 'traveler' })
    await handle.db
      .insert(bookings)
      .values({
        reference: 'MRD-REAL-1',
        travelerId: realId,
        bookingType: 'activity',
        activityId: activity!.id,
        title: activity!.name,
        serviceDate: '2030-05-01',
        amount: '300.00',
      })
    const cleared = await clearDemoWorld(app)
    // The activity stays, and so does its supplier, which it needs; the rest of the world goes.
    expect(cleared!.kept).toEqual({ activities: 1, suppliers: 1 })
    const left = await handle.db.select({ id: activities.id }).from(activities)
    expect(left.map((a) => a.id)).toEqual([activity!.id])
    expect(await handle.db.select({ id: suppliers.id }).from(suppliers)).toHaveLength(1)
    expect(await countOf(sql`select count(*)::int as n from trips`)).toBe(0)
    expect(await handle.db.select({ id: users.id }).from(users).where(eq(users.username, 'real-traveler'))).toHaveLength(1)
  }, 60_000)
})
