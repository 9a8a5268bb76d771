import { countries, type Database, eq, getTableName, locations, sql, suppliers, transfers } from '@meridian/db'
import { byIds } from '../lists/paged-list.ts'
import type { Actor } from '../context.ts'
import { isStaff } from '../staff.ts'
import type { ContentObjectLookup, ContentObjectLookups, ContentTypeName } from './content-types.ts'

type CatalogueTable = typeof countries | typeof locations | typeof suppliers | typeof transfers

/**
 * Media attached to a catalogue row: the row must exist, its name labels the media, and travelers see the media of
 * active countries and locations only (suppliers and transfers are staff-only, as CONTENT_TYPES says).
 */
function tableLookup(table: CatalogueTable, activeColumn?: typeof countries.isActive | typeof locations.isActive): Partial<ContentObjectLookup> {
  const namesOf = byIds(`${getTableName(table)}_names`, (db, ids) =>
    db.select({ id: table.id, name: table.name }).from(table).where(sql`${table.id} = any(${ids})`),
  )
  return {
    async exists(db: Database, _type: ContentTypeName, id: number) {
      if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return false
      const rows = await db.select({ id: table.id }).from(table).where(eq(table.id, id)).limit(1)
      return rows.length > 0
    },
    async names(db: Database, _type: ContentTypeName, ids: number[]) {
      const wanted = ids.filter((id) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647)
      if (!wanted.length) return new Map<number, string>()
      const rows = await namesOf(db, wanted)
      return new Map(rows.map((r) => [r.id, r.name || `#${r.id}`]))
    },
    async canView(db: Database, actor: Actor | null, _type: ContentTypeName, id: number) {
      if (actor && isStaff(actor)) return true
      if (!activeColumn || !Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return false
      const rows = await db.select({ active: activeColumn }).from(table).where(eq(table.id, id)).limit(1)
      return rows[0]?.active === true
    },
  }
}

/** The catalogue areas that exist so far, plugged into the media library's content-object lookup. */
export const CATALOGUE_CONTENT_LOOKUPS: ContentObjectLookups = {
  'core.country': tableLookup(countries, countries.isActive),
  'core.location': tableLookup(locations, locations.isActive),
  'core.supplier': tableLookup(suppliers),
  'core.transfer': tableLookup(transfers),
}
