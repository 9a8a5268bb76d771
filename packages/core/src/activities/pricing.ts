import { Dec } from '../currencies/money.ts'
import { DomainError } from '../errors.ts'
import { ACTIVITY_MESSAGES } from '../messages.ts'

export interface PricingTierValue {
  name: string
  min_quantity: number
  max_quantity: number | null
  price_per_unit: string
  fixed_price: string | null
}

export interface ActivityPricing {
  pricing_model: 'tiered' | 'fixed'
  fixed_price: string | null
  pricing_tiers: readonly PricingTierValue[]
  max_participants: number | null
}

export interface PriceResult {
  basis: 'fixed' | 'tier_group_price' | 'tier_per_unit'
  tier: PricingTierValue | null
  /** The price per participant, rounded to cents (the total divided by the group for a group price). */
  unit_price: string
  total: string
}

const covers = (tier: PricingTierValue, n: number) => n >= tier.min_quantity && (tier.max_quantity === null || n <= tier.max_quantity)

const range = (t: PricingTierValue) => (t.max_quantity === null ? `${t.min_quantity}+` : `${t.min_quantity}-${t.max_quantity}`)

/**
 * The price of an activity for a group (exact decimals, 2 places): the fixed price of a fixed activity, else the
 * tier whose min/max covers the group, its group price when set, else price per unit times participants.
 * A group above max_participants, or one no tier covers, is a field error on `participants`.
 */
export function computePrice(pricing: ActivityPricing, participants: number): PriceResult {
  if (pricing.max_participants !== null && participants > pricing.max_participants) {
    throw DomainError.invalid({ participants: [ACTIVITY_MESSAGES.tooManyParticipants(pricing.max_participants)] })
  }
  if (pricing.pricing_model === 'fixed') {
    if (pricing.fixed_price === null) throw DomainError.invalid({ pricing: [ACTIVITY_MESSAGES.noPrice] })
    const total = new Dec(pricing.fixed_price)
    return { basis: 'fixed', tier: null, unit_price: total.div(participants).toFixed(2), total: total.toFixed(2) }
  }
  const tier = pricing.pricing_tiers.find((t) => covers(t, participants))
  if (!tier) {
    const sorted = [...pricing.pricing_tiers].sort((a, b) => a.min_quantity - b.min_quantity)
    const ranges = sorted.length ? sorted.map(range).join(', ') : 'no group sizes'
    throw DomainError.invalid({ participants: [ACTIVITY_MESSAGES.noTierCovers(participants, ranges)] })
  }
  if (tier.fixed_price !== null) {
    const total = new Dec(tier.fixed_price)
    return { basis: 'tier_group_price', tier, unit_price: total.div(participants).toFixed(2), total: total.toFixed(2) }
  }
  const unit = new Dec(tier.price_per_unit)
  return { basis: 'tier_per_unit', tier, unit_price: unit.toFixed(2), total: unit.mul(participants).toFixed(2) }
}
