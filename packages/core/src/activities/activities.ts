import { ActivityInput, ACTIVITY_FORM_MESSAGES, checkTiers, flattenActivityInput, type TierValue } from '@meridian/validators'
import {
  activities,
  activityPricingTiers,
  activityTags,
  and,
  asc,
  countries,
  currencies,
  type Database,
  eq,
  inArray,
  locations,
  mediaItems,
  sql,
  suppliers,
  tags,
} from '@meridian/db'
import type { ServiceContext } from '../context.ts'
import { DomainError, type FieldErrors } from '../errors.ts'
import { ACTIVITY_MESSAGES } from '../messages.ts'
import { fieldErrors } from '../validation.ts'
import * as v from 'valibot'
import { recordId } from '../catalogue/shared.ts'
import { canManageActivities } from './access.ts'
import { type CatalogueActivityDto, type ActivityJoined, expandActivities, selectActivities } from './serialize.ts'
import { byIds } from '../lists/paged-list.ts'

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0]


async function loadJoined(db: Database, id: number): Promise<ActivityJoined> {
  const [row] = await selectActivities(db).where(eq(activities.id, id))
  if (!row) throw new DomainError('not_found', ACTIVITY_MESSAGES.notFound)
  return row
}

/** Read one activity as an expert edits it, without the access check (pricing and media use it). */
export async function readActivity(db: Database, id: number): Promise<CatalogueActivityDto> {
  return (await expandActivities(db, [await loadJoined(db, id)]))[0]!
}

export async function getActivity(ctx: ServiceContext, rawId: unknown): Promise<CatalogueActivityDto> {
  canManageActivities(ctx)
  return readActivity(ctx.db, recordId(rawId, ACTIVITY_MESSAGES.notFound))
}

function fieldByField(flat: Record<string, unknown>): Partial<ActivityInput> {
  const out: Record<string, unknown> = {}
  for (const [key, schema] of Object.entries(ActivityInput.entries)) {
    const one = v.safeParse(schema as v.GenericSchema, flat[key])
    if (one.success) out[key] = one.output
  }
  return out as Partial<ActivityInput>
}

interface Resolved {
  data: ActivityInput
  tiers: TierValue[]
  countryId: number
  locationId: number
  supplierId: number | null
  supplierName: string
  currencyId: number
}

/**
 * The rules past the input schema (§5 and the issue): tiers valid for the tiered model, a fixed price for the fixed
 * one, a supplier or a supplier name, a location (its country is the activity's), supplier and chosen country
 * agreeing with it, a known currency. Every problem is reported at once as field errors; nothing is saved.
 */
async function resolve(db: Database, flat: Record<string, unknown>): Promise<Resolved> {
  const parsed = v.safeParse(ActivityInput, { name: undefined, description: undefined, ...flat })
  const errors: FieldErrors = parsed.success ? {} : fieldErrors(parsed.issues)
  const add = (field: string, message: string) => {
    if (!errors[field]) errors[field] = [message]
  }
  const data = (parsed.success ? parsed.output : {}) as Partial<ActivityInput>
  // With some fields wrong, the others are still read one by one so that every problem is reported at once.
  const raw: Partial<ActivityInput> = parsed.success ? data : fieldByField(flat)
  const model = raw.pricing_model ?? 'tiered'
  let tiers: TierValue[] = []
  if (model === 'tiered') {
    const checked = checkTiers(raw.pricing_tiers)
    tiers = checked.tiers
    if (checked.problems.length && !errors.pricing_tiers) errors.pricing_tiers = checked.problems
  } else if (raw.fixed_price === null || raw.fixed_price === undefined) {
    add('fixed_price', ACTIVITY_FORM_MESSAGES.fixedPriceRequired)
  }
  if (!raw.supplier_id && !raw.supplier_name) add('supplier_name', ACTIVITY_FORM_MESSAGES.supplier)
  if (!raw.location_id) add('location_id', ACTIVITY_FORM_MESSAGES.location)
  if (!raw.location_id && !raw.country_id) add('country_id', ACTIVITY_FORM_MESSAGES.country)
  if (raw.min_age != null && raw.max_age != null && raw.max_age < raw.min_age) add('max_age', 'Max age cannot be less than the min age.')
  const currencyRef = raw.currency ?? 'USD'
  const [supplier, location, country, currency] = await Promise.all([
    raw.supplier_id ? db.select({ id: suppliers.id, name: suppliers.name, countryId: suppliers.countryId }).from(suppliers).where(eq(suppliers.id, raw.supplier_id)).then((r) => r[0]) : undefined,
    raw.location_id ? db.select({ id: locations.id, countryId: locations.countryId }).from(locations).where(eq(locations.id, raw.location_id)).then((r) => r[0]) : undefined,
    raw.country_id ? db.select({ id: countries.id }).from(countries).where(eq(countries.id, raw.country_id)).then((r) => r[0]) : undefined,
    db
      .select({ id: currencies.id })
      .from(currencies)
      .where(typeof currencyRef === 'number' ? eq(currencies.id, currencyRef) : eq(currencies.code, currencyRef))
      .then((r) => r[0]),
  ])
  if (raw.supplier_id && !supplier) add('supplier_id', ACTIVITY_MESSAGES.unknownSupplier)
  if (raw.location_id && !location) add('location_id', ACTIVITY_MESSAGES.unknownLocation)
  if (raw.country_id && !country) add('country_id', ACTIVITY_MESSAGES.unknownCountry)
  if (!currency) add('currency', ACTIVITY_MESSAGES.unknownCurrency)
  const countryId = location?.countryId ?? country?.id
  if (location && country && location.countryId !== country.id) add('location_id', ACTIVITY_MESSAGES.locationOtherCountry)
  if (supplier?.countryId && countryId && supplier.countryId !== countryId) add('supplier_id', ACTIVITY_MESSAGES.supplierOtherCountry)
  if (Object.keys(errors).length) throw DomainError.invalid(errors)
  return {
    data: data as ActivityInput,
    tiers,
    countryId: countryId!,
    locationId: location!.id,
    supplierId: supplier?.id ?? null,
    supplierName: supplier?.name ?? raw.supplier_name ?? '',
    currencyId: currency!.id,
  }
}

function columns(r: Resolved): typeof activities.$inferInsert {
  const d = r.data
  return {
    name: d.name,
    description: d.description,
    category: d.category ?? 'adventure',
    difficulty: d.difficulty ?? 'easy',
    experienceType: d.experience_type ?? 'guided',
    supplierId: r.supplierId,
    supplierName: r.supplierName,
    pricingModel: d.pricing_model ?? 'tiered',
    currencyId: r.currencyId,
    fixedPrice: d.fixed_price ?? null,
    durationHours: d.duration_hours ?? '3',
    durationDescription: d.duration_description ?? '',
    daysOfWeek: d.days_of_week ?? [1, 2, 3, 4, 5, 6, 7],
    locationId: r.locationId,
    countryId: r.countryId,
    includedServices: d.included_services ?? [],
    minAge: d.min_age ?? null,
    maxAge: d.max_age ?? null,
    equipmentItems: d.provided_equipment ?? [],
    bringYourself: d.bring_yourself ?? [],
    tagWeights: d.tag_weights ?? {},
    includesText: d.includes_text ?? '',
    excludesText: d.excludes_text ?? '',
    maxParticipants: d.max_participants ?? null,
    isFeatured: d.is_featured ?? false,
    isActive: d.is_active ?? true,
    requiresWaiver: d.requires_waiver ?? false,
    instantConfirmation: d.instant_confirmation ?? true,
    cancellationPolicy: d.cancellation_policy ?? '',
    cancellationTerms: d.cancellation_terms ?? null,
    equipmentProvided: d.equipment_provided ?? false,
    seasonDependent: d.season_dependent ?? false,
    bookingRequired: d.booking_required ?? true,
  }
}

/**
 * Write an activity's tiers and tags (inside the caller's transaction). A tier keeps its record (and id) at its
 * position: the tiers read and sent back unchanged read the same afterwards; extra positions are added or removed.
 */
async function writeChildren(tx: Tx, activityId: number, tiers: TierValue[], tagNames: string[]) {
  const held = await tx
    .select({ id: activityPricingTiers.id })
    .from(activityPricingTiers)
    .where(eq(activityPricingTiers.activityId, activityId))
    .orderBy(asc(activityPricingTiers.position), asc(activityPricingTiers.id))
  const values = tiers.map((t, i) => ({
    activityId,
    position: i,
    name: t.name,
    minQuantity: t.min_quantity,
    maxQuantity: t.max_quantity,
    pricePerUnit: t.price_per_unit,
    fixedPrice: t.fixed_price,
  }))
  for (const [i, value] of values.entries()) {
    if (i < held.length) await tx.update(activityPricingTiers).set(value).where(eq(activityPricingTiers.id, held[i]!.id))
  }
  if (values.length > held.length) await tx.insert(activityPricingTiers).values(values.slice(held.length))
  const extra = held.slice(values.length).map((h) => h.id)
  if (extra.length) await tx.delete(activityPricingTiers).where(inArray(activityPricingTiers.id, extra))
  await tx.delete(activityTags).where(eq(activityTags.activityId, activityId))
  const unique = [...new Map(tagNames.map((n) => [n.toLowerCase(), n])).values()]
  if (!unique.length) return
  await tx.insert(tags).values(unique.map((name) => ({ name }))).onConflictDoNothing()
  const rows = await tx
    .select({ id: tags.id, name: tags.name })
    .from(tags)
    .where(inArray(sql`lower(${tags.name})`, unique.map((n) => n.toLowerCase())))
  const idOf = new Map(rows.map((r) => [r.name.toLowerCase(), r.id]))
  await tx.insert(activityTags).values(unique.map((n, i) => ({ activityId, tagId: idOf.get(n.toLowerCase())!, position: i })))
}

/** Add an activity with its tiers and tags (§9 defaults for what is not given). Needs activity management access. */
export async function createActivity(ctx: ServiceContext, input: unknown): Promise<CatalogueActivityDto> {
  canManageActivities(ctx)
  const resolved = await resolve(ctx.db, flattenActivityInput(input))
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.insert(activities).values(columns(resolved)).returning({ id: activities.id })
    await writeChildren(tx, row!.id, resolved.tiers, resolved.data.tag_names ?? [])
    return row!.id
  })
  return readActivity(ctx.db, id)
}

/**
 * PUT (and PATCH): the fields sent replace the stored ones, the rest stay; the whole activity is then checked as on
 * create. A new location without a country takes the location's country (§5 omits the country). Needs access.
 */
export async function updateActivity(ctx: ServiceContext, rawId: unknown, input: unknown): Promise<CatalogueActivityDto> {
  canManageActivities(ctx)
  const id = recordId(rawId, ACTIVITY_MESSAGES.notFound)
  const current = flattenActivityInput(await readActivity(ctx.db, id))
  const changes = flattenActivityInput(input)
  const merged: Record<string, unknown> = { ...current, ...changes }
  if ('location_id' in changes && !('country_id' in changes)) delete merged.country_id
  if ('supplier_id' in changes && !('supplier_name' in changes)) delete merged.supplier_name
  if ('supplier_name' in changes && !('supplier_id' in changes) && changes.supplier_name !== current.supplier_name) merged.supplier_id = null
  const resolved = await resolve(ctx.db, merged)
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.update(activities).set(columns(resolved)).where(eq(activities.id, id)).returning({ id: activities.id })
    if (!row) throw new DomainError('not_found', ACTIVITY_MESSAGES.notFound)
    await writeChildren(tx, id, resolved.tiers, resolved.data.tag_names ?? [])
  })
  return readActivity(ctx.db, id)
}

/** Delete an activity, its tiers and tags; its photos and videos stay in the media library, detached. Needs access. */
export async function deleteActivity(ctx: ServiceContext, rawId: unknown): Promise<void> {
  canManageActivities(ctx)
  const id = recordId(rawId, ACTIVITY_MESSAGES.notFound)
  await ctx.db.transaction(async (tx) => {
    const gone = await tx.delete(activities).where(eq(activities.id, id)).returning({ id: activities.id })
    if (!gone.length) throw new DomainError('not_found', ACTIVITY_MESSAGES.notFound)
    await tx
      .update(mediaItems)
      .set({ contentType: null, objectId: null })
      .where(and(eq(mediaItems.contentType, 'core.activity'), eq(mediaItems.objectId, id)))
  })
}

/** Whether an activity exists, and names by id: the media library's core.activity lookup. */
export const activityContentLookup = {
  async exists(db: Database, _type: string, id: number) {
    if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) return false
    const [row] = await db.select({ id: activities.id }).from(activities).where(eq(activities.id, id))
    return Boolean(row)
  },
  async names(db: Database, _type: string, ids: number[]) {
    if (!ids.length) return new Map<number, string>()
    const rows = await activityNames(db, ids)
    return new Map(rows.map((r) => [r.id, r.name]))
  },
}

const activityNames = byIds('activity_names', (db, ids) =>
  db.select({ id: activities.id, name: activities.name }).from(activities).where(sql`${activities.id} = any(${ids})`),
)
