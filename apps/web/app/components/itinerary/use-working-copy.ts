import { useBeforeUnload } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { addDay, copyAsOption, type DraftDay, draftOf, type DraftItem, freshKey, leaveSlot, moveItem, nudgeItem, recommendOption, removeItem, setParty } from './draft.ts'

/**
 * The builder's working copy: the saved days until the expert changes them here; a newer saved version replaces it.
 * Leaving the page with unsaved changes asks first. `onLocal` applies a builder button's form to it when JavaScript
 * runs (the same operations the route's action applies without it).
 */
export function useWorkingCopy(itinerary: {
  id: number
  version: number
  end_date: string
  days: readonly (Omit<DraftDay, 'items'> & { items: readonly DraftItem[] })[]
}) {
  const [days, setDays] = useState<DraftDay[]>(() => draftOf(itinerary))
  const [dirty, setDirty] = useState(false)
  useEffect(() => {
    setDays(draftOf(itinerary))
    setDirty(false)
  }, [itinerary.version, itinerary.id]) // eslint-disable-line react-hooks/exhaustive-deps
  useBeforeUnload((event) => {
    if (dirty) event.preventDefault()
  })

  const change = (next: DraftDay[]) => {
    setDays(next)
    setDirty(true)
  }
  const onLocal = (form: FormData) => {
    const intent = String(form.get('intent'))
    const key = String(form.get('item') ?? '')
    if (intent === 'remove') change(removeItem(days, key))
    else if (intent === 'move') {
      const direction = String(form.get('direction') ?? '')
      if (direction === 'up' || direction === 'down') change(nudgeItem(days, key, direction === 'up' ? -1 : 1))
      else {
        const to = Number(form.get('to_day')) - 1
        if (days[to]) change(moveItem(days, key, to, days[to]!.items.length))
      }
    } else if (intent === 'add-day') change(addDay(days, freshKey(), itinerary.end_date))
    else if (intent === 'add-option') change(copyAsOption(days, key, freshKey()))
    else if (intent === 'recommend') change(recommendOption(days, key))
    else if (intent === 'leave-slot') change(leaveSlot(days, key))
    else if (intent === 'set-party') {
      const party = [...form.keys()].filter((k) => /^party_\d{1,10}$/.test(k)).map((k) => Number(k.slice(6)))
      change(setParty(days, key, party))
    }
  }
  return { days, dirty, change, onLocal }
}
