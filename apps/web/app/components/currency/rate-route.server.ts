import type { ServiceContext } from '@meridian/core'
import { listCurrencies } from '@meridian/core'

/** Active currencies for the rate form's selects (§5: only active ones are offered), plus any the rate keeps. */
export async function rateFormOptions(ctx: ServiceContext, keep: number[] = []) {
  const all = await listCurrencies(ctx, {}, { limit: 500, offset: 0 })
  return all.results.filter((c) => c.is_active || keep.includes(c.id)).map((c) => ({ id: c.id, code: c.code, name: c.name }))
}

export const todayUtc = () => new Date().toISOString().slice(0, 10)
