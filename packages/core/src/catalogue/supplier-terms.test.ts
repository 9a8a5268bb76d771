import { bookings, type DatabaseHandle, eq, paymentScheduleLines, suppliers, trips } from '@meridian/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ServiceContext } from '../context.ts'
import { getActivity, updateActivity } from '../activities/activities.ts'
import { insertTestActivity } from '../activities/test-helpers.ts'
import { insertBooking } from '../bookings/record.ts'
import { domainErrorOf, tripTestBed } from '../trips/test-bed.ts'
import { createSupplier, getSupplier, updateSupplier } from './suppliers.ts'

let handle: DatabaseHandle
let as: Record<string, ServiceContext>
let id: (username: string) => number
let tripId: number

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10)
const shift = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
const linesOf = (bookingId: number) =>
  handle.db
    .select({ kind: paymentScheduleLines.kind, amount: paymentScheduleLines.amount, dueOn: paymentScheduleLines.dueOn })
    .from(paymentScheduleLines)
    .where(eq(paymentScheduleLines.bookingId, bookingId))
    .orderBy(paymentScheduleLines.position)
const book = (refs: { supplierId?: number; activityId?: number }, serviceDate = day(100)) =>
  handle.db.transaction((tx) =>
    insertBooking(tx as never, {
      bookingType: refs.activityId ? 'activity' : 'trip',
      travelerId: id('traveler'),
      tripId,
      title: 'Kyoto stay',
      serviceDate,
      partySize: 2,
      amount: '2000.00',
      currency: 'USD',
      ...refs,
    }),
  )

const STRICT = { steps: [{ days_before: 21, percent: '50', amount: null }, { days_before: 7, percent: '100', amount: null }] }

beforeAll(async () => {
  const bed = await tripTestBed()
  handle = bed.handle
  as = bed.as
  id = bed.userId
  const [trip] = await handle.db
    .insert(trips)
    .values({ title: 'Japan', startDate: day(99), endDate: day(112), travelers: 2, travelerId: id('traveler'), expertId: id('expert') })
    .returning({ id: trips.id })
  tripId = trip!.id
})
afterAll(async () => {
  await handle?.close()
})

describe("a supplier's own terms", () => {
  it('are set on create and answered with their words; the zone is written as the runtime spells it', async () => {
    const s = await createSupplier(as.admin!, {
      name: 'Ryokan Hoshi',
      supplier_type: 'accommodation',
      schedule_terms: { deposit_amount: '500', deposit_due: 'booking', balance_days: 21 },
      cancellation_terms: STRICT,
      time_zone: 'asia/tokyo',
    })
    expect(s).toMatchObject({
      payment_terms: '',
      schedule_terms: { deposit_percent: null, deposit_amount: '500', deposit_due: 'booking', balance_days: 21 },
      schedule_text: 'Deposit 500 on booking, balance 21 days before.',
      cancellation_terms: STRICT,
      policy_text: 'Free until 21 days before; from 21 days before: 50%; from 7 days before: 100%.',
      time_zone: 'Asia/Tokyo',
    })
    const plain = await createSupplier(as.admin!, { name: 'Plain Tours' })
    expect(plain).toMatchObject({ schedule_terms: null, schedule_text: null, cancellation_terms: null, policy_text: null, time_zone: '' })
  })

  it('answer field errors keyed by the part, and nothing of a refused change is kept', async () => {
    const s = await createSupplier(as.admin!, { name: 'Checked Travel', time_zone: 'Europe/Lisbon' })
    const bad = await domainErrorOf(
      updateSupplier(as.admin!, s.id, {
        time_zone: 'Mars/Olympus',
        schedule_terms: { deposit_percent: '120', balance_days: 400 },
        cancellation_terms: { steps: [{ days_before: 10, percent: '50', amount: '20' }] },
      }),
    )
    expect(bad.fields).toEqual({
      time_zone: ['Choose a time zone such as Europe/Paris, or leave it blank for UTC.'],
      'schedule_terms.deposit_percent': ['Enter a percentage from 0 to 100 with at most 2 decimals.'],
      'schedule_terms.balance_days': ['Enter a whole number of days from 0 to 365.'],
      'cancellation_terms.steps.0': ['Give each step a percentage or an amount, not both.'],
    })
    const twice = await domainErrorOf(updateSupplier(as.admin!, s.id, { cancellation_terms: { steps: [{ days_before: 9, percent: '5' }, { days_before: 9, amount: '20' }] } }))
    expect(twice.fields).toEqual({ 'cancellation_terms.steps': ['Each step needs its own number of days before.'] })
    expect(await getSupplier(as.admin!, s.id)).toMatchObject({ time_zone: 'Europe/Lisbon', schedule_terms: null, cancellation_terms: null })
    // Only supplier managers write them.
    expect((await domainErrorOf(updateSupplier(as.traveler!, s.id, { cancellation_terms: STRICT }))).code).toBe('forbidden')
  })

  it("govern a booking made afterwards: its deposit, balance date, policy and deadline in the supplier's zone", async () => {
    const s = await createSupplier(as.admin!, {
      name: 'Kyoto Inns',
      schedule_terms: { deposit_amount: '500', balance_days: 21 },
      cancellation_terms: STRICT,
      time_zone: 'Asia/Tokyo',
    })
    const serviceDate = day(100)
    const b = await book({ supplierId: s.id }, serviceDate)
    expect(b.cancellationTerms).toEqual(STRICT)
    expect(b.policyTimeZone).toBe('Asia/Tokyo')
    // Free until midnight in Tokyo 21 days before: 15:00 UTC the day before.
    expect(b.freeCancelUntil?.toISOString()).toBe(`${shift(serviceDate, -22)}T15:00:00.000Z`)
    const lines = await linesOf(b.id)
    expect(lines.map((l) => [l.kind, l.amount])).toEqual([
      ['deposit', '500.00'],
      ['balance', '1500.00'],
    ])
    expect(lines[1]!.dueOn).toBe(shift(serviceDate, -21))
  })

  it('cleared to null, leave new bookings to the booking settings again; earlier bookings keep theirs', async () => {
    const s = await createSupplier(as.admin!, { name: 'Changing Ways', cancellation_terms: STRICT, time_zone: 'Asia/Tokyo', schedule_terms: { deposit_percent: '10', balance_days: 21 } })
    const before = await book({ supplierId: s.id })
    const cleared = await updateSupplier(as.admin!, s.id, { schedule_terms: null, cancellation_terms: null, time_zone: '' })
    expect(cleared).toMatchObject({ schedule_terms: null, schedule_text: null, cancellation_terms: null, policy_text: null, time_zone: '' })
    const [row] = await handle.db.select().from(suppliers).where(eq(suppliers.id, s.id))
    expect([row!.scheduleTerms, row!.cancellationTerms]).toEqual([null, null])
    const after = await book({ supplierId: s.id })
    expect(after.policyTimeZone).toBe('UTC')
    expect(after.cancellationTerms).toEqual({ steps: [{ days_before: 30, percent: '25', amount: null }, { days_before: 14, percent: '100', amount: null }] })
    expect((await linesOf(after.id)).map((l) => l.amount)).toEqual(['600.00', '1400.00'])
    const [kept] = await handle.db.select().from(bookings).where(eq(bookings.id, before.id))
    expect(kept!.cancellationTerms).toEqual(STRICT)
    expect((await linesOf(before.id)).map((l) => l.amount)).toEqual(['200.00', '1800.00'])
  })
})

describe("an activity's own cancellation policy", () => {
  it("is set, answered in words, counts before its supplier's for a booking of the activity, and clears to null", async () => {
    const s = await createSupplier(as.admin!, { name: 'Alpine Guides', cancellation_terms: STRICT, schedule_terms: { deposit_percent: '20', balance_days: 30 }, time_zone: 'Europe/Zurich' })
    const activityId = await insertTestActivity(handle.db, 'Glacier walk')
    const own = { steps: [{ days_before: 2, amount: '80' }] }
    const changed = await updateActivity(as.admin!, activityId, { supplier_id: s.id, pricing_model: 'fixed', fixed_price: '100', cancellation_terms: own })
    expect(changed).toMatchObject({ cancellation_policy: '', cancellation_terms: { steps: [{ days_before: 2, percent: null, amount: '80' }] }, policy_text: 'Free until 2 days before; from 2 days before: 80 USD.' })

    const bad = await domainErrorOf(updateActivity(as.admin!, activityId, { cancellation_terms: { steps: [{ days_before: -1, percent: '10' }] } }))
    expect(bad.fields).toEqual({ 'cancellation_terms.steps.0.days_before': ['Enter a whole number of days from 0 to 365.'] })

    const serviceDate = day(60)
    const b = await book({ activityId }, serviceDate)
    // The activity's policy, the supplier's schedule and zone.
    expect(b.cancellationTerms).toEqual({ steps: [{ days_before: 2, percent: null, amount: '80' }] })
    expect(b.policyTimeZone).toBe('Europe/Zurich')
    expect((await linesOf(b.id)).map((l) => l.amount)).toEqual(['400.00', '1600.00'])

    const cleared = await updateActivity(as.admin!, activityId, { cancellation_terms: null })
    expect(cleared).toMatchObject({ cancellation_terms: null, policy_text: null })
    expect((await getActivity(as.admin!, activityId)).cancellation_terms).toBeNull()
    expect((await book({ activityId })).cancellationTerms).toEqual(STRICT)
  })
})
