import { createHash } from 'node:crypto'
import { and, asc, bookings, type Database, eq, inArray, paymentScheduleLines, payments } from '@meridian/db'
import type { BookingStatus } from '@meridian/validators/booking-constants'
import { CancelBookingInput } from '@meridian/validators'
import type { Actor, ServiceContext } from '../context.ts'
import { Dec } from '../currencies/money.ts'
import { todayUtc } from '../currencies/shared.ts'
import { DomainError } from '../errors.ts'
import { requirePayer, requirePaymentStaff } from '../payments/access.ts'
import { afterSettle, methodField } from '../payments/confirm.ts'
import { assertPayable } from '../payments/create-intent.ts'
import { linePayment, type ScheduleLine, serializeLine } from '../payments/lines.ts'
import { PAYMENT_MESSAGES } from '../payments/messages.ts'
import { activePaymentProvider, type NextAction } from '../payments/providers/index.ts'
import { refundAfterCancel } from '../payments/refunds.ts'
import { serializePayment } from '../payments/serialize.ts'
import { type Settled, settlePayment } from '../payments/settle.ts'
import { giveUpPayments, intentTotal, paymentsOfIntent, settleIntent } from '../payments/intent-payments.ts'
import { viaProvider } from '../payments/provider-errors.ts'
import { assertReceivedInFull } from '../payments/received.ts'
import type { PaymentRow } from '../payments/serialize.ts'
import { parseInput } from '../validation.ts'
import { type BookingRoles, type BookingScope, requireBookingScope, rolesOnBooking, seesBooking } from './access.ts'
import { bookingDto, type LoadedBooking, loadBooking } from './bookings.ts'
import { applyCancellation, cancellationCost, CANCELLATION_MESSAGES } from './cancellation.ts'
import { checkBookingMove } from './transitions.ts'

/*
 * Packages (docs/bookings.md "Packages: paid and cancelled in one step"): the bookings sharing a package reference
 * (the legs of a multi-city flight itinerary, the bookings of one accepted proposal) are viewed, paid and cancelled as
 * one. Paying and cancelling run in one transaction over every booking, each locked in id order: all or nothing, each
 * booking's own schedule and cancellation policy applied.
 */

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0]

export const PACKAGE_MESSAGES = {
  notFound: 'Package not found.',
  allCancelled: 'Every booking of this package is already cancelled.',
  nothingDue: 'Nothing is due on this package.',
  nothingDueBy: (date: string) => `Nothing of this package is due on or before ${date}.`,
  dueOnInvalid: 'Enter a valid date (YYYY-MM-DD).',
  nothingAwaiting: 'No payment of this package is awaiting money.',
  ofBooking: (reference: string, why: string) => `Booking ${reference}: ${why}`,
} as const

interface Member {
  booking: LoadedBooking
  roles: BookingRoles
}

/** A package reference from the path or input (any text up to 64 characters); anything else names no package (404). */
function referenceOf(raw: unknown): string {
  const ref = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : ''
  // A package reference is a booking reference (MB-…) or a proposal's (P-…): letters, digits and hyphens. Anything else
  // (a NUL byte, which PostgreSQL's text cannot hold, included) names no package.
  if (!/^[A-Za-z0-9-]{1,64}$/.test(ref)) throw new DomainError('not_found', PACKAGE_MESSAGES.notFound)
  return ref
}

/** The package's bookings the actor may see, in id order (`lock`: each row locked, in that order); 404 when none. */
async function loadPackage(db: Database | Tx, actor: Actor, scope: BookingScope, reference: string, options: { lock?: boolean } = {}): Promise<Member[]> {
  const ids = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.packageReference, reference)).orderBy(asc(bookings.id))
  const members: Member[] = []
  for (const { id } of ids) {
    const booking = await loadBooking(db, actor, id, options)
    if (seesBooking(actor, scope, booking)) members.push({ booking, roles: rolesOnBooking(actor, scope, booking) })
  }
  if (!members.length) throw new DomainError('not_found', PACKAGE_MESSAGES.notFound)
  return members
}

const live = (members: Member[]) => members.filter((m) => m.booking.status !== 'cancelled')

/** A refusal about one booking of the package: the same status and words as for that booking alone, naming it. */
function naming(booking: { reference: string }, error: unknown): never {
  if (error instanceof DomainError && !error.fields) throw new DomainError(error.code, PACKAGE_MESSAGES.ofBooking(booking.reference, error.message))
  throw error
}

/** Sums of exact amounts by currency, in currency order. */
function byCurrency<K extends string>(rows: { currency: string; values: Record<K, string> }[], keys: readonly K[]) {
  const sums = new Map<string, Record<K, Dec>>()
  for (const row of rows) {
    const sum = sums.get(row.currency) ?? (Object.fromEntries(keys.map((k) => [k, new Dec(0)])) as Record<K, Dec>)
    for (const k of keys) sum[k] = sum[k].plus(row.values[k])
    sums.set(row.currency, sum)
  }
  return [...sums.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, sum]) => ({ currency, ...(Object.fromEntries(keys.map((k) => [k, sum[k].toFixed(2)])) as Record<K, string>) }))
}

async function linesOf(db: Database | Tx, bookingIds: number[], lock = false): Promise<ScheduleLine[]> {
  if (!bookingIds.length) return []
  const query = db
    .select()
    .from(paymentScheduleLines)
    .where(inArray(paymentScheduleLines.bookingId, bookingIds))
    .orderBy(asc(paymentScheduleLines.dueOn), asc(paymentScheduleLines.bookingId), asc(paymentScheduleLines.position))
  return lock ? query.for('update') : query
}

const isOpen = (l: ScheduleLine) => l.status === 'due' || l.status === 'overdue'

/** Why this actor may not cancel this booking now (null: they may), as the single cancel would say it. */
function cancelRefusal(m: Member, today: string): string | null {
  try {
    checkBookingMove(m.roles, m.booking.status as BookingStatus, 'cancelled', m.booking.serviceDate, today)
    return null
  } catch (error) {
    if (error instanceof DomainError) return error.message
    throw error
  }
}

/** The package as GET /api/bookings/packages/{reference}/ answers it. */
async function packageAnswer(db: Database, reference: string, members: Member[], actor: Actor, nextAction: NextAction) {
  const manual = nextAction.type === 'manual'
  const today = todayUtc()
  const now = new Date()
  const open = live(members)
  const lines = await linesOf(
    db,
    open.map((m) => m.booking.id),
  )
  const byBooking = new Map(members.map((m) => [m.booking.id, m.booking]))
  const openLines = lines.filter(isOpen)
  // The open lines by due date, then currency.
  const groups = new Map<string, ScheduleLine[]>()
  for (const l of openLines) groups.set(`${l.dueOn}|${l.currency}`, [...(groups.get(`${l.dueOn}|${l.currency}`) ?? []), l])
  const schedule = [...groups.values()].map((ls) => ({
    due_on: ls[0]!.dueOn,
    currency: ls[0]!.currency,
    amount: ls.reduce((s, l) => s.plus(l.amount), new Dec(0)).toFixed(2),
    overdue: ls.some((l) => l.status === 'overdue'),
    lines: ls.map((l) => ({ ...serializeLine(l), booking_id: l.bookingId, booking_reference: byBooking.get(l.bookingId)!.reference })),
  }))
  const nextDueOn = schedule[0]?.due_on ?? null
  const costs = await Promise.all(
    open.map(async (m) => {
      const cost = await cancellationCost(db, m.booking, now)
      const refusal = cancelRefusal(m, today)
      return { m, cost, refusal }
    }),
  )
  const awaiting = open.length
    ? await db
        .select()
        .from(payments)
        .where(
          and(
            inArray(
              payments.bookingId,
              open.map((m) => m.booking.id),
            ),
            eq(payments.status, 'requires_payment'),
          ),
        )
        .orderBy(asc(payments.id))
    : []
  const traveler = open.some((m) => m.roles.traveler && m.booking.travelerId === actor.id)
  const staff = members.some((m) => m.roles.staff)
  return {
    reference,
    bookings: members.map((m) => ({ ...bookingDto(m.booking), can_cancel: m.booking.status !== 'cancelled' && cancelRefusal(m, today) === null })),
    /** What the live bookings come to, what was paid and what is still open, by currency. */
    totals: byCurrency(
      open.map((m) => {
        const own = lines.filter((l) => l.bookingId === m.booking.id)
        const sum = (ls: ScheduleLine[]) => ls.reduce((s, l) => s.plus(l.amount), new Dec(0)).toFixed(2)
        return {
          currency: m.booking.currency,
          values: { amount: m.booking.amount, paid: sum(own.filter((l) => l.status === 'paid')), outstanding: sum(own.filter(isOpen)) },
        }
      }),
      ['amount', 'paid', 'outstanding'] as const,
    ),
    /** The open schedule lines of every live booking, by due date and currency. */
    schedule,
    /** What paying now pays: every open line due on the next due date, by currency. */
    next_due: nextDueOn
      ? {
          due_on: nextDueOn,
          totals: byCurrency(
            openLines.filter((l) => l.dueOn <= nextDueOn).map((l) => ({ currency: l.currency, values: { amount: l.amount } })),
            ['amount'] as const,
          ),
        }
      : null,
    /** What cancelling the whole package now would cost, by currency, and each booking's share. */
    cancellation: open.length
      ? {
          totals: byCurrency(
            costs.map(({ m, cost }) => ({ currency: m.booking.currency, values: { fee: cost.fee, refund: cost.refund, paid: cost.paid } })),
            ['fee', 'refund', 'paid'] as const,
          ),
          bookings: costs.map(({ m, cost, refusal }) => ({
            id: m.booking.id,
            reference: m.booking.reference,
            currency: m.booking.currency,
            fee: cost.fee,
            refund: cost.refund,
            paid: cost.paid,
            free_until: cost.quote.freeUntil?.toISOString() ?? null,
            can_cancel: refusal === null,
            refusal,
          })),
        }
      : null,
    /** How paying goes: a transfer quoting the package reference (with the bank details), or Stripe's card form. */
    next_action: nextAction,
    /** Payments awaiting money (a bank transfer quoting the package reference, a card payment begun). */
    awaiting_payments: awaiting.map((p) => serializePayment(p, byBooking.get(p.bookingId)!)),
    can: {
      /** The traveler pays every line due next in one step (by transfer, or by card: one card payment per currency). */
      pay: traveler && openLines.length > 0,
      cancel: costs.length > 0 && costs.every((c) => c.refusal === null),
      mark_received: staff && manual && awaiting.some((p) => p.provider === 'manual'),
    },
  }
}
export type PackageDetail = Awaited<ReturnType<typeof packageAnswer>>

/**
 * GET /api/bookings/packages/{reference}/: the package's bookings the actor may see (404 when none), with totals by
 * currency, the open schedule lines of its live bookings by due date, what is due next, and what cancelling the whole
 * now would cost (each booking's fee and refund under its own policy, summed by currency).
 */
export async function getPackage(ctx: ServiceContext, rawReference: unknown): Promise<PackageDetail> {
  const { actor, scope } = requireBookingScope(ctx)
  const reference = referenceOf(rawReference)
  const members = await loadPackage(ctx.db, actor, scope, reference)
  return packageAnswer(ctx.db, reference, members, actor, activePaymentProvider(ctx.config).nextAction(reference))
}

/** `due_on` of a body: a date, or null when left out; else a field error. */
function dueOnField(input: unknown): string | null {
  const raw = typeof input === 'object' && input !== null ? (input as Record<string, unknown>).due_on : undefined
  if (raw === undefined || raw === null || raw === '') return null
  if (
    typeof raw !== 'string' ||
    !/^\d{4}-\d{2}-\d{2}$/.test(raw) ||
    Number.isNaN(Date.parse(`${raw}T00:00:00Z`)) ||
    new Date(`${raw}T00:00:00Z`).toISOString().slice(0, 10) !== raw
  ) {
    throw DomainError.invalid({ due_on: [PACKAGE_MESSAGES.dueOnInvalid] })
  }
  return raw
}

/**
 * POST /api/bookings/packages/{reference}/pay/ `{due_on?}`: the traveler (create_trips) pays, in one step, every open
 * line of their package's live bookings due on or before `due_on` (left out: the package's next due date). One payment
 * per line, all written in one transaction or none: a booking that cannot be paid (not quoted, in a refund) refuses
 * the whole with 409, naming it. The manual provider: every payment awaits the same transfer, quoting the package
 * reference, and staff mark them received in one step. By card (Stripe): one intent per currency for the sum of its
 * lines, its payments sharing it (`intents`: what Stripe.js pays); confirming it records every line at once.
 */
export async function payPackage(ctx: ServiceContext, rawReference: unknown, input: unknown = {}) {
  const actor = requirePayer(ctx)
  const reference = referenceOf(rawReference)
  const dueOn = dueOnField(input)
  const provider = activePaymentProvider(ctx.config)
  const settled: Settled[] = []
  const toCancel: { provider: string; intentId: string }[] = []
  const result = await ctx.db.transaction(async (tx) => {
    // The traveler's own bookings of the package: another's package is not found.
    const members = (await loadPackage(tx, actor, 'own', reference, { lock: true })).filter((m) => m.booking.travelerId === actor.id)
    if (!members.length) throw new DomainError('not_found', PACKAGE_MESSAGES.notFound)
    const open = live(members)
    if (!open.length) throw new DomainError('conflict', PACKAGE_MESSAGES.allCancelled)
    const openLines = (
      await linesOf(
        tx,
        open.map((m) => m.booking.id),
        true,
      )
    ).filter(isOpen)
    if (!openLines.length) throw new DomainError('conflict', PACKAGE_MESSAGES.nothingDue)
    const until = dueOn ?? openLines[0]!.dueOn
    const chosen = openLines.filter((l) => l.dueOn <= until)
    if (!chosen.length) throw DomainError.invalid({ due_on: [PACKAGE_MESSAGES.nothingDueBy(until)] })
    const bookingOf = (line: ScheduleLine) => open.find((m) => m.booking.id === line.bookingId)!.booking
    for (const line of chosen) await assertPayable(tx, bookingOf(line), provider, line.id).catch((error: unknown) => naming(bookingOf(line), error))
    const livePayments = await tx
      .select()
      .from(payments)
      .where(and(inArray(payments.bookingId, [...new Set(chosen.map((l) => l.bookingId))]), eq(payments.status, 'requires_payment')))
      .orderBy(asc(payments.id))
    // Payments of a chosen line (or of lines re-cut since) nobody will pay any more once a new one is made.
    const staleFor = (lines: ScheduleLine[]) => livePayments.filter((p) => p.scheduleLineId === null || lines.some((l) => l.id === p.scheduleLineId))
    const made: { payment: PaymentRow; booking: LoadedBooking; created: boolean }[] = []
    const intents: PackageIntent[] = []
    if (provider.name === 'manual') {
      for (const line of chosen) {
        const booking = bookingOf(line)
        const reusable = livePayments.find(
          (p) => p.scheduleLineId === line.id && p.provider === 'manual' && p.amount === line.amount && p.currency === line.currency,
        )
        if (reusable) {
          made.push({ payment: reusable, booking, created: false })
          continue
        }
        await giveUpPayments(tx, staleFor([line]))
        const intent = await provider.createIntent({
          amount: line.amount,
          currency: line.currency,
          bookingId: booking.id,
          reference,
          idempotencyKey: `meridian-package-line-${line.id}`,
        })
        const [row] = await tx
          .insert(payments)
          .values(linePayment(line, { provider: provider.name, intentId: intent.intentId }, actor.id))
          .returning()
        made.push({ payment: row!, booking, created: true })
      }
      return { until, made, intents }
    }
    // By card: one intent per currency, for the sum of its lines.
    for (const currency of [...new Set(chosen.map((l) => l.currency))].sort()) {
      const group = chosen.filter((l) => l.currency === currency)
      const total = group.reduce((sum, l) => sum.plus(l.amount), new Dec(0)).toFixed(2)
      const answerRows = (rows: PaymentRow[], created: boolean) => {
        for (const payment of rows) made.push({ payment, booking: open.find((m) => m.booking.id === payment.bookingId)!.booking, created })
      }
      // The live intent of exactly these lines, at these amounts, is taken up rather than a second made.
      let reused = false
      for (const intentId of new Set(
        livePayments.filter((p) => p.provider === provider.name && group.some((l) => l.id === p.scheduleLineId)).map((p) => p.intentId),
      )) {
        const rows = await paymentsOfIntent(tx, provider.name, intentId)
        const same =
          rows.length === group.length &&
          rows.every(
            (p) => p.status === 'requires_payment' && group.some((l) => l.id === p.scheduleLineId && l.amount === p.amount && l.currency === p.currency),
          )
        if (!same) continue
        const state = await viaProvider(() => provider.retrieve(intentId))
        if (state.status === 'cancelled') continue
        if (state.status === 'succeeded') {
          // Paid at Stripe, not recorded yet: recorded now (the traveler is not asked to pay a second time).
          assertReceivedInFull(intentTotal(rows), state)
          const done = await settleIntent(tx as unknown as Database, rows, { userId: actor.id, method: state.method })
          settled.push(...done)
          answerRows(
            done.filter((d) => rows.some((r) => r.id === d.payment.id) && !d.duplicate).map((d) => d.payment),
            false,
          )
        } else answerRows(rows, false)
        intents.push({
          currency,
          amount: total,
          payment_intent_id: intentId,
          client_secret: state.status === 'succeeded' ? null : state.clientSecret,
          paid: state.status === 'succeeded',
        })
        reused = true
        break
      }
      if (reused) continue
      toCancel.push(...(await giveUpPayments(tx, staleFor(group))))
      const earlier = await tx.$count(
        payments,
        inArray(
          payments.scheduleLineId,
          group.map((l) => l.id),
        ),
      )
      const lineKey = createHash('sha256')
        .update(group.map((l) => `${l.id}:${l.amount}`).join(','))
        .digest('hex')
        .slice(0, 24)
      const created = await viaProvider(
        () =>
          provider.createIntent({
            amount: total,
            currency,
            bookingId: group[0]!.bookingId,
            reference,
            // A retry after a failed write asks for the same intent again, not a second one.
            idempotencyKey: `meridian-package-${reference}-${currency}-${lineKey}-${earlier + 1}`,
          }),
        currency,
      )
      const rows = await tx
        .insert(payments)
        .values(group.map((line) => linePayment(line, { provider: provider.name, intentId: created.intentId }, actor.id)))
        .returning()
      answerRows(rows, true)
      intents.push({ currency, amount: total, payment_intent_id: created.intentId, client_secret: created.clientSecret, paid: false })
    }
    return { until, made, intents }
  })
  for (const done of settled) await afterSettle(ctx, done)
  // Intents given up at the provider too (best effort: nobody can pay them from here any more).
  for (const old of toCancel) if (old.provider === provider.name) await provider.cancel(old.intentId).catch(() => undefined)
  return {
    reference,
    due_on: result.until,
    totals: byCurrency(
      result.made.map(({ payment }) => ({ currency: payment.currency, values: { amount: payment.amount } })),
      ['amount'] as const,
    ),
    payments: result.made.map(({ payment, booking }) => serializePayment(payment, booking)),
    /** By card: one intent per currency to pay with Stripe.js (`client_secret`), then POST /api/payments/confirm/. */
    intents: result.intents,
    next_action: provider.nextAction(reference),
    created: result.made.some((m) => m.created),
  }
}

/** One card intent of a package payment: the sum of its lines in one currency. */
interface PackageIntent {
  currency: string
  amount: string
  payment_intent_id: string
  /** For Stripe.js's Payment Element; null once paid. */
  client_secret: string | null
  /** Paid at the provider and recorded by this call. */
  paid: boolean
}

/**
 * POST /api/bookings/packages/{reference}/mark-received/ `{method?}`: staff handling the package's bookings record the
 * money of every manual payment of it awaiting money, in one transaction: each line paid, each booking paid or partly
 * paid (and confirmed if pending). All or nothing: a payment that cannot be recorded (its line paid meanwhile by
 * another) refuses the whole with 409, naming its booking. A traveler is refused (403); another's package is 404.
 */
export async function markPackageReceived(ctx: ServiceContext, rawReference: unknown, input: unknown = {}): Promise<PackageDetail> {
  const { actor, scope } = requirePaymentStaff(ctx)
  const reference = referenceOf(rawReference)
  const method = methodField(input)
  const settled: Settled[] = []
  await ctx.db.transaction(async (tx) => {
    const members = await loadPackage(tx, actor, scope, reference, { lock: true })
    const notStaff = members.find((m) => !m.roles.staff)
    if (notStaff) throw new DomainError('forbidden', PACKAGE_MESSAGES.ofBooking(notStaff.booking.reference, PAYMENT_MESSAGES.staffOnly))
    const open = live(members)
    const awaiting = open.length
      ? await tx
          .select()
          .from(payments)
          .where(
            and(
              inArray(
                payments.bookingId,
                open.map((m) => m.booking.id),
              ),
              eq(payments.status, 'requires_payment'),
              eq(payments.provider, 'manual'),
            ),
          )
          .orderBy(asc(payments.id))
      : []
    if (!awaiting.length) throw new DomainError('conflict', PACKAGE_MESSAGES.nothingAwaiting)
    for (const payment of awaiting) {
      const done = await settlePayment(tx as unknown as Database, payment.id, { userId: actor.id, method })
      if (done.duplicate || !done.changed) {
        const booking = members.find((m) => m.booking.id === payment.bookingId)!.booking
        throw new DomainError('conflict', PACKAGE_MESSAGES.ofBooking(booking.reference, PAYMENT_MESSAGES.alreadyPaid))
      }
      settled.push(done)
    }
  })
  for (const done of settled) await afterSettle(ctx, done)
  return getPackage(ctx, reference)
}

/**
 * POST /api/bookings/packages/{reference}/cancel/ `{reason?, waive_fee?}`: every live booking of the package the actor
 * sees is cancelled in one transaction, each under its own policy (its fee of this instant, its refund owed, its open
 * lines waived, a flight's seats given back). All or nothing: when this actor may not cancel one of them (the single
 * cancel's rules), nothing is cancelled and the answer (409 or 403, as for that booking alone) names it. Staff may
 * waive the fees. The money goes back after commit, booking by booking.
 */
export async function cancelPackage(ctx: ServiceContext, rawReference: unknown, input: unknown = {}): Promise<PackageDetail> {
  const { actor, scope } = requireBookingScope(ctx)
  const reference = referenceOf(rawReference)
  const cancelled = await ctx.db.transaction(async (tx) => {
    const members = await loadPackage(tx, actor, scope, reference, { lock: true })
    const open = live(members)
    if (!open.length) throw new DomainError('conflict', PACKAGE_MESSAGES.allCancelled)
    const today = todayUtc()
    // Every booking is checked before any is cancelled: a refusal names the first that may not be.
    for (const m of open) {
      try {
        checkBookingMove(m.roles, m.booking.status as BookingStatus, 'cancelled', m.booking.serviceDate, today)
      } catch (error) {
        naming(m.booking, error)
      }
    }
    const data = parseInput(CancelBookingInput, input ?? {})
    if (data.waive_fee && open.some((m) => !m.roles.staff)) throw DomainError.invalid({ waive_fee: [CANCELLATION_MESSAGES.waiveStaffOnly] })
    const at = new Date()
    for (const m of open) await applyCancellation(tx, m.booking, actor.id, { reason: data.reason, waiveFee: data.waive_fee, at })
    return open.map((m) => m.booking.id)
  })
  for (const id of cancelled) await refundAfterCancel(ctx, id)
  return getPackage(ctx, reference)
}
