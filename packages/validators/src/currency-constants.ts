/** Fixed lists and limits of currencies and transfers (3-back-office.md §3, §5, §9). Browser-safe, no imports. */

/** §5: where a rate came from; the form's default is manual. */
export const RATE_SOURCES = ['manual', 'api', 'bank', 'market'] as const
export type RateSource = (typeof RATE_SOURCES)[number]

/** §3: transfer types, in the order the type select offers them. */
export const TRANSFER_TYPES = ['speedboat', 'seaplane', 'shuttle', 'private_car', 'ferry', 'flight', 'train', 'bus', 'car', 'other'] as const
export type TransferType = (typeof TRANSFER_TYPES)[number]

export const TRANSFER_TYPE_LABELS: Record<TransferType, string> = {
  speedboat: 'Speedboat',
  seaplane: 'Seaplane',
  shuttle: 'Shuttle',
  private_car: 'Private car',
  ferry: 'Ferry',
  flight: 'Flight',
  train: 'Train',
  bus: 'Bus',
  car: 'Car',
  other: 'Other',
}

/** Rate providers (docs/currency.md): '' is none; 'file' imports a rates file; 'ecb' downloads the ECB daily file. */
export const RATE_PROVIDERS = ['', 'file', 'ecb'] as const
export type RateProviderName = (typeof RATE_PROVIDERS)[number]

export const CURRENCY_LIMITS = {
  codeLength: 3,
  marginMin: 0,
  marginMax: 50,
  marginStep: '0.01',
  decimalPlacesMin: 0,
  decimalPlacesMax: 4,
  decimalPlacesDefault: 2,
  /** §9: rate precision 6 decimals is the form's step; stored rates keep up to 10 places. */
  rateStep: '0.000001',
  rateScale: 10,
  rateIntegerDigits: 10,
  amountScale: 10,
  amountIntegerDigits: 15,
} as const
