import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { deleteMedia, DomainError, listMedia, messageForStatus, reprocessMedia, assertCanManageMedia } from '@meridian/core'
import { requireUser } from '../utils/auth.server.ts'

const STATUS: Record<string, number> = { invalid: 400, forbidden: 403, unauthenticated: 401, not_found: 404, conflict: 409, unavailable: 503 }

function failure(error: unknown) {
  if (!(error instanceof DomainError)) throw error
  const status = STATUS[error.code] ?? 400
  return Response.json({ detail: error.message || messageForStatus(status), fields: error.fields ?? null }, { status })
}

/** The embedded media manager's reads (on the session cookie): one object's media with search and filters. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  assertCanManageMedia(ctx)
  const query = Object.fromEntries(new URL(request.url).searchParams)
  try {
    return Response.json(await listMedia(ctx, { page_size: 100, ...query }))
  } catch (error) {
    return failure(error)
  }
}

/** Its writes: intent=reprocess or intent=delete, with the item's id. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  assertCanManageMedia(ctx)
  const form = await request.formData()
  const id = Number(form.get('id'))
  try {
    if (form.get('intent') === 'reprocess') return Response.json(await reprocessMedia(ctx, id))
    if (form.get('intent') === 'delete') {
      await deleteMedia(ctx, id)
      return Response.json({ deleted: [id] })
    }
    return Response.json({ detail: 'Unknown action.' }, { status: 400 })
  } catch (error) {
    return failure(error)
  }
}
