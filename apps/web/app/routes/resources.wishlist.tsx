import { type ActionFunctionArgs, redirect } from '@remix-run/node'
import { DomainError, removeFromWishlist, removeWishlistTarget, requireWishlistOwner, saveToWishlist, WISHLIST_MESSAGES } from '@meridian/core'
import { requireUser, safeRedirect } from '../utils/auth.server.ts'
import { flashHeader } from '../utils/flash.server.ts'

const STATUS: Partial<Record<DomainError['code'], number>> = { invalid: 400, not_found: 404, forbidden: 403, conflict: 409 }

/**
 * Save to / remove from the wishlist from any page's toggle (components/wishlist/save-toggle.tsx).
 *   intent=save: type, object_id
 *   intent=remove: type and object_id, or item_id
 * A plain form (JavaScript off) sends `redirectTo` and goes back there with a toast; a fetcher gets `{ok, …}`.
 * Travelers only (create_trips): others get 403 before the form is read.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  try {
    requireWishlistOwner(ctx)
  } catch (error) {
    if (error instanceof DomainError) throw new Response(error.message, { status: 403 })
    throw error
  }
  const form = await request.formData()
  const back = form.get('redirectTo')
  const value = (name: string) => String(form.get(name) ?? '')
  let message: string
  let result: Record<string, unknown>
  try {
    if (value('intent') === 'save') {
      const { created, item } = await saveToWishlist(ctx, { type: value('type'), object_id: value('object_id') })
      message = created ? WISHLIST_MESSAGES.saved(item.title) : WISHLIST_MESSAGES.alreadySaved(item.title)
      result = { ok: true, saved: true, item_id: item.id }
    } else if (value('intent') === 'remove') {
      const itemId = value('item_id')
      const removed = itemId ? await removeFromWishlist(ctx, itemId) : await removeWishlistTarget(ctx, { type: value('type'), object_id: value('object_id') })
      message = WISHLIST_MESSAGES.removedItem
      result = { ok: true, saved: false, item_id: removed.id }
    } else {
      throw DomainError.invalid({ intent: ['Choose save or remove.'] })
    }
  } catch (error) {
    if (!(error instanceof DomainError) || !STATUS[error.code]) throw error
    const text = error.fields ? Object.values(error.fields).flat().join(' ') : error.message
    if (back !== null)
      return redirect(safeRedirect(back, '/dashboard/wishlist'), { headers: { 'Set-Cookie': await flashHeader({ type: 'error', message: text }) } })
    // A resource route: a plain Response carries the status (data() is for routes that render).
    return Response.json({ ok: false, error: text, fields: error.fields ?? {} }, { status: STATUS[error.code] })
  }
  if (back !== null) return redirect(safeRedirect(back, '/dashboard/wishlist'), { headers: { 'Set-Cookie': await flashHeader({ type: 'success', message }) } })
  return Response.json(result)
}

export function loader() {
  return redirect('/dashboard/wishlist')
}
