import { sql } from 'drizzle-orm'
import { type AnyPgColumn, check, date, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import {
  BOOKING_STATUSES,
  BOOKING_TYPES,
  CABIN_CLASSES,
  type CancellationPolicy,
  DEPOSIT_DUE_ON,
  PAYMENT_PROVIDERS,
  PAYMENT_STATES,
  PAYMENT_STATUSES,
  type PaymentTerms,
  REMINDER_KINDS,
  SCHEDULE_LINE_KINDS,
  SCHEDULE_LINE_STATUSES,
  WISHLIST_TYPES,
} from '@meridian/validators/booking-constants'
import { activities } from './activities.ts'
import { timestamps } from './columns.ts'
import { countries } from './destinations.ts'
import { flights } from './flights.ts'
import { itineraryItems } from './itineraries.ts'
import { suppliers } from './suppliers.ts'
import { trips } from './trips.ts'
import { users } from './users.ts'

/**
 * A booking (2-catalogue-content.md §3 Booking, docs/bookings.md): a flight's seats, a hotel stay request, an
 * activity for a group or a whole trip, with its price in a currency, taken from the booked thing and never from the
 * client. A trip's spent amount and its counts of flights, accommodations and activities come from its confirmed
 * bookings.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: serial('id').primaryKey(),
    reference: text('reference').notNull(),
    bookingType: text('booking_type', { enum: BOOKING_TYPES }).notNull(),
    status: text('status', { enum: BOOKING_STATUSES }).notNull().default('pending'),
    paymentState: text('payment_state', { enum: PAYMENT_STATES }).notNull().default('unpaid'),
    travelerId: integer('traveler_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tripId: integer('trip_id').references(() => trips.id, { onDelete: 'set null' }),
    flightId: integer('flight_id').references(() => flights.id, { onDelete: 'restrict' }),
    supplierId: integer('supplier_id').references(() => suppliers.id, { onDelete: 'restrict' }),
    activityId: integer('activity_id').references(() => activities.id, { onDelete: 'restrict' }),
    itineraryItemId: integer('itinerary_item_id').references(() => itineraryItems.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    /** The day it happens (departure, check-in, the activity's day, the trip's start). */
    serviceDate: date('service_date', { mode: 'string' }).notNull(),
    /** Check-out, or the trip's end. */
    endDate: date('end_date', { mode: 'string' }),
    /** Passengers, guests or participants. */
    partySize: integer('party_size').notNull().default(1),
    rooms: integer('rooms'),
    cabinClass: text('cabin_class', { enum: CABIN_CLASSES }),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    currency: text('currency').notNull().default('USD'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    notes: text('notes').notNull().default(''),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    confirmedBy: integer('confirmed_by').references(() => users.id, { onDelete: 'set null' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: integer('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    cancelReason: text('cancel_reason').notNull().default(''),
    /** The payment terms the schedule was cut with (the booking's own, else its supplier's, else the settings'). */
    scheduleTerms: jsonb('schedule_terms').$type<PaymentTerms>(),
    /** The cancellation policy in force for it (the booking's own, else its activity's, its supplier's, the settings'). */
    cancellationTerms: jsonb('cancellation_terms').$type<CancellationPolicy>(),
    /** The IANA time zone its deadlines fall in (the supplier's, else UTC). */
    policyTimeZone: text('policy_time_zone').notNull().default('UTC'),
    /** Until when it is cancelled without a fee (null: no fee ever, or no policy). */
    freeCancelUntil: timestamp('free_cancel_until', { withTimezone: true }),
    /** What cancelling cost, and what is owed back of what was paid, once cancelled. */
    cancellationFee: numeric('cancellation_fee', { precision: 14, scale: 2 }),
    refundOwed: numeric('refund_owed', { precision: 14, scale: 2 }),
    /** The supplier's confirmation number and staff's notes about the service (on the voucher). */
    supplierConfirmation: text('supplier_confirmation').notNull().default(''),
    supplierNotes: text('supplier_notes').notNull().default(''),
    supplierConfirmedAt: timestamp('supplier_confirmed_at', { withTimezone: true }),
    /** The reference bookings paid and cancelled together share (a multi-city itinerary, an accepted proposal). */
    packageReference: text('package_reference'),
    /** The booking this one replaced (a withdrawn flight rebooked). */
    rebookedFromId: integer('rebooked_from_id').references((): AnyPgColumn => bookings.id, { onDelete: 'set null' }),
    /** The name, reference and title as search compares them (lower case, no accents). */
    searchText: text('search_text').generatedAlwaysAs(sql`meridian_search_key(reference || ' ' || title)`),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('bookings_reference_key').on(t.reference),
    // The traveler's bookings newest first, and by type (decision 021).
    index('bookings_traveler_created_idx').on(t.travelerId, t.createdAt.desc(), t.id.desc()),
    index('bookings_traveler_type_created_idx').on(t.travelerId, t.bookingType, t.createdAt.desc(), t.id.desc()),
    index('bookings_type_created_idx').on(t.bookingType, t.createdAt.desc(), t.id.desc()),
    index('bookings_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('bookings_trip_idx').on(t.tripId, t.status),
    // The analytics' funnel (docs/analytics.md): a traveler's confirmed bookings since a date.
    index('bookings_confirmed_traveler_idx')
      .on(t.travelerId, t.createdAt)
      .where(sql`${t.status} = 'confirmed'`),
    index('bookings_flight_idx').on(t.flightId),
    index('bookings_supplier_idx').on(t.supplierId),
    index('bookings_activity_idx').on(t.activityId),
    index('bookings_item_idx').on(t.itineraryItemId),
    index('bookings_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('bookings_package_idx')
      .on(t.packageReference)
      .where(sql`${t.packageReference} is not null`),
    // The Due soon list's free-cancellation deadlines of live bookings.
    index('bookings_free_cancel_idx')
      .on(t.freeCancelUntil)
      .where(sql`${t.status} <> 'cancelled' and ${t.freeCancelUntil} is not null`),
    check('bookings_party_check', sql`${t.partySize} >= 1`),
    check('bookings_rooms_check', sql`${t.rooms} is null or ${t.rooms} >= 1`),
    check('bookings_amount_check', sql`${t.amount} >= 0`),
    check('bookings_dates_check', sql`${t.endDate} is null or ${t.endDate} >= ${t.serviceDate}`),
    check('bookings_fee_check', sql`${t.cancellationFee} is null or ${t.cancellationFee} >= 0`),
    check('bookings_refund_owed_check', sql`${t.refundOwed} is null or ${t.refundOwed} >= 0`),
  ],
)

/**
 * A line of a booking's payment schedule (docs/bookings.md "Payment schedules"): the deposit and the balance, or the
 * whole amount. A booking's lines add up to its amount exactly, in its currency.
 */
export const paymentScheduleLines = pgTable(
  'payment_schedule_lines',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    kind: text('kind', { enum: SCHEDULE_LINE_KINDS }).notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    currency: text('currency').notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    status: text('status', { enum: SCHEDULE_LINE_STATUSES }).notNull().default('due'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    waivedAt: timestamp('waived_at', { withTimezone: true }),
    waivedBy: integer('waived_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('payment_schedule_lines_position_key').on(t.bookingId, t.position),
    // The Due soon list and the reminders: open lines by due date.
    index('payment_schedule_lines_open_idx')
      .on(t.dueOn, t.id)
      .where(sql`${t.status} in ('due', 'overdue')`),
    check('payment_schedule_lines_amount_check', sql`${t.amount} >= 0`),
  ],
)

/** The defaults of payment terms, cancellation policies and reminders (one row, id 1; docs/bookings.md). */
export const bookingSettings = pgTable(
  'booking_settings',
  {
    id: integer('id').primaryKey().default(1),
    depositPercent: numeric('deposit_percent', { precision: 5, scale: 2 }).default('30'),
    depositAmount: numeric('deposit_amount', { precision: 14, scale: 2 }),
    depositDue: text('deposit_due', { enum: DEPOSIT_DUE_ON }).notNull().default('acceptance'),
    balanceDays: integer('balance_days').notNull().default(42),
    cancellationTerms: jsonb('cancellation_terms')
      .$type<CancellationPolicy>()
      .notNull()
      .default({
        steps: [
          { days_before: 30, percent: '25', amount: null },
          { days_before: 14, percent: '100', amount: null },
        ],
      }),
    reminderDays: jsonb('reminder_days').$type<number[]>().notNull().default([7, 1]),
    ...timestamps,
  },
  (t) => [
    check('booking_settings_singleton', sql`${t.id} = 1`),
    check('booking_settings_deposit_check', sql`${t.depositPercent} is null or ${t.depositPercent} between 0 and 100`),
    check('booking_settings_balance_check', sql`${t.balanceDays} between 0 and 365`),
  ],
)

/**
 * A reminder sent (docs/bookings.md "Reminders"): one row per kind, target and number of days before, so a reminder
 * goes out once however many processes look for it, and one missed while the server was down goes out when it starts.
 */
export const bookingReminders = pgTable(
  'booking_reminders',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: REMINDER_KINDS }).notNull(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** The schedule line reminded of (0 for a free-cancellation deadline, which is the booking's). */
    lineId: integer('line_id').notNull().default(0),
    daysBefore: integer('days_before').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('booking_reminders_once_key').on(t.kind, t.bookingId, t.lineId, t.daysBefore)],
)

/**
 * A payment of one booking through a provider (docs/bookings.md "Payments"): its amount and currency copied from the
 * schedule line it pays when the intent is made. One payment goes through per line. A package paid by card is one
 * provider intent shared by the payments of its lines (docs/bookings.md "Packages: paid and cancelled in one step").
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** The booking's trip, copied by a trigger when the payment is made (the analytics count trips paid for without the booking). */
    tripId: integer('trip_id').references(() => trips.id, { onDelete: 'set null' }),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    /** The provider's payment intent id (the manual provider makes its own). */
    intentId: text('intent_id').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('requires_payment'),
    method: text('method').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    confirmedBy: integer('confirmed_by').references(() => users.id, { onDelete: 'set null' }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refundReference: text('refund_reference').notNull().default(''),
    /** The schedule line it pays (null: a payment made before schedules, of the whole booking). */
    scheduleLineId: integer('schedule_line_id').references(() => paymentScheduleLines.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    // One payment per booking line of an intent: a package paid by card is one intent over several lines.
    uniqueIndex('payments_intent_key').on(t.provider, t.intentId, t.bookingId, sql`coalesce(${t.scheduleLineId}, 0)`),
    // One payment that went through per schedule line (per booking for a payment made before schedules).
    uniqueIndex('payments_line_settled_key')
      .on(t.bookingId, sql`coalesce(${t.scheduleLineId}, 0)`)
      .where(sql`${t.status} in ('succeeded', 'refunded', 'refund_due')`),
    index('payments_booking_idx').on(t.bookingId, t.createdAt.desc()),
    index('payments_line_idx').on(t.scheduleLineId),
    index('payments_created_by_idx').on(t.createdBy, t.createdAt.desc(), t.id.desc()),
    // The analytics' revenue (docs/analytics.md): payments received, by when.
    index('payments_received_idx')
      .on(t.confirmedAt)
      .where(sql`${t.status} = 'succeeded'`),
    check('payments_amount_check', sql`${t.amount} >= 0`),
  ],
)

/** Provider webhook events already handled (Stripe's event ids): a redelivered event changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
  eventType: text('event_type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * A saved item of a traveler's wishlist (2-catalogue-content.md §3 Wishlist item): a destination (country), a hotel
 * (an accommodation supplier), an activity or a trip. Exactly one target, by type; saving twice keeps one.
 */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemType: text('item_type', { enum: WISHLIST_TYPES }).notNull(),
    countryId: integer('country_id').references(() => countries.id, { onDelete: 'cascade' }),
    supplierId: integer('supplier_id').references(() => suppliers.id, { onDelete: 'cascade' }),
    activityId: integer('activity_id').references(() => activities.id, { onDelete: 'cascade' }),
    tripId: integer('trip_id').references(() => trips.id, { onDelete: 'cascade' }),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('wishlist_user_saved_idx').on(t.userId, t.savedAt.desc(), t.id.desc()),
    index('wishlist_user_type_saved_idx').on(t.userId, t.itemType, t.savedAt.desc(), t.id.desc()),
    uniqueIndex('wishlist_country_key')
      .on(t.userId, t.countryId)
      .where(sql`${t.countryId} is not null`),
    uniqueIndex('wishlist_supplier_key')
      .on(t.userId, t.supplierId)
      .where(sql`${t.supplierId} is not null`),
    uniqueIndex('wishlist_activity_key')
      .on(t.userId, t.activityId)
      .where(sql`${t.activityId} is not null`),
    uniqueIndex('wishlist_trip_key')
      .on(t.userId, t.tripId)
      .where(sql`${t.tripId} is not null`),
    index('wishlist_supplier_idx').on(t.supplierId),
    index('wishlist_activity_idx').on(t.activityId),
    index('wishlist_trip_idx').on(t.tripId),
    check(
      'wishlist_target_check',
      sql`(${t.itemType} = 'destination' and ${t.countryId} is not null and ${t.supplierId} is null and ${t.activityId} is null and ${t.tripId} is null)
        or (${t.itemType} = 'hotel' and ${t.supplierId} is not null and ${t.countryId} is null and ${t.activityId} is null and ${t.tripId} is null)
        or (${t.itemType} = 'activity' and ${t.activityId} is not null and ${t.countryId} is null and ${t.supplierId} is null and ${t.tripId} is null)
        or (${t.itemType} = 'trip' and ${t.tripId} is not null and ${t.countryId} is null and ${t.supplierId} is null and ${t.activityId} is null)`,
    ),
  ],
)
