import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { INCLUDED_SERVICE_LABELS, INCLUDED_SERVICES } from '@meridian/validators'
import { activities, countries, eq, locations, suppliers } from '@meridian/db'
import { type FullServer, startFullServer } from './support/full-server.ts'

/**
 * The activity form's included services (2-catalogue-content.md §9, ten options as checkboxes) and the supplier form's
 * country (§5, chosen among active countries, searched as the user types), as a browser without JavaScript sees them:
 * the pages' HTML and plain form posts (redirects not followed).
 */
let server: FullServer
let cookie: string
const place = { countryId: 0, locationId: 0, inactiveId: 0, inactiveName: '' }

beforeAll(async () => {
  server = await startFullServer()
  cookie = (await server.credentials('admin')).cookie
  const [spot] = await server.handle.db
    .select({ locationId: locations.id, countryId: locations.countryId })
    .from(locations)
    .innerJoin(countries, eq(countries.id, locations.countryId))
    .where(eq(countries.name, 'Portugal'))
    .limit(1)
  Object.assign(place, spot)
  const [gone] = await server.handle.db.update(countries).set({ isActive: false }).where(eq(countries.name, 'Tuvalu')).returning({ id: countries.id, name: countries.name })
  place.inactiveId = gone!.id
  place.inactiveName = gone!.name
}, 300_000) // the first file to start may build the web app first
afterAll(() => server?.close())

async function page(path: string, who = cookie) {
  const res = await fetch(`${server.url}${path}`, { headers: { Cookie: who }, redirect: 'manual' })
  return { status: res.status, body: await res.text(), type: res.headers.get('content-type') ?? '' }
}

async function post(path: string, fields: [string, string][]) {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { Cookie: cookie, Origin: server.origin },
    redirect: 'manual',
  })
  return { status: res.status, location: res.headers.get('location'), body: await res.text() }
}

/** The `<input>` tags of a checkbox group, by value: whether each is ticked. */
function ticked(html: string, name: string): Record<string, boolean> {
  const out: Record<string, boolean> = {}
  for (const tag of html.match(/<input[^>]*type="checkbox"[^>]*>/g) ?? []) {
    if (!tag.includes(`name="${name}"`)) continue
    out[/value="([^"]*)"/.exec(tag)![1]!] = /\schecked=""/.test(tag)
  }
  return out
}

const activityFields = (name: string, services: string[]): [string, string][] => [
  ['intent', 'save'],
  ['name', name],
  ['description', 'Along the river at dusk.'],
  ['supplier_name', 'River Guides'],
  ['country_id', String(place.countryId)],
  ['location_id', String(place.locationId)],
  ['category', 'nature'],
  ['difficulty', 'easy'],
  ['experience_type', 'guided'],
  ['pricing_model', 'tiered'],
  ['currency', 'USD'],
  ['duration_hours', '2'],
  ['tier_count', '1'],
  ['tier_min_quantity_0', '1'],
  ['tier_price_per_unit_0', '40'],
  ['days', '1'],
  ['is_active', 'on'],
  ...services.map((s): [string, string] => ['included_services', s]),
]

describe('the activity form: included services (§9)', () => {
  it('offers the ten options as checkboxes with their labels, none ticked on a new activity', async () => {
    const { status, body } = await page('/dashboard/activity-management/new')
    expect(status).toBe(200)
    expect(ticked(body, 'included_services')).toEqual(Object.fromEntries(INCLUDED_SERVICES.map((s) => [s, false])))
    for (const label of Object.values(INCLUDED_SERVICE_LABELS)) expect(body).toContain(`>${label}<`)
    expect(body).not.toContain('name="included_services" value=""')
  })

  it('saves the ticked options from a plain post, and the edit form shows them ticked', async () => {
    const saved = await post('/dashboard/activity-management/new', activityFields('Tagus sunset walk', ['hotel_pickup', 'drinks']))
    expect(saved.status, saved.body.slice(0, 300)).toBe(302)
    const [row] = await server.handle.db.select({ id: activities.id, services: activities.includedServices }).from(activities).where(eq(activities.name, 'Tagus sunset walk'))
    expect(row!.services).toEqual(['hotel_pickup', 'drinks'])
    const edit = await page(`/dashboard/activity-management/${row!.id}/edit`)
    expect(edit.status).toBe(200)
    expect(Object.entries(ticked(edit.body, 'included_services')).filter(([, on]) => on).map(([s]) => s)).toEqual(['hotel_pickup', 'drinks'])
    const changed = await post(`/dashboard/activity-management/${row!.id}/edit`, activityFields('Tagus sunset walk', ['meals']))
    expect(changed.status).toBe(302)
    const [after] = await server.handle.db.select({ services: activities.includedServices }).from(activities).where(eq(activities.id, row!.id))
    expect(after!.services).toEqual(['meals'])
  })

  it('answers an unknown option with the field message beside the checkboxes; nothing is saved', async () => {
    const refused = await post('/dashboard/activity-management/new', activityFields('Tagus night walk', ['meals', 'Local guide']))
    expect(refused.status).toBe(400)
    expect(refused.body).toContain('is not a valid choice. Choose from: professional_guide, hotel_pickup')
    expect(refused.body).toContain('Failed to create activity: included_services: ')
    expect(await server.handle.db.select().from(activities).where(eq(activities.name, 'Tagus night walk'))).toEqual([])
  })
})

describe('the supplier form: country among active countries (§5)', () => {
  const supplierFields = (name: string, country: string): [string, string][] => [
    ['name', name],
    ['supplier_type', 'tour_operator'],
    ['api_sync_status', 'not_synced'],
    ['country', country],
  ]

  it('without JavaScript, lists the active countries only', async () => {
    const { status, body } = await page('/dashboard/supplier-management/new')
    expect(status).toBe(200)
    const select = /<select[^>]*name="country"[^>]*>([\s\S]*?)<\/select>/.exec(body)
    expect(select).not.toBeNull()
    expect(select![1]).toContain(`value="${place.countryId}"`)
    expect(select![1]).not.toContain(`value="${place.inactiveId}"`)
  })

  it('answers the search as the user types with active countries only; those without supplier access get 403', async () => {
    const found = await page('/resources/supplier-countries?search=portu')
    expect(found.status).toBe(200)
    const names = (JSON.parse(found.body) as { countries: { id: number; name: string; continent: string }[] }).countries
    expect(names[0]).toMatchObject({ id: place.countryId, name: 'Portugal', continent: 'Europe' })
    const inactive = await page(`/resources/supplier-countries?search=${encodeURIComponent(place.inactiveName)}`)
    expect(JSON.parse(inactive.body).countries).toEqual([])
    const traveler = (await server.credentials('traveler')).cookie
    expect((await page('/resources/supplier-countries?search=po', traveler)).status).toBe(403)
  })

  it('refuses an inactive country with its field message, and saves an active one', async () => {
    const refused = await post('/dashboard/supplier-management/new', supplierFields('Lagoon Kayaks', String(place.inactiveId)))
    expect(refused.status).toBe(400)
    expect(refused.body).toContain(`${place.inactiveName} is not an active country.`)
    const unknown = await post('/dashboard/supplier-management/new', supplierFields('Lagoon Kayaks', '99999999'))
    expect(unknown.status).toBe(400)
    expect(unknown.body).toContain('Select a valid country.')
    expect(await server.handle.db.select().from(suppliers).where(eq(suppliers.name, 'Lagoon Kayaks'))).toEqual([])
    const saved = await post('/dashboard/supplier-management/new', supplierFields('Lagoon Kayaks', String(place.countryId)))
    expect(saved.status).toBe(302)
  })

  it("keeps a supplier's country made inactive since: the edit form lists it and saving leaves it", async () => {
    const [s] = await server.handle.db.insert(suppliers).values({ name: 'Funafuti Boats', countryId: place.inactiveId }).returning({ id: suppliers.id })
    const edit = await page(`/dashboard/supplier-management/${s!.id}/edit`)
    expect(edit.status).toBe(200)
    expect(edit.body).toMatch(new RegExp(`<option[^>]*value="${place.inactiveId}"[^>]*selected`))
    const saved = await post(`/dashboard/supplier-management/${s!.id}/edit`, [...supplierFields('Funafuti Boats', String(place.inactiveId)), ['notes', 'Ferries']])
    expect(saved.status).toBe(302)
    const [row] = await server.handle.db.select({ countryId: suppliers.countryId, notes: suppliers.notes }).from(suppliers).where(eq(suppliers.id, s!.id))
    expect(row).toEqual({ countryId: place.inactiveId, notes: 'Ferries' })
  })
})
