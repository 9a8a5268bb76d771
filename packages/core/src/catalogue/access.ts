import type { Permission } from '@meridian/auth'
import { assertCanAny } from '../access.ts'
import type { ServiceContext } from '../context.ts'
import { CATALOGUE_MESSAGES, STATUS_MESSAGES } from '../messages.ts'

/**
 * Who may do what in the catalogue (docs/decisions/010-catalogue-access.md): decided by permission.
 * Countries, regions and locations: manage_destinations reads and writes. Suppliers: manage_suppliers writes,
 * manage_suppliers or view_suppliers reads.
 */
export const CATALOGUE_PERMISSIONS = {
  destinations: ['manage_destinations'],
  supplierReads: ['manage_suppliers', 'view_suppliers'],
  supplierWrites: ['manage_suppliers'],
} as const satisfies Record<string, readonly Permission[]>

export const canReadDestinations = (ctx: ServiceContext) =>
  assertCanAny(ctx, CATALOGUE_PERMISSIONS.destinations, CATALOGUE_MESSAGES.destinationsDenied)
export const canWriteDestinations = canReadDestinations
export const canReadLocations = (ctx: ServiceContext) =>
  assertCanAny(ctx, CATALOGUE_PERMISSIONS.destinations, CATALOGUE_MESSAGES.locationsDenied)
export const canWriteLocations = canReadLocations
export const canReadSuppliers = (ctx: ServiceContext) =>
  assertCanAny(ctx, CATALOGUE_PERMISSIONS.supplierReads, CATALOGUE_MESSAGES.suppliersDenied)
/** A reader without manage_suppliers (a specialist) gets the generic 403 text: they may see, not change. */
export function canWriteSuppliers(ctx: ServiceContext) {
  canReadSuppliers(ctx)
  return assertCanAny(ctx, CATALOGUE_PERMISSIONS.supplierWrites, STATUS_MESSAGES[403])
}
