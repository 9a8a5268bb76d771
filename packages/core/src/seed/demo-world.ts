import { type Database, demoWorld, inArray, rowsOf, sql, users } from '@meridian/db'
import { seedDemoAccommodations } from '../accommodations/seed-accommodations.ts'
import { seedDemoAnalytics } from '../analytics/seed-analytics.ts'
import { seedDemoBookings } from '../bookings/seed-bookings.ts'
import { seedDemoTimeZones } from '../calendar/seed-calendar.ts'
import { seedDemoDueLines } from '../bookings/seed-reminders.ts'
import { seedDemoChat } from '../chat/seed-chat.ts'
import { pgCode } from '../currencies/shared.ts'
import type { AppServices } from '../context.ts'
import { seedDemoDiscovery } from '../discovery/seed-discovery.ts'
import { seedDemoFlights } from '../flights/seed-flights.ts'
import { seedDemoItineraries } from '../itineraries/seed-itineraries.ts'
import { flushStorageDeletions, mediaPrefix } from '../media/storage-cleanup.ts'
import { seedDemoPayments } from '../payments/seed-payments.ts'
import { seedDemoProposals } from '../proposals/seed-proposals.ts'
import { seedDemoMatching } from '../quiz-review/seed-matching.ts'
import { seedDemoTrips } from '../trips/seed-trips.ts'
import { seedDemoWishlist } from '../wishlist/seed-wishlist.ts'
import { DEMO_DESTINATIONS, demoDestinationIds, seedDemoDestinations, seedDemoRates, seedDemoTours, seedDemoTransfers } from './demo-catalogue.ts'
import { seedDemoHistory } from './demo-history.ts'
import { addDemoPhotos, type DemoPhoto, type Scene } from './demo-images.ts'
import { childrenFirst, type DemoTx, highestIds, registerDemoRows, snapshotWatched, tablesWithIds, type WatchedRows } from './demo-record.ts'

type Stores = Pick<AppServices, 'db' | 'storage'>

export type DemoWorldStatus = 'seeded' | 'cleared' | null

export interface DemoWorldSeeded {
  /** Rows added, by table. */
  counts: Record<string, number>
  /** Pictures drawn and stored (processed by the media worker after start). */
  photos: number
  milliseconds: number
}

export interface DemoWorldCleared {
  /** Rows removed, by table (rows their parents' removal took with them are counted with the parents). */
  removed: Record<string, number>
  /** Existing rows the demo had changed, put back. */
  restored: number
  /** Demo rows kept because records that are not demo data use them (a real booking of a demo activity), by table. */
  kept: Record<string, number>
  /** Media folders removed from storage (or left in the deletions outbox while storage is away). */
  files: number
}

/** Whether this database holds the demo world: seeded, cleared (and then not seeded again at start), or never. */
export async function demoWorldStatus(db: Database): Promise<DemoWorldStatus> {
  const [row] = await db.select({ status: demoWorld.status }).from(demoWorld)
  return row?.status ?? null
}

/** A row other records still use: a foreign key (23503) or its RESTRICT setting (23001). */
const isStillUsed = (error: unknown) => ['23503', '23001'].includes(pgCode(error).code ?? '')

/** The picture's look for an activity category or a destination. */
const SCENE_OF: Record<string, Scene> = {
  nature: 'forest',
  adventure: 'mountains',
  culture: 'city',
  culinary: 'city',
  entertainment: 'city',
  family: 'desert',
  wellness: 'sea',
  luxury: 'sea',
  sports: 'mountains',
  education: 'city',
  nightlife: 'city',
  shopping: 'city',
}
const COUNTRY_SCENE: Record<string, Scene> = { Japan: 'city', Portugal: 'city', Peru: 'mountains', Iceland: 'ice', Kenya: 'desert', Maldives: 'sea' }

/**
 * The demo world (docs/demo.md): destinations with their content, tour operators with tiered activities and drawn
 * photos, transfers, conversion rates, a flight schedule for the next 60 days, and travelers at every stage of the
 * journey with their trips, itineraries, bookings, payments, conversations and ratings, so every role's first screen
 * has real figures. Needs the demo accounts (seedDemoUsers) and the reference catalogue and currencies.
 *
 * One repeatable-read transaction: every row it adds is registered in `demo_rows` (what lies above each table's
 * highest id when it began is its own), and so is each existing row it changes, with the values it had. Runs once per
 * database: nothing happens when the world is there, or was cleared (unless `again`), or while another process seeds
 * it. Returns what it added, or null when it did nothing.
 */
export async function seedDemoWorld(app: Stores, options: { again?: boolean } = {}): Promise<DemoWorldSeeded | null> {
  const started = Date.now()
  const status = await demoWorldStatus(app.db)
  if (status === 'seeded' || (status === 'cleared' && !options.again)) return null
  const people = await app.db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, ['traveler', 'expert', 'admin', 'editor']))
  const idOf = (name: string) => people.find((p) => p.username === name)?.id ?? null
  if (!idOf('traveler') || !idOf('expert')) return null
  const folders: string[] = []
  try {
    const result = await app.db.transaction(
      async (tx) => {
        // The claim: a second process seeding at the same time waits here, then fails to claim (and does nothing).
        const [now] = await tx.select({ status: demoWorld.status }).from(demoWorld)
        if (now?.status === 'seeded' || (now?.status === 'cleared' && !options.again)) return null
        await tx
          .insert(demoWorld)
          .values({ id: 1, status: 'seeded', seededAt: new Date() })
          .onConflictDoUpdate({ target: demoWorld.id, set: { status: 'seeded', seededAt: new Date(), clearedAt: null } })
        const db = tx as unknown as DemoTx
        const marks = await highestIds(db, await tablesWithIds(db))
        const watched: WatchedRows[] = [
          { table: 'users', where: sql`x.email like '%@meridian.example'` },
          {
            table: 'countries',
            where: sql`x.name in (${sql.join(
              [...DEMO_DESTINATIONS.map((d) => d.country), 'Morocco'].map((n) => sql`${n}`),
              sql`, `,
            )})`,
          },
          {
            table: 'locations',
            where: sql`x.country_id in (select id from countries where name in (${sql.join(
              DEMO_DESTINATIONS.map((d) => sql`${d.country}`),
              sql`, `,
            )}))`,
          },
        ]
        await snapshotWatched(db, watched)
        // The catalogue first: the itineraries use its transfers, the bookings its activities.
        await seedDemoDestinations(db)
        await seedDemoTours(db)
        await seedDemoTransfers(db, idOf('admin'))
        await seedDemoRates(db, idOf('admin'))
        await seedDemoTimeZones(db)
        await seedDemoTrips(db)
        await seedDemoItineraries(db)
        await seedDemoMatching(db)
        await seedDemoChat(db)
        await seedDemoFlights(db)
        await seedDemoAccommodations(db)
        await seedDemoDiscovery(db)
        await seedDemoWishlist(db)
        await seedDemoBookings(db)
        await seedDemoPayments(db)
        await seedDemoDueLines(db)
        // After the bookings: accepting a proposal books, and the bookings seed adds nothing to a traveler with some.
        await seedDemoProposals(db)
        await seedDemoAnalytics(db)
        await seedDemoHistory(db, marks)
        const photos = await demoPhotos(db, marks)
        folders.push(...(await addDemoPhotos(db, app.storage, photos, idOf('editor'))))
        const counts = await registerDemoRows(db, marks, watched)
        await tx.update(demoWorld).set({ counts })
        // The shared analytics copy would show the figures from before for a minute.
        await db.execute(sql`delete from analytics_reports`)
        return { counts, photos: photos.length }
      },
      { isolationLevel: 'repeatable read' },
    )
    if (!result) return null
    return { ...result, milliseconds: Date.now() - started }
  } catch (error) {
    await Promise.all(folders.map((prefix) => app.storage.deletePrefix(prefix).catch(() => {})))
    // Another process claimed the world first (it commits it; this one did nothing).
    if (['40001', '23505'].includes(pgCode(error).code ?? '')) return null
    throw error
  }
}

/** One photo for each demo activity and stay, and one for each demo destination. */
async function demoPhotos(db: DemoTx, marks: Map<string, number>): Promise<DemoPhoto[]> {
  const acts = rowsOf<{ id: number; name: string; category: string }>(
    await db.execute(sql`select id, name, category from activities where id > ${marks.get('activities') ?? 0} order by id`),
  )
  const stays = rowsOf<{ id: number; name: string }>(
    await db.execute(sql`select id, name from suppliers where supplier_type = 'accommodation' and id > ${marks.get('suppliers') ?? 0} order by id`),
  )
  const places = await demoDestinationIds(db)
  return [
    ...places.map((p): DemoPhoto => ({
      title: `${p.name}: demo picture`,
      scene: COUNTRY_SCENE[p.name] ?? 'sea',
      contentType: 'core.country',
      objectId: p.id,
      featured: true,
    })),
    ...acts.map((a, i): DemoPhoto => ({
      title: a.name,
      scene: SCENE_OF[a.category] ?? 'sea',
      contentType: 'core.activity',
      objectId: Number(a.id),
      featured: i % 3 === 0,
    })),
    ...stays.map((s): DemoPhoto => ({ title: s.name, scene: 'sea', contentType: 'core.accommodation', objectId: Number(s.id) })),
  ]
}

/**
 * Remove the demo world (`npm run demo:clear`): every row it added, and each change it made to an existing row put
 * back where that column still holds what the demo wrote. The accounts of the one-per-role demo set, real records
 * and the reference catalogue stay. A demo row that a real record uses (a real booking of a demo activity) stays too,
 * and is reported. The start does not seed the world again; `npm run seed` does. Null when there is nothing to clear.
 */
export async function clearDemoWorld(app: Stores): Promise<DemoWorldCleared | null> {
  const result = await app.db.transaction(async (tx) => {
    const db = tx as unknown as DemoTx
    const listed = rowsOf<{ table_name: string; n: number }>(
      await db.execute(sql`select table_name, count(*)::int as n from demo_rows where restore is null group by table_name`),
    )
    const changed = rowsOf<{ table_name: string; row_id: string | number; restore: Record<string, unknown>; seeded: Record<string, unknown> }>(
      await db.execute(sql`select table_name, row_id, restore, seeded from demo_rows where restore is not null`),
    )
    if (!listed.length && !changed.length) return null
    const mediaFolders = rowsOf<{ uuid: string }>(
      await db.execute(sql`select uuid from media_items where id in (select row_id from demo_rows where table_name = 'media_items' and restore is null)`),
    ).map((r) => mediaPrefix(r.uuid))
    const removed: Record<string, number> = {}
    const kept: Record<string, number> = {}
    for (const table of await childrenFirst(
      db,
      listed.map((l) => l.table_name),
    )) {
      const mine = sql`select row_id from demo_rows where table_name = ${table} and restore is null`
      try {
        const gone = await tx.transaction(
          async (sp) => rowsOf(await sp.execute(sql`delete from ${sql.identifier(table)} where id in (${mine}) returning id`)).length,
        )
        if (gone) removed[table] = gone
      } catch (error) {
        if (!isStillUsed(error)) throw error
        // Some are used by records that are not demo data: remove the others one by one.
        const ids = rowsOf<{ row_id: string | number }>(await db.execute(sql`${mine} and row_id in (select id from ${sql.identifier(table)})`))
        for (const { row_id } of ids) {
          try {
            await tx.transaction(async (sp) => sp.execute(sql`delete from ${sql.identifier(table)} where id = ${Number(row_id)}`))
            removed[table] = (removed[table] ?? 0) + 1
          } catch (inner) {
            if (!isStillUsed(inner)) throw inner
            kept[table] = (kept[table] ?? 0) + 1
            await db.execute(sql`update demo_rows set seeded = '{"kept": true}'::jsonb where table_name = ${table} and row_id = ${Number(row_id)}`)
          }
        }
      }
    }
    let restored = 0
    for (const row of changed) {
      const table = sql.identifier(row.table_name)
      const [current] = rowsOf<{ j: Record<string, unknown> }>(
        await db.execute(sql`select to_jsonb(x) as j from ${table} x where x.id = ${Number(row.row_id)}`),
      )
      if (!current) continue
      // Only what still holds the demo's value: a column someone changed since is theirs.
      const columns = Object.keys(row.restore).filter((k) => k in current.j && JSON.stringify(current.j[k]) === JSON.stringify(row.seeded[k]))
      if (!columns.length) continue
      const list = sql.join(
        columns.map((c) => sql.identifier(c)),
        sql`, `,
      )
      await db.execute(
        sql`update ${table} set (${list}) = (select ${list} from jsonb_populate_record(null::${table}, ${JSON.stringify(
          row.restore,
        )}::jsonb)) where id = ${Number(row.row_id)}`,
      )
      restored++
    }
    const goneFolders = rowsOf<{ uuid: string }>(
      mediaFolders.length
        ? await db.execute(
            sql`select uuid from media_items where uuid in (${sql.join(
              mediaFolders.map((f) => sql`${f.slice('media/'.length)}`),
              sql`, `,
            )})`,
          )
        : [],
    )
    const stillThere = new Set(goneFolders.map((r) => mediaPrefix(r.uuid)))
    const toDelete = mediaFolders.filter((f) => !stillThere.has(f))
    // Storage deletions go through the outbox, written with the rows, so none is lost if storage is away.
    for (const prefix of toDelete) await db.execute(sql`insert into storage_deletions (prefix) values (${prefix})`)
    await db.execute(sql`delete from demo_rows where seeded is distinct from '{"kept": true}'::jsonb or restore is not null`)
    await tx
      .insert(demoWorld)
      .values({ id: 1, status: 'cleared', clearedAt: new Date() })
      .onConflictDoUpdate({ target: demoWorld.id, set: { status: 'cleared', clearedAt: new Date() } })
    await db.execute(sql`delete from analytics_reports`)
    return { removed, restored, kept, files: toDelete.length }
  })
  // Now, while storage answers; otherwise every process's media housekeeping finishes it later.
  if (result?.files) while ((await flushStorageDeletions(app as AppServices).catch(() => 0)) > 0);
  return result
}
