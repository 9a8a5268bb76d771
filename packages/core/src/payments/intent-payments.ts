import { and, asc, bookings, type Database, eq, inArray, payments } from '@meridian/db'
import { Dec } from '../currencies/money.ts'
import type { PaymentRow } from './serialize.ts'
import { type Settled, settlePayment } from './settle.ts'

/*
 * One provider intent, several payments (docs/bookings.md "Packages: paid and cancelled in one step"): a package paid
 * by card is one Stripe intent for every line due, with one payment row per line sharing its intent id. Whatever
 * records or gives up such an intent (confirm, the webhook, a new card payment) handles all its rows together.
 */

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0]

/** Every payment of one provider intent, in the order they are locked everywhere: by booking, then payment id. */
export async function paymentsOfIntent(db: Database | Tx, provider: string, intentId: string): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider as PaymentRow['provider']), eq(payments.intentId, intentId)))
    .orderBy(asc(payments.bookingId), asc(payments.id))
}

/**
 * What the intent was made for: the sum of its payments, whatever became of each since (an intent's amount is fixed
 * when it is made), in their one currency.
 */
export function intentTotal(rows: readonly PaymentRow[]): { amount: string; currency: string } {
  return { amount: rows.reduce((sum, p) => sum.plus(p.amount), new Dec(0)).toFixed(2), currency: rows[0]?.currency ?? '' }
}

/**
 * Record the money of every payment of an intent, inside the caller's transaction (each as settlePayment does: its
 * line paid, its booking paid or partly paid, confirmed if pending). A payment of the intent given up meanwhile (its
 * booking cancelled, its line paid another way) while the rest went on to be paid is money that must go back: it is
 * answered as a duplicate, which afterSettle pays back (a partial refund of the intent).
 */
export async function settleIntent(tx: Database, rows: readonly PaymentRow[], by: { userId: number | null; method?: string }): Promise<Settled[]> {
  const settled: Settled[] = []
  const givenUp: PaymentRow[] = []
  for (const row of rows) {
    if (row.status === 'cancelled' && row.provider !== 'manual') givenUp.push(row)
    else settled.push(await settlePayment(tx, row.id, by))
  }
  if (!settled.some((s) => s.changed)) return settled
  for (const row of givenUp) {
    if (row.refundReference) continue
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, row.bookingId))
    settled.push({ payment: row, booking: booking!, changed: false, duplicate: true, refundAfter: false })
  }
  return settled
}

/**
 * Give up payments awaiting money nobody will pay any more, inside the caller's transaction, with every other payment
 * of their intents (a shared intent is paid whole or not at all). Answers the provider intents to cancel once the
 * transaction commits (not the manual provider's, which are only rows).
 */
export async function giveUpPayments(tx: Database | Tx, rows: readonly PaymentRow[]): Promise<{ provider: string; intentId: string }[]> {
  if (!rows.length) return []
  const intents = new Map(rows.map((p) => [`${p.provider}:${p.intentId}`, { provider: p.provider, intentId: p.intentId }]))
  const ids = new Set(rows.map((p) => p.id))
  for (const { provider, intentId } of intents.values()) {
    if (provider === 'manual') continue
    for (const sibling of await paymentsOfIntent(tx, provider, intentId)) if (sibling.status === 'requires_payment') ids.add(sibling.id)
  }
  await tx
    .update(payments)
    .set({ status: 'cancelled', updatedAt: new Date() })
    .where(and(inArray(payments.id, [...ids]), eq(payments.status, 'requires_payment')))
  return [...intents.values()].filter((i) => i.provider !== 'manual')
}
