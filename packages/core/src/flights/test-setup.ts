/** A database with a few airports, the currencies and the demo accounts, for the flight tests. */
import { countries, type DatabaseHandle, eq, locations, users } from '@meridian/db'
import { createTestDatabase } from '@meridian/db/testing'
import { createAppServices, serviceContext } from '../app.ts'
import { loadActor } from '../auth/load-actor.ts'
import { loadConfig } from '../config.ts'
import type { ServiceContext } from '../context.ts'
import { seedCatalogueIfEmpty } from '../catalogue/seed-catalogue.ts'
import { seedCurrencies } from '../currencies/seed-currencies.ts'
import { seedDemoUsers } from '../seed/demo-users.ts'
import { localParts } from './time.ts'

export const DAY = 86_400_000
/** A day n days from today, YYYY-MM-DD (UTC). */
export const day = (n: number) => new Date(Date.now() + n * DAY).toISOString().slice(0, 10)
/** The local date at an airport's zone of an instant, for checking answers. */
export const localDate = (at: Date, zone: string) => localParts(at, zone).date

export interface FlightWorld {
  handle: DatabaseHandle
  as(username: string): Promise<ServiceContext>
  /** Airport location ids by IATA code. */
  airports: Record<string, number>
  close(): Promise<void>
}

const AIRPORTS = [
  { code: 'LHR', name: 'London Heathrow Airport', city: 'London', country: 'United Kingdom', timezone: 'Europe/London' },
  { code: 'LGW', name: 'London Gatwick Airport', city: 'London', country: 'United Kingdom', timezone: 'Europe/London' },
  { code: 'CDG', name: 'Charles de Gaulle International Airport', city: 'Paris', country: 'France', timezone: 'Europe/Paris' },
  { code: 'JFK', name: 'John F Kennedy International Airport', city: 'New York', country: 'United States', timezone: 'America/New_York' },
  { code: 'NRT', name: 'Narita International Airport', city: 'Tokyo', country: 'Japan', timezone: 'Asia/Tokyo' },
  { code: 'GRU', name: 'São Paulo–Guarulhos International Airport', city: 'Guarulhos', country: 'Brazil', timezone: 'America/Sao_Paulo' },
]

export async function flightWorld(): Promise<FlightWorld> {
  const handle = await createTestDatabase()
  await seedCurrencies(handle.db)
  await seedDemoUsers(handle.db)
  const airports: Record<string, number> = {}
  const countryIds = new Map<string, number>()
  for (const a of AIRPORTS) {
    let countryId = countryIds.get(a.country)
    if (!countryId) {
      const [c] = await handle.db.insert(countries).values({ name: a.country, continent: 'Europe' }).returning({ id: countries.id })
      countryId = c!.id
      countryIds.set(a.country, countryId)
    }
    const [l] = await handle.db
      .insert(locations)
      .values({ name: a.name, countryId, locationType: 'airport', airportCode: a.code, address: a.city, timezone: a.timezone })
      .returning({ id: locations.id })
    airports[a.code] = l!.id
  }
  // A city that shares a name with an airport's city: only airports are flown from.
  await handle.db.insert(locations).values({ name: 'Paris', countryId: countryIds.get('France')!, locationType: 'city', address: 'Paris', airportCode: 'PAR' })
  return worldOn(handle, airports)
}

/**
 * What a fresh installation has after its first start without the demo world (apps/web/server/boot.ts): the reference
 * catalogue (countries, regions, capitals: no airport), the currencies and the demo accounts.
 */
export async function freshInstallation(): Promise<FlightWorld> {
  const handle = await createTestDatabase()
  await seedCatalogueIfEmpty(handle.db)
  await seedCurrencies(handle.db)
  await seedDemoUsers(handle.db)
  return worldOn(handle, {})
}

function worldOn(handle: DatabaseHandle, airports: Record<string, number>): FlightWorld {
  const app = createAppServices(handle, loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/unused' }))
  const contexts = new Map<string, ServiceContext>()
  return {
    handle,
    airports,
    async as(username) {
      const known = contexts.get(username)
      if (known) return known
      const [row] = await handle.db.select({ id: users.id }).from(users).where(eq(users.username, username))
      const ctx = serviceContext(app, await loadActor(handle.db, row!.id), { ipAddress: '', userAgent: '' })
      contexts.set(username, ctx)
      return ctx
    },
    close: () => handle.close(),
  }
}

/** A flight's fields as the form and the API send them, with what a test changes. */
export function offer(overrides: Record<string, unknown> = {}) {
  return {
    airline_code: 'BA',
    flight_number: String(100 + Math.floor(Math.random() * 9000)),
    aircraft: 'Airbus A320neo',
    from: 'LHR',
    to: 'CDG',
    departure: `${day(10)}T09:15`,
    arrival: `${day(10)}T11:30`,
    class: 'economy',
    stops: 0,
    price: '120.00',
    currency: 'EUR',
    seats_total: 180,
    amenities: ['wifi'],
    rating: '4.2',
    reviews: 321,
    ...overrides,
  }
}
