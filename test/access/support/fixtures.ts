import { randomBytes } from 'node:crypto'
import { type RoleName, sessionIdFromToken } from '@meridian/auth'
import { calendarFeeds, chatConversations, chatParticipants, itineraries, itineraryDays, itineraryItems, itineraryVersions, notifications, payments, proposals, quizSubmissions, tripAssignments, tripPartyMembers, trips, wishlistItems } from '@meridian/db'
import { insertBooking, serializeItinerary } from '@meridian/core'
import type { FullServer } from '../../support/full-server.ts'
import type { ObjectKind } from '../table.ts'

/**
 * The objects a path id names, made through the REST API as the demo superadmin, the way a client would. A request
 * that may change its object (anything but a read) gets one of its own, so that one identity's deletion does not
 * decide the next identity's answer.
 */
export interface Fixtures {
  /** An id of that kind: a shared one for reads, a fresh one for writes. */
  id(kind: ObjectKind, options: { fresh: boolean; owner?: RoleName | 'other' }): Promise<string>
}

const unique = () => randomBytes(4).toString('hex')

export async function makeFixtures(server: FullServer, userIds: Record<RoleName, number>): Promise<Fixtures> {
  const admin = await server.credentials('superadmin')
  async function call(path: string, body: unknown, token = admin.access, method = 'POST') {
    const res = await fetch(server.url + path, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    })
    const json = (await res.json()) as Record<string, any>
    if (res.status >= 300) throw new Error(`fixture ${method} ${path} answered ${res.status}: ${JSON.stringify(json)}`)
    return json
  }
  async function upload() {
    const form = new FormData()
    // The smallest valid PNG: one transparent pixel.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64')
    form.append('files', new Blob([new Uint8Array(png)], { type: 'image/png' }), `access-${unique()}.png`)
    const res = await fetch(`${server.url}/api/media/bulk_upload/`, { method: 'POST', body: form, headers: { Authorization: `Bearer ${admin.access}` } })
    const json = (await res.json()) as { results: { success: boolean; id: number }[] }
    if (res.status !== 201 || !json.results[0]?.success) throw new Error(`fixture upload answered ${res.status}: ${JSON.stringify(json)}`)
    return json.results[0].id
  }

  const currencies = (await (await fetch(`${server.url}/api/currencies-mgmt/?page_size=500`, { headers: { Authorization: `Bearer ${admin.access}` } })).json()) as {
    results: { id: number; code: string }[]
  }
  const currencyId = (code: string) => currencies.results.find((c) => c.code === code)!.id
  const roles = (await (await fetch(`${server.url}/users/api/roles/?page_size=100`, { headers: { Authorization: `Bearer ${admin.access}` } })).json()) as {
    results: { id: number; name: string }[]
  }
  const travelerRole = roles.results.find((r) => r.name === 'traveler')!.id

  const country = async () => (await call('/api/destinations/countries-mgmt/', { name: `Accessland ${unique()}`, continent: 'Europe' })).id as number
  const shared: Partial<Record<ObjectKind, string>> = {}
  const sharedCountry = await country()
  const location = async (inCountry = sharedCountry) =>
    (await call('/api/destinations/locations-mgmt/', { name: `Accesston ${unique()}`, country: inCountry, location_type: 'city' })).id as number
  const sharedLocation = await location()
  const supplier = async () => (await call('/api/suppliers/', { name: `Access Tours ${unique()}`, country: sharedCountry })).id as number
  const sharedSupplier = await supplier()

  let rateDay = 0
  let itemActivity: Promise<number> | undefined
  let airports: Promise<string[]> | undefined
  let strangerId = 0
  const makers: Record<ObjectKind, (owner: RoleName | 'other' | undefined) => Promise<string | number>> = {
    country,
    location: () => location(),
    supplier,
    activity: async () =>
      (
        await call('/api/activities/', {
          name: `Access Walk ${unique()}`,
          description: 'A walk for the access matrix.',
          supplier_id: sharedSupplier,
          location_id: sharedLocation,
          pricing: { pricing_model: 'tiered', currency: 'USD', pricing_tiers: [{ name: 'Any', min_quantity: 1, max_quantity: null, price_per_unit: '25' }] },
        })
      ).id,
    transfer: async () => (await call('/api/itineraries/transfers/', { name: `Access ferry ${unique()}`, type: 'ferry', from_country: sharedCountry })).id,
    currency: async () => {
      // A made-up code (Q and two letters: only QAR is taken by ISO 4217); a code an earlier test took is tried again.
      const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
      for (let attempt = 1; ; attempt++) {
        const code = `Q${letters[Math.floor(Math.random() * 26)]}${letters[Math.floor(Math.random() * 26)]}`
        try {
          return (await call('/api/currencies-mgmt/', { code, name: `Access crown ${unique()}`, symbol: 'Q', countries: 'Nowhere' })).id
        } catch (error) {
          if (attempt >= 40) throw error
        }
      }
    },
    rate: async () => {
      rateDay++
      const date = new Date(Date.UTC(2020, 0, 1) + rateDay * 86_400_000).toISOString().slice(0, 10)
      return (await call('/api/currencies-mgmt/create_conversion_rate/', { from_currency: currencyId('USD'), to_currency: currencyId('GBP'), rate: '0.79', effective_date: date })).id
    },
    media: upload,
    role: async () => (await call('/users/api/roles/', { name: `auditor_${unique()}`, display_name: 'Access auditor', permissions: ['view_analytics'] })).id,
    user: async (owner) => {
      if (owner && owner !== 'other') return userIds[owner]
      const name = `access_${unique()}`
      return (
        await call('/users/api/users-mgmt/', {
          username: name,
          email: `${name}@example.test`,
          first_name: 'Ada',
          last_name: 'Access',
          role_id: travelerRole,
          password: 'a-long-access-phrase',
          confirm_password: 'a-long-access-phrase',
        })
      ).id
    },
    // A quiz or a sign-in of the owner's; 'other' is a traveler who is none of the demo accounts.
    quiz: async (owner) => {
      const [row] = await server.app.db
        .insert(quizSubmissions)
        .values({ userId: ownerId(owner), quizType: 'general', quizData: { travel_style: 'Adventure & Exploration', budget_range: "I'm flexible", group_size: 'Couple' } })
        .returning({ id: quizSubmissions.id })
      return row!.id
    },
    // A trip of the owner's; an expert's own trip is one assigned to them (accepted), of a traveler who is no demo account.
    trip: async (owner) => {
      const expert = owner === 'expert'
      const [row] = await server.app.db
        .insert(trips)
        .values({ title: `Access trip ${unique()}`, startDate: '2030-05-01', endDate: '2030-05-08', travelerId: expert ? strangerId : ownerId(owner), expertId: expert ? userIds.expert : null })
        .returning({ id: trips.id })
      if (expert) await server.app.db.insert(tripAssignments).values({ tripId: row!.id, expertId: userIds.expert, status: 'accepted' })
      return row!.id
    },
    // Someone of the party of such a trip.
    party_member: async (owner) => {
      const tripId = Number(await makers.trip(owner))
      const [row] = await server.app.db.insert(tripPartyMembers).values({ tripId, name: `Access ${unique()}` }).returning({ id: tripPartyMembers.id })
      return row!.id
    },
    // A pending assignment of the owner's (another user's for 'other'), on a trip of its own.
    assignment: async (owner) => {
      const [trip] = await server.app.db
        .insert(trips)
        .values({ title: `Access assignment ${unique()}`, startDate: '2030-06-01', endDate: '2030-06-03', travelerId: strangerId })
        .returning({ id: trips.id })
      const [row] = await server.app.db.insert(tripAssignments).values({ tripId: trip!.id, expertId: ownerId(owner) }).returning({ id: tripAssignments.id })
      return row!.id
    },
    // An itinerary of the owner's trip: approved for a traveler (what they may read), on an accepted assignment for an
    // expert; a stranger's trip's otherwise.
    itinerary: async (owner) => {
      const expert = owner === 'expert'
      const [trip] = await server.app.db
        .insert(trips)
        .values({ title: `Access plan ${unique()}`, startDate: '2030-07-01', endDate: '2030-07-03', travelerId: expert ? strangerId : ownerId(owner), expertId: expert ? userIds.expert : null })
        .returning({ id: trips.id })
      if (expert) await server.app.db.insert(tripAssignments).values({ tripId: trip!.id, expertId: userIds.expert, status: 'accepted' })
      const [row] = await server.app.db
        .insert(itineraries)
        .values({ tripId: trip!.id, title: 'Access plan', startDate: '2030-07-01', endDate: '2030-07-03', adults: 2, approvedVersion: 1 })
        .returning()
      await server.app.db.insert(itineraryVersions).values({
        itineraryId: row!.id,
        version: 1,
        snapshot: serializeItinerary(row!, [], []) as unknown as Record<string, unknown>,
      })
      return row!.id
    },
    // A round of a proposal on the owner's trip: the traveler's own, or one the expert plans; anyone else's is a
    // stranger's trip that nobody plans (staff reach it with manage_trips, specialists and the editor not at all).
    proposal: async (owner) => (await proposal(owner)).id,
    // A conversation the owner takes part in (with the stranger traveler, or the expert for a traveler); another's is
    // the stranger's alone.
    conversation: async (owner) => {
      const travelerId = owner === 'traveler' ? userIds.traveler : strangerId
      const [row] = await server.app.db.insert(chatConversations).values({ travelerId, title: `Access chat ${unique()}` }).returning({ id: chatConversations.id })
      const members: (typeof chatParticipants.$inferInsert)[] = [{ conversationId: row!.id, userId: travelerId, role: 'traveler' }]
      if (owner === 'traveler') members.push({ conversationId: row!.id, userId: userIds.expert, role: 'expert' })
      else if (owner && owner !== 'other') members.push({ conversationId: row!.id, userId: userIds[owner], role: owner === 'superadmin' || owner === 'editor' ? 'admin' : owner })
      await server.app.db.insert(chatParticipants).values(members)
      return row!.id
    },
    // A notification of the owner's (the stranger's for 'other').
    notification: async (owner) => {
      const [row] = await server.app.db
        .insert(notifications)
        .values({ userId: ownerId(owner), kind: 'trip.status', title: `Access notice ${unique()}`, link: '/dashboard/overview' })
        .returning({ id: notifications.id })
      return row!.id
    },
    // A saved destination of the owner's (the stranger's for 'other'), each on a country of its own.
    wishlist_item: async (owner) => {
      const [row] = await server.app.db
        .insert(wishlistItems)
        .values({ userId: ownerId(owner), itemType: 'destination', countryId: await country() })
        .returning({ id: wishlistItems.id })
      return row!.id
    },
    // A calendar feed's token (the stranger traveler's): the token is the credential, whoever holds it reads the feed.
    calendar_feed: async () => {
      const token = randomBytes(32).toString('base64url')
      await server.app.db.insert(calendarFeeds).values({ userId: strangerId, token }).onConflictDoUpdate({ target: calendarFeeds.userId, set: { token } })
      return token
    },
    // An active accommodation supplier (what travelers see and book).
    accommodation: async () =>
      (await call('/api/suppliers/', { name: `Access Stay ${unique()}`, supplier_type: 'accommodation', country: sharedCountry, city: 'Accesston' })).id as number,
    // A priced, unpaid booking of the owner's: for an expert one of a trip they accepted (a stranger traveler's); the
    // stranger's own for 'other'.
    payable_booking: async (owner) => (await payableBooking(owner)).id,
    // A package of two such bookings sharing a package reference (its reference is the object's id).
    booking_package: async (owner) => {
      const reference = `ACC-PK-${unique()}`
      await payableBooking(owner, reference)
      await payableBooking(owner, reference)
      return reference
    },
    // A manual payment awaiting money, on such a booking.
    payment: async (owner) => {
      const booking = await payableBooking(owner)
      const [row] = await server.app.db
        .insert(payments)
        .values({ bookingId: booking.id, provider: 'manual', intentId: `man_${unique()}${unique()}`, amount: booking.amount, currency: booking.currency, createdBy: booking.travelerId })
        .returning({ id: payments.id })
      return row!.id
    },
    // A flight between two airports of the access country, three weeks out, with seats.
    flight: async () => {
      airports ??= (async () => {
        const code = () => `Q${'ABCDEFGHJKLMNPRSTUVWXYZ'[Math.floor(Math.random() * 23)]}${'ABCDEFGHJKLMNPRSTUVWXYZ'[Math.floor(Math.random() * 23)]}`
        const taken = new Set<string>()
        const make = async () => {
          let airportCode = code()
          while (taken.has(airportCode)) airportCode = code()
          taken.add(airportCode)
          await call('/api/destinations/locations-mgmt/', { name: `Access Airport ${unique()}`, country: sharedCountry, location_type: 'airport', airport_code: airportCode, timezone: 'UTC' })
          return airportCode
        }
        return [await make(), await make()]
      })()
      const [from, to] = await airports
      const day = new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10)
      return (
        await call('/api/flights/', {
          airline_code: 'BA',
          flight_number: String(1000 + Math.floor(Math.random() * 8999)),
          from,
          to,
          departure: `${day}T${String(Math.floor(Math.random() * 20)).padStart(2, '0')}:${String(Math.floor(Math.random() * 60)).padStart(2, '0')}`,
          arrival: `${day}T23:00`,
          price: '100.00',
          currency: 'USD',
          seats_total: 50,
        })
      ).id
    },
    // An activity item of the approved itinerary of the owner's trip (the stranger's for 'other').
    itinerary_item: async (owner) => {
      itemActivity ??= call('/api/activities/', {
        name: `Access Kayak ${unique()}`,
        description: 'An activity itinerary items book.',
        supplier_id: sharedSupplier,
        location_id: sharedLocation,
        pricing: { pricing_model: 'tiered', currency: 'USD', pricing_tiers: [{ name: 'Any', min_quantity: 1, max_quantity: null, price_per_unit: '25' }] },
      }).then((a) => a.id as number)
      const activityId = await itemActivity
      const db = server.app.db
      const [trip] = await db
        .insert(trips)
        .values({ title: `Access booking plan ${unique()}`, startDate: '2030-07-01', endDate: '2030-07-03', travelerId: ownerId(owner) })
        .returning({ id: trips.id })
      const [row] = await db
        .insert(itineraries)
        .values({ tripId: trip!.id, title: 'Access plan', startDate: '2030-07-01', endDate: '2030-07-03', adults: 2, approvedVersion: 1 })
        .returning()
      const [day] = await db.insert(itineraryDays).values({ itineraryId: row!.id, key: unique(), position: 0, date: '2030-07-01', title: 'Day 1' }).returning()
      const [item] = await db
        .insert(itineraryItems)
        .values({ itineraryId: row!.id, dayId: day!.id, key: unique(), position: 0, type: 'activity', title: 'Kayak', activityId })
        .returning()
      await db.insert(itineraryVersions).values({ itineraryId: row!.id, version: 1, snapshot: serializeItinerary(row!, [day!], [item!]) as unknown as Record<string, unknown> })
      return item!.id
    },
    // A traveler who is none of the demo accounts (a customer), and the demo expert.
    customer: async () => strangerId,
    expert: async () => userIds.expert,
    session: async (owner) => {
      const { token } = await server.app.sessions.create(ownerId(owner), { ipAddress: '127.0.0.1', userAgent: 'access-matrix' })
      return `s_${sessionIdFromToken(token).slice(0, 16)}`
    },
  }
  /** A proposal round (with the given id, when one is named) of an approved itinerary of the owner's trip. */
  async function proposal(owner: RoleName | 'other' | undefined, id?: number) {
    const db = server.app.db
    const expert = owner === 'expert'
    const travelerId = owner === 'traveler' ? userIds.traveler : strangerId
    const [trip] = await db
      .insert(trips)
      .values({ title: `Access proposal ${unique()}`, startDate: '2030-09-01', endDate: '2030-09-02', travelerId, expertId: expert ? userIds.expert : null })
      .returning({ id: trips.id })
    if (expert) await db.insert(tripAssignments).values({ tripId: trip!.id, expertId: userIds.expert, status: 'accepted' })
    const [row] = await db
      .insert(itineraries)
      .values({ tripId: trip!.id, title: 'Access proposal', startDate: '2030-09-01', endDate: '2030-09-02', adults: 2, approvedVersion: 1, status: 'approved' })
      .returning()
    await db.insert(itineraryVersions).values({ itineraryId: row!.id, version: 1, snapshot: serializeItinerary(row!, [], []) as unknown as Record<string, unknown> })
    const plan = {
      title: 'Access proposal',
      description: '',
      destination: 'Accessland',
      start_date: '2030-09-01',
      end_date: '2030-09-02',
      travelers: { adults: 2, children: 0, infants: 0 },
      currency: 'USD',
      places: 2,
      priced_on: '2030-01-01',
      days: [{ key: unique(), date: '2030-09-01', title: 'Day 1', description: '', theme: '', items: [] }],
    }
    const [made] = await db
      .insert(proposals)
      .values({ ...(id ? { id } : {}), itineraryId: row!.id, tripId: trip!.id, round: 1, version: 1, expiresOn: '2099-12-31', currency: 'USD', plan, total: '0.00' })
      .returning({ id: proposals.id, itineraryId: proposals.itineraryId })
    return { ...made!, travelerId }
  }
  async function payableBooking(owner: RoleName | 'other' | undefined, packageReference: string | null = null) {
    const expert = owner === 'expert'
    const travelerId = expert ? strangerId : ownerId(owner)
    let tripId: number | null = null
    if (expert) {
      const [trip] = await server.app.db
        .insert(trips)
        .values({ title: `Access stay ${unique()}`, startDate: '2030-08-01', endDate: '2030-08-05', travelerId, expertId: userIds.expert })
        .returning({ id: trips.id })
      await server.app.db.insert(tripAssignments).values({ tripId: trip!.id, expertId: userIds.expert, status: 'accepted' })
      tripId = trip!.id
    }
    return server.app.db.transaction((tx) =>
      insertBooking(tx as never, { bookingType: 'hotel', travelerId, tripId, title: `Access stay ${unique()}`, serviceDate: '2030-08-01', endDate: '2030-08-05', partySize: 2, rooms: 1, amount: '320.00', currency: 'USD', packageReference }),
    )
  }
  strangerId = Number(await makers.user(undefined))
  const ownerId = (owner: RoleName | 'other' | undefined) => (owner && owner !== 'other' ? userIds[owner] : strangerId)

  return {
    async id(kind, { fresh, owner }) {
      if (!fresh && !owner) return (shared[kind] ??= String(await makers[kind](undefined)))
      return String(await makers[kind](owner))
    },
  }
}
