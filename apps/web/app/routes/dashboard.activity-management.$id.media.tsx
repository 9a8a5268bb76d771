import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData, useLocation } from '@remix-run/react'
import { getActivity } from '@meridian/core'
import { notFoundResponse } from '../components/kit/not-found.server.ts'
import { RouteModal } from '../components/kit/route-modal.tsx'
import { MediaManager } from '../components/media/media-manager.tsx'
import { requireUser } from '../utils/auth.server.ts'

const BASE = '/dashboard/activity-management'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  const activity = await getActivity(ctx, params.id).catch(notFoundResponse)
  return { id: activity.id, name: activity.name }
}

/** The per-activity media manager (§2): the embeddable manager on content type core.activity. */
export default function ActivityMedia() {
  const { id, name } = useLoaderData<typeof loader>()
  const { search, pathname } = useLocation()
  return (
    <RouteModal title={`Media · ${name}`} closeTo={`${BASE}${search}`} size="xl">
      <MediaManager contentType="core.activity" objectId={id} redirectTo={`${pathname}${search}`} />
    </RouteModal>
  )
}
