import { TRIP_REQUEST_LIST_FIELDS, TripRequestInput, WIZARD_STEP_FIELDS } from '@meridian/validators'
import { WIZARD_STEPS } from '@meridian/validators/trip-constants'
import { and, asc, countries, desc, eq, locations, sql } from '@meridian/db'
import * as v from 'valibot'
import type { ServiceContext } from '../context.ts'
import { DomainError, type FieldErrors } from '../errors.ts'
import { TRIP_MESSAGES } from '../messages.ts'
import { escapeLike, normalizeSearch } from '../catalogue/shared.ts'
import { fieldErrors } from '../validation.ts'
import { requireTraveler } from './access.ts'
import { placeImages } from './serialize.ts'
import { clearTripDraft, type DraftValues, earliestStartDate, getTripDraft, saveTripDraft, submitTripRequest } from './trip-requests.ts'

/**
 * The wizard's step rules (1-platform-core §4 Trip wizard): Next needs step 1's destination and dates, step 2's
 * travelers, style and type, step 3's one activity at least, step 4's budgets; the server checks the same on every
 * step's post (field messages of the payload's schema), so a form without JavaScript gets them too.
 */
export function wizardStepErrors(values: DraftValues, step: number, now = new Date()): FieldErrors {
  const fields = new Set<string>(WIZARD_STEP_FIELDS[step] ?? [])
  const result = v.safeParse(TripRequestInput, values)
  const errors: FieldErrors = {}
  if (!result.success) {
    for (const [key, messages] of Object.entries(fieldErrors(result.issues))) if (fields.has(key)) errors[key] = messages
  }
  if (step === 0 && typeof values.start_date === 'string' && values.start_date && !errors.start_date && values.start_date < earliestStartDate(now)) {
    errors.start_date = ['The departure date cannot be in the past.']
  }
  return errors
}

/** A step's values from its form: list fields the step shows and the form left out are emptied (unticked boxes). */
export function stepValues(form: Record<string, string | string[]>, step: number): DraftValues {
  const fields = WIZARD_STEP_FIELDS[Math.min(Math.max(step, 0), WIZARD_STEPS - 1)] ?? []
  const out: DraftValues = {}
  for (const f of fields) {
    const raw = form[f]
    if ((TRIP_REQUEST_LIST_FIELDS as readonly string[]).includes(f)) out[f] = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw]
    else if (raw !== undefined) out[f] = Array.isArray(raw) ? (raw.at(-1) ?? '') : raw
  }
  return out
}

/** What a destination card shows. */
const DESTINATION_CARD = {
  id: countries.id,
  name: countries.name,
  continent: countries.continent,
  category: countries.destinationCategory,
  description: countries.whyVisit,
}

/**
 * The destinations the wizard offers: active countries, promoted first, matching `q` (name, accents ignored), each
 * with its category and its image from the media library; at most 12. The chosen one always comes along.
 */
export async function wizardDestinations(ctx: ServiceContext, q: string, chosen: number | null) {
  requireTraveler(ctx)
  const key = normalizeSearch(q)
  const rows = await ctx.db
    .select(DESTINATION_CARD)
    .from(countries)
    .where(and(eq(countries.isActive, true), key ? sql`meridian_search_key(${countries.name}) like ${`%${escapeLike(key)}%`}` : undefined))
    .orderBy(desc(countries.isPromotedDestination), asc(countries.name), asc(countries.id))
    .limit(12)
  if (chosen !== null && !rows.some((r) => r.id === chosen)) {
    const [picked] = await ctx.db
      .select(DESTINATION_CARD)
      .from(countries)
      .where(and(eq(countries.id, chosen), eq(countries.isActive, true)))
    if (picked) rows.unshift(picked)
  }
  const images = await placeImages(ctx.db, rows.map((r) => r.id), [])
  return rows.map((r) => ({ ...r, image: images.get(`c${r.id}`) ?? null }))
}

/** The active places of the chosen destination, featured and most populous first, at most 200. */
export async function wizardLocations(ctx: ServiceContext, countryId: number | null) {
  requireTraveler(ctx)
  if (countryId === null) return []
  return ctx.db
    .select({ id: locations.id, name: locations.name })
    .from(locations)
    .where(and(eq(locations.countryId, countryId), eq(locations.isActive, true)))
    .orderBy(desc(locations.isFeatured), sql`${locations.population} desc nulls last`, asc(locations.name))
    .limit(200)
}

/** Where one wizard post leaves the traveler: moved on (or the request sent), or refused with what to show. */
export type WizardOutcome =
  | { done: true; submitted: boolean }
  | { done: false; status: 400 | 409; step: number; values: DraftValues; fields: FieldErrors; message: string | null }

/**
 * One post of the wizard (1-platform-core §2, §4): the step's values join the traveler's draft, then `next` checks
 * the step and moves on, `previous` goes back, `save` stays (a destination picked: its places are offered),
 * `restart` drops the draft, `submit` sends the request. A refused post changes nothing, not even the draft: the
 * outcome carries what was typed back to the form. create_trips.
 */
export async function postWizardStep(ctx: ServiceContext, form: Record<string, string | string[]>): Promise<WizardOutcome> {
  requireTraveler(ctx)
  const intent = String(form.intent ?? 'next')
  const rawStep = Number(form.step)
  const step = Math.min(Math.max(Number.isInteger(rawStep) ? rawStep : 0, 0), WIZARD_STEPS - 1)
  if (intent === 'restart') {
    await clearTripDraft(ctx)
    return { done: true, submitted: false }
  }
  const draft = await getTripDraft(ctx)
  const values: DraftValues = { ...draft.values, ...stepValues(form, step) }
  // Another destination: the place chosen in the old one no longer applies.
  if (step === 0 && values.destination_id !== draft.values.destination_id && intent === 'save') values.location_id = ''
  if (intent === 'previous' || intent === 'save') {
    await saveTripDraft(ctx, intent === 'previous' ? step - 1 : step, values)
    return { done: true, submitted: false }
  }
  if (intent === 'submit') {
    try {
      await submitTripRequest(ctx, values)
      return { done: true, submitted: true }
    } catch (error) {
      if (!(error instanceof DomainError)) throw error
      const fields = error.fields ?? {}
      const at = WIZARD_STEP_FIELDS.findIndex((f) => f.some((k) => k in fields))
      return { done: false, status: error.code === 'invalid' ? 400 : 409, step: at >= 0 ? at : step, values, fields, message: TRIP_MESSAGES.submitFailed }
    }
  }
  const fields = wizardStepErrors(values, step)
  if (Object.keys(fields).length) return { done: false, status: 400, step, values, fields, message: null }
  await saveTripDraft(ctx, step + 1, values)
  return { done: true, submitted: false }
}
