import { PriceActivityInput, WEEKDAYS } from '@meridian/validators'
import type { ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { ACTIVITY_MESSAGES } from '../messages.ts'
import { parseInput } from '../validation.ts'
import { recordId } from '../catalogue/shared.ts'
import { quoteConversion } from '../currencies/convert.ts'
import { todayUtc } from '../currencies/shared.ts'
import { mayManageActivities } from './access.ts'
import { readActivity } from './activities.ts'
import { computePrice } from './pricing.ts'
import { requireActor } from '../access.ts'

/** ISO weekday (Monday 1 … Sunday 7) of a YYYY-MM-DD date. */
const isoWeekday = (date: string) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1

/**
 * The price of an activity for `participants` on `date` (today, UTC, by default): in the activity's currency and,
 * with `currency`, converted at the rates in force that day (docs/currency.md). The day must be one the activity
 * runs on. Staff who manage activities price any activity; other signed-in users only active ones.
 */
export async function priceActivity(ctx: ServiceContext, rawId: unknown, input: unknown) {
  const actor = requireActor(ctx)
  const id = recordId(rawId, ACTIVITY_MESSAGES.notFound)
  const req = parseInput(PriceActivityInput, input ?? {})
  const activity = await readActivity(ctx.db, id)
  if (!activity.is_active && !mayManageActivities(actor)) throw new DomainError('not_found', ACTIVITY_MESSAGES.notFound)
  const date = req.date || todayUtc()
  const weekday = isoWeekday(date)
  if (!activity.scheduling.availability.days_of_week.includes(weekday)) {
    throw DomainError.invalid({ date: [ACTIVITY_MESSAGES.notAvailableOn(WEEKDAYS[weekday - 1]!.label)] })
  }
  const price = computePrice(
    {
      pricing_model: activity.pricing.pricing_model,
      fixed_price: activity.pricing.fixed_price,
      pricing_tiers: activity.pricing.pricing_tiers,
      max_participants: activity.max_participants,
    },
    req.participants,
  )
  const currency = activity.pricing.currency
  let converted = null
  if (req.currency && req.currency !== currency) {
    const quote = await quoteConversion(ctx.db, { amount: price.total, from_currency: currency, to_currency: req.currency, date })
    converted = {
      currency: quote.to_currency,
      total: quote.converted_amount,
      formatted_total: quote.formatted_amount,
      rate: quote.rate,
      effective_rate: quote.effective_rate,
      path: quote.path,
    }
  }
  const tier = price.tier
  return {
    activity_id: activity.id,
    activity_name: activity.name,
    participants: req.participants,
    date,
    pricing_model: activity.pricing.pricing_model,
    basis: price.basis,
    tier: tier ? { name: tier.name, min_quantity: tier.min_quantity, max_quantity: tier.max_quantity, price_per_unit: tier.price_per_unit, fixed_price: tier.fixed_price } : null,
    currency,
    unit_price: price.unit_price,
    total: price.total,
    converted,
  }
}
export type ActivityPriceDto = Awaited<ReturnType<typeof priceActivity>>
