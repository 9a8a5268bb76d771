import { data, redirect } from '@remix-run/node'
import { DomainError, getActivity, getItinerary, type ItineraryDto, requireItineraryEditor, saveItinerary, type ServiceContext } from '@meridian/core'
import { ITINERARY_MESSAGES, templateItem } from '@meridian/validators/itinerary-constants'
import { notFoundResponse } from '../kit/not-found.server.ts'
import { flashHeader } from '../../utils/flash.server.ts'
import {
  addDay,
  addItem,
  addOption,
  copyAsOption,
  draftItemOf,
  type DraftDay,
  draftOf,
  freshKey,
  leaveSlot,
  locate,
  moveItem,
  nudgeItem,
  recommendOption,
  removeItem,
  saveDays, setParty } from './draft.ts'
import { PROPOSAL_INTENTS, type ProposalAnswer, proposalAction } from './proposal-actions.server.ts'

export const BUILDER_BASE = '/dashboard/itineraries'

export type BuilderAnswer =
  | { kind: 'saved'; version: number; message: string }
  | { kind: 'invalid'; message: string; fields: Record<string, string[]>; intent: string; values: Record<string, string> }
  | { kind: 'conflict'; message: string; current: ItineraryDto; mine: DraftDay[]; base: { days: string[]; items: string[] } }
  | { kind: 'failed'; message: string }
  | ProposalAnswer

const text = (values: Record<string, string>, name: string) => (values[name] ?? '').trim()
const orNull = (x: string) => (x === '' ? null : x)

/**
 * The working copy the browser sent (with JavaScript) in the shape a save takes, made back into days of items; or
 * null when it sent none. The save's own validation judges the values; only the shape is checked here.
 */
function sentDays(payload: string | undefined): DraftDay[] | null {
  if (!payload) return null
  let parsed: unknown
  try {
    parsed = JSON.parse(payload)
  } catch {
    return null
  }
  const days = (parsed as { days?: unknown } | null)?.days
  if (!Array.isArray(days)) return null
  const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x)
  return days
    .filter(isObject)
    .map((d) => ({
      key: String(d.key ?? ''),
      date: String(d.date ?? ''),
      title: String(d.title ?? ''),
      description: String(d.description ?? ''),
      theme: String(d.theme ?? ''),
      items: (Array.isArray(d.items) ? (d.items as unknown[]) : [])
        .filter(isObject)
        .map((i) => draftItemOf({ ...(i as Parameters<typeof draftItemOf>[0]), key: String(i.key ?? '') || freshKey() })),
    }))
}

/** A meal, transport (a transfer or a flight), stay or free time from the Add item form, as the item it becomes. */
function enteredItem(values: Record<string, string>) {
  const type = text(values, 'type') || 'meal'
  const minutes = text(values, 'duration_minutes')
  const flight = type === 'transport' ? orNull(text(values, 'flight_id')) : null
  if (flight !== null && text(values, 'transfer_id') !== '') throw DomainError.invalid({ flight_id: ['Choose a transfer or a flight, not both.'] })
  return {
    key: freshKey(),
    type,
    title: text(values, 'title'),
    description: text(values, 'description'),
    start_time: orNull(text(values, 'start_time')),
    end_time: orNull(text(values, 'end_time')),
    location_name: text(values, 'location_name'),
    location_address: '',
    duration_minutes: minutes === '' ? 0 : (Number(minutes) as number),
    booking_required: values.booking_required === 'on',
    tags: [],
    notes: text(values, 'notes'),
    status: 'draft',
    activity_id: null,
    transfer_id: type === 'transport' && flight === null ? (orNull(text(values, 'transfer_id')) as unknown as number) : null,
    supplier_id: type === 'accommodation' ? (orNull(text(values, 'supplier_id')) as unknown as number) : null,
    nights: type === 'accommodation' ? (orNull(text(values, 'nights')) as unknown as number) : null,
    unit_price: type === 'transport' ? null : orNull(text(values, 'unit_price')),
    currency: type === 'transport' ? null : orNull(text(values, 'currency').toUpperCase()),
    flight_id: flight as unknown as number | null,
    option_group: null,
    recommended: false,
    party: partyOfForm(values),
  }
}

/** The party members ticked in a form (`party_{id}` checkboxes): whom an item is for; none ticked is everyone. */
export function partyOfForm(values: Record<string, string>): number[] {
  return Object.entries(values)
    .filter(([k, v]) => /^party_\d{1,10}$/.test(k) && (v === 'on' || v === 'true'))
    .map(([k]) => Number(k.slice(6)))
    .sort((a, b) => a - b)
}

/**
 * One builder button: Save, Add Day, Add Activity, Add item, Move up / down / to day N, Remove, and an item's options
 * (Add an option, Make recommended, Leave the slot). Each applies to the working copy the browser sent (with
 * JavaScript) or else to the saved state, and saves it as a new version on the version the page showed (a stale one
 * answers the merge view). With JavaScript the answer is data for the page; without, a redirect back to the day with a
 * toast. The proposal's forms (send, reply, resolve) save nothing of the itinerary: proposal-actions.server.ts.
 */
export async function builderAction(ctx: ServiceContext, id: string | undefined, values: Record<string, string>) {
  const intent = values.intent ?? ''
  const js = values.js === '1'
  let current: ItineraryDto
  try {
    requireItineraryEditor(ctx)
    current = await getItinerary(ctx, id)
  } catch (error) {
    return notFoundResponse(error)
  }
  if (PROPOSAL_INTENTS.includes(intent)) return proposalAction(ctx, current, intent, values)
  let days = sentDays(values.payload) ?? draftOf(current)
  let dayNo = Math.min(Math.max(Number(values.day) || 1, 1), Math.max(days.length, 1))
  let message = 'Itinerary saved'
  let added: number | null = null
  let fields: { time_zone?: string } = {}
  try {
    switch (intent) {
      case 'save':
        break
      case 'time-zone':
        fields = { time_zone: values.time_zone ?? '' }
        message = values.time_zone ? `Times are now local to ${values.time_zone}` : 'Times are now local to the trip’s destination'
        break
      case 'set-party': {
        const at = locate(days, values.item ?? '')
        if (!at) break
        const item = days[at.day]!.items[at.index]!
        const party = partyOfForm(values)
        days = setParty(days, item.key, party)
        message = party.length ? `"${item.title}" is for some of the party` : `"${item.title}" is for everyone`
        dayNo = at.day + 1
        break
      }
      case 'add-day':
        days = addDay(days, freshKey(), current.end_date)
        dayNo = days.length
        message = `Day ${days.length} added`
        break
      case 'remove': {
        const item = days.flatMap((d) => d.items).find((i) => i.key === values.item)
        days = removeItem(days, values.item ?? '')
        message = item ? `"${item.title}" removed` : message
        break
      }
      case 'move': {
        const at = locate(days, values.item ?? '')
        if (!at) break
        if (values.direction === 'up' || values.direction === 'down') days = nudgeItem(days, values.item!, values.direction === 'up' ? -1 : 1)
        else {
          const to = Number(values.to_day) - 1
          if (!Number.isInteger(to) || !days[to]) throw DomainError.invalid({ to_day: ['Choose a day of this itinerary.'] })
          days = moveItem(days, values.item!, to, days[to]!.items.length)
          message = `Moved to ${days[to]!.title}`
          dayNo = to + 1
        }
        break
      }
      case 'add-activity': {
        const activity = await getActivity(ctx, values.activity_id)
        const item = templateItem(activity.id, activity.name, Math.round(activity.scheduling.duration.hours * 60))
        days = addItem(days, dayNo - 1, draftItemOf({ ...item, key: freshKey() }))
        message = `"${activity.name}" added to ${days[dayNo - 1]!.title}`
        added = days[dayNo - 1]!.items.length - 1
        break
      }
      case 'add-item': {
        const item = enteredItem(values)
        const of = text(values, 'option_of')
        if (of && !locate(days, of)) throw DomainError.invalid({ option_of: ['Choose an item of this day.'] })
        days = of ? addOption(days, of, draftItemOf(item as never)) : addItem(days, dayNo - 1, draftItemOf(item as never))
        const at = locate(days, item.key)!
        dayNo = at.day + 1
        added = at.index
        const group = days[at.day]!.items[at.index]!.option_group
        message = `"${item.title || 'Item'}" added to ${days[at.day]!.title}${group ? ` as an option of ${group}` : ''}`
        break
      }
      case 'add-option':
      case 'recommend':
      case 'leave-slot': {
        const at = locate(days, values.item ?? '')
        if (!at) break
        const item = days[at.day]!.items[at.index]!
        if (intent === 'add-option') {
          days = copyAsOption(days, item.key, freshKey())
          message = `"${item.title}" copied as an option of ${days[at.day]!.items[at.index]!.option_group}`
        } else if (intent === 'recommend') {
          days = recommendOption(days, item.key)
          message = item.option_group ? `"${item.title}" is the recommended option of ${item.option_group}` : message
        } else {
          days = leaveSlot(days, item.key)
          message = item.option_group ? `"${item.title}" left the slot ${item.option_group}` : message
        }
        dayNo = at.day + 1
        break
      }
      default:
        return data<BuilderAnswer>({ kind: 'failed', message: 'Unknown action.' }, { status: 400 })
    }
    const saved = await saveItinerary(ctx, current.id, { version: Number(values.version) || 0, days: saveDays(days), fields })
    const said = `${message} · version ${saved.version}`
    if (js) return data<BuilderAnswer>({ kind: 'saved', version: saved.version, message: said })
    return redirect(`${BUILDER_BASE}/${current.id}?day=${dayNo}`, { headers: { 'Set-Cookie': await flashHeader({ type: 'success', message: said }) } })
  } catch (error) {
    if (!(error instanceof DomainError)) {
      console.error('[itinerary] save failed:', error)
      return data<BuilderAnswer>({ kind: 'failed', message: ITINERARY_MESSAGES.saveFailed }, { status: 500 })
    }
    if (error.code === 'forbidden' || error.code === 'not_found') return notFoundResponse(error)
    if (error.code === 'conflict' && !error.fields) {
      // The version this browser started from tells its own additions from the other save's removals.
      const started = await getItinerary(ctx, current.id, { version: Number(values.version) }).catch(() => null)
      const base = { days: started?.days.map((d) => d.key) ?? [], items: started?.days.flatMap((d) => d.items.map((i) => i.key)) ?? [] }
      return data<BuilderAnswer>({ kind: 'conflict', message: error.message, current: await getItinerary(ctx, current.id), mine: days, base }, { status: 409 })
    }
    if (error.code === 'invalid' || error.fields) {
      const fields = formFields(error.fields ?? {}, dayNo - 1, added)
      return data<BuilderAnswer>(
        { kind: 'invalid', message: describe(error.fields ?? {}, days) || error.message, fields, intent, values: withoutPayload(values) },
        { status: 400 },
      )
    }
    throw error
  }
}

const withoutPayload = ({ payload: _, ...rest }: Record<string, string>) => rest

/** The new item's errors under the Add item form's own field names (its slot's under "An option of"). */
function formFields(fields: Record<string, string[]>, day: number, added: number | null) {
  if (added === null) return fields
  const prefix = `days.${day}.items.${added}.`
  const named = (field: string) => (field === 'option_group' || field === 'recommended' ? 'option_of' : field)
  const out: Record<string, string[]> = {}
  for (const [k, v] of Object.entries(fields)) out[k.startsWith(prefix) ? named(k.slice(prefix.length)) : k] = v
  return out
}

/** "Day 2 · “Dinner”: Enter the currency of this price." for each problem, in the order of the days. */
function describe(fields: Record<string, string[]>, days: DraftDay[]): string {
  return Object.entries(fields)
    .map(([key, messages]) => {
      const m = /^days\.(\d+)\.items\.(\d+)\./.exec(key)
      const where = m
        ? `${days[Number(m[1])]?.title ?? `Day ${Number(m[1]) + 1}`} · “${days[Number(m[1])]?.items[Number(m[2])]?.title ?? 'item'}”`
        : key.replace(/^fields\./, '')
      return `${where}: ${messages.join(' ')}`
    })
    .join(' ')
}
