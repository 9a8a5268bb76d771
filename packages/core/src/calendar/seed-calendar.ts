import { sql } from '@meridian/db'
import type { DemoTx } from '../seed/demo-record.ts'

/** The demo countries' zones (each has one). */
export const DEMO_ZONES: Record<string, string> = {
  Japan: 'Asia/Tokyo',
  Portugal: 'Europe/Lisbon',
  Peru: 'America/Lima',
  Iceland: 'Atlantic/Reykjavik',
  Kenya: 'Africa/Nairobi',
  Maldives: 'Indian/Maldives',
}

/**
 * The demo destinations' places get their country's time zone where they have none (docs/traveler-app.md "Local
 * time"): the demo plans then read "Times are local to Europe/Lisbon" and the traveler's calendar feed names the zone.
 * The places are watched rows of the demo world: clearing it puts them back as they were.
 */
export async function seedDemoTimeZones(db: DemoTx): Promise<void> {
  for (const [country, zone] of Object.entries(DEMO_ZONES)) {
    await db.execute(sql`
      update locations set timezone = ${zone}
       where timezone = '' and country_id in (select id from countries where name = ${country})`)
  }
}
