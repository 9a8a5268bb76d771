import { assertCanAny } from '../access.ts'
import type { ServiceContext } from '../context.ts'
import { CURRENCY_MESSAGES } from '../messages.ts'

/** Currencies, rates and settings: manage_currencies (admin; superadmin through '*'), with the screen's §6 wording. */
export const canManageCurrencies = (ctx: ServiceContext) => assertCanAny(ctx, ['manage_currencies'], CURRENCY_MESSAGES.denied)
