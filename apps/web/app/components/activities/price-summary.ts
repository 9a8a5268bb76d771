/** The card's price line: the fixed price, or the lowest price per person of the tiers ('from …'). */
export function priceFrom(pricing: { pricing_model: string; currency: string; fixed_price: string | null; pricing_tiers: { price_per_unit: string }[] }): string {
  const money = (amount: string) => {
    try {
      return new Intl.NumberFormat('en-US', { style: 'currency', currency: pricing.currency }).format(Number(amount))
    } catch {
      return `${amount} ${pricing.currency}`
    }
  }
  if (pricing.pricing_model === 'fixed') return pricing.fixed_price === null ? 'No price set' : money(pricing.fixed_price)
  const prices = pricing.pricing_tiers.map((t) => t.price_per_unit)
  if (!prices.length) return 'No price set'
  // Two-place decimals compare correctly as numbers of cents.
  const lowest = prices.reduce((a, b) => (Math.round(Number(b) * 100) < Math.round(Number(a) * 100) ? b : a))
  return `From ${money(lowest)} per person`
}
