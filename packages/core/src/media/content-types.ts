import type { Database } from '@meridian/db'
import type { Actor } from '../actor.ts'
import { isStaff } from '../staff.ts'

/**
 * The catalogue's content types that media can be attached to, named as the legacy clients name them
 * (`core.activity` with the activity's id, spec 2 §7).
 */
export const CONTENT_TYPES = {
  'core.activity': { label: 'Activity', public: true },
  'core.country': { label: 'Country', public: true },
  'core.location': { label: 'Location', public: true },
  'core.supplier': { label: 'Supplier', public: false },
  'core.transfer': { label: 'Transfer', public: false },
  'core.itinerary': { label: 'Itinerary', public: false },
  'core.accommodation': { label: 'Accommodation', public: true },
} as const satisfies Record<string, { label: string; public: boolean }>

export type ContentTypeName = keyof typeof CONTENT_TYPES

export function isContentType(name: string): name is ContentTypeName {
  return Object.hasOwn(CONTENT_TYPES, name)
}

/**
 * How media reaches the objects it is attached to: does the object exist, what is it called, may this
 * person see it. The defaults below know only the type names; each catalogue area plugs in its own
 * lookup (createAppServices' `contentObjects`) as it lands.
 */
export interface ContentObjectLookup {
  exists(db: Database, type: ContentTypeName, id: number): Promise<boolean>
  /** Display names by id, for content_object_name; missing ids fall back to "Activity #12". */
  names(db: Database, type: ContentTypeName, ids: number[]): Promise<Map<number, string>>
  canView(db: Database, actor: Actor | null, type: ContentTypeName, id: number): Promise<boolean>
}

export type ContentObjectLookups = Partial<Record<ContentTypeName, Partial<ContentObjectLookup>>>

/** The default lookup, with per-type overrides. Without an override any positive id exists. */
export function createContentObjectLookup(overrides: ContentObjectLookups = {}): ContentObjectLookup {
  return {
    async exists(db, type, id) {
      const own = overrides[type]?.exists
      return own ? own(db, type, id) : Number.isInteger(id) && id > 0
    },
    async names(db, type, ids) {
      const own = overrides[type]?.names
      const found = own ? await own(db, type, ids) : new Map<number, string>()
      for (const id of ids) if (!found.has(id)) found.set(id, `${CONTENT_TYPES[type].label} #${id}`)
      return found
    },
    async canView(db, actor, type, id) {
      const own = overrides[type]?.canView
      if (own) return own(db, actor, type, id)
      return CONTENT_TYPES[type].public || (actor !== null && isStaff(actor))
    },
  }
}
