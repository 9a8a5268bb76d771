import { Button } from '@mantine/core'
import { useFetcher, useLocation } from '@remix-run/react'
import { useEffect } from 'react'
import type { WishlistType } from '@meridian/validators/booking-constants'
import { IconHeart } from '../shell/icons.tsx'
import { useHydrated } from '../shell/use-hydrated.ts'
import { notify } from '../../utils/notify.ts'

export const WISHLIST_RESOURCE = '/resources/wishlist'

/**
 * Save to / remove from the wishlist for one thing (a destination, a hotel, an activity, a trip). A form posting to
 * /resources/wishlist: without JavaScript it sends `redirectTo` and comes back to this page; with it, a fetcher
 * toggles in place (shown at once, confirmed by the page's loaders).
 */
export function SaveToggle({
  type,
  objectId,
  itemId,
  title,
  size = 'xs',
}: {
  type: WishlistType
  objectId: number
  /** The saved item's id, or null when not saved. */
  itemId: number | null
  title: string
  size?: 'xs' | 'sm'
}) {
  const fetcher = useFetcher<{ ok: boolean; error?: string }>()
  const hydrated = useHydrated()
  const { pathname, search, hash } = useLocation()
  const pending = fetcher.formData?.get('intent')
  const saved = pending ? pending === 'save' : itemId !== null
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data && !fetcher.data.ok && fetcher.data.error) notify.error(fetcher.data.error)
  }, [fetcher.state, fetcher.data])
  // The accessible name starts with the visible text (Save / Saved), as WCAG 2.5.3 asks.
  const label = saved ? `Saved ${title}: remove from wishlist` : `Save ${title} to wishlist`
  return (
    <fetcher.Form method="post" action={WISHLIST_RESOURCE} style={{ display: 'inline' }}>
      <input type="hidden" name="intent" value={saved ? 'remove' : 'save'} />
      <input type="hidden" name="type" value={type} />
      <input type="hidden" name="object_id" value={objectId} />
      {hydrated ? null : <input type="hidden" name="redirectTo" value={`${pathname}${search}${hash}`} />}
      <Button
        type="submit"
        size={size}
        variant={saved ? 'filled' : 'light'}
        color="pink"
        aria-label={label}
        aria-pressed={saved}
        title={label}
        leftSection={<IconHeart size={14} />}
      >
        {saved ? 'Saved' : 'Save'}
      </Button>
    </fetcher.Form>
  )
}
