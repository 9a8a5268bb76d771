import type { conversionRates, currencies, currencySettings } from '@meridian/db'

type CurrencyRow = typeof currencies.$inferSelect
type RateRowDb = typeof conversionRates.$inferSelect
type SettingsRow = typeof currencySettings.$inferSelect

export interface CurrencyRef {
  id: number
  code: string
  symbol: string
}

export function serializeCurrency(row: CurrencyRow) {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    symbol: row.symbol,
    is_active: row.isActive,
    is_base_currency: row.isBaseCurrency,
    display_order: row.displayOrder,
    countries: row.countries,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }
}
export type CurrencyDto = ReturnType<typeof serializeCurrency>

export const currencyRef = (row: Pick<CurrencyRow, 'id' | 'code' | 'symbol'>): CurrencyRef => ({ id: row.id, code: row.code, symbol: row.symbol })

/** `is_current`: this is the rate in force today for its pair. */
export function serializeRate(row: RateRowDb, byId: Map<number, CurrencyRef>, current: boolean) {
  return {
    id: row.id,
    from_currency: byId.get(row.fromCurrencyId) ?? { id: row.fromCurrencyId, code: '', symbol: '' },
    to_currency: byId.get(row.toCurrencyId) ?? { id: row.toCurrencyId, code: '', symbol: '' },
    rate: row.rate,
    effective_date: row.effectiveDate,
    source: row.source,
    is_active: row.isActive,
    is_current: current,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }
}
export type RateDto = ReturnType<typeof serializeRate>

export function serializeSettings(row: SettingsRow, base: CurrencyRef | null) {
  return {
    global_margin_percentage: row.globalMarginPercentage,
    base_currency: base,
    auto_update_rates: row.autoUpdateRates,
    external_api_provider: row.externalApiProvider,
    provider_url: row.providerUrl,
    default_decimal_places: row.defaultDecimalPlaces,
    show_currency_symbols: row.showCurrencySymbols,
    last_rate_update_at: row.lastRateUpdateAt?.toISOString() ?? null,
    last_rate_update_message: row.lastRateUpdateMessage,
  }
}
export type CurrencySettingsDto = ReturnType<typeof serializeSettings>
