import { Divider, Title } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData, useLocation, useNavigation } from '@remix-run/react'
import { activityFormOptions, getActivity, updateActivity } from '@meridian/core'
import { ACTIVITY_MESSAGES } from '@meridian/core/messages'
import { ActivityForm } from '../components/activities/activity-form.tsx'
import { formStep, saveFailure } from '../components/activities/activity-form.server.ts'
import { activityFormValues, activityPayload } from '../components/activities/form-values.ts'
import { withOwnTerms } from '../components/bookings/own-terms.server.ts'
import { backWithToast, listTarget } from '../components/kit/form-action.server.ts'
import { notFoundResponse } from '../components/kit/not-found.server.ts'
import { RouteModal } from '../components/kit/route-modal.tsx'
import { MediaManager } from '../components/media/media-manager.tsx'
import { requireUser } from '../utils/auth.server.ts'

const BASE = '/dashboard/activity-management'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  const activity = await getActivity(ctx, params.id).catch(notFoundResponse)
  return { activity, options: await activityFormOptions(ctx, activity.country_id) }
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  const form = await request.formData()
  const { values, reply } = await formStep(ctx, form)
  if (reply) return reply
  try {
    const updated = await updateActivity(ctx, params.id, withOwnTerms(activityPayload(values)))
    return backWithToast(listTarget(BASE, form.get('back')), `Activity "${updated.name}" updated.`)
  } catch (error) {
    return saveFailure(ctx, error, values, ACTIVITY_MESSAGES.updateFailed)
  }
}

export default function EditActivity() {
  const { activity, options } = useLoaderData<typeof loader>()
  const reply = useActionData<typeof action>()
  const navigation = useNavigation()
  const { search, pathname } = useLocation()
  const values = reply?.values ?? activityFormValues(activity)
  return (
    <RouteModal title={`Edit ${activity.name}`} closeTo={`${BASE}${search}`} size="xl">
      <ActivityForm
        key={JSON.stringify(values)}
        initial={values}
        options={{ ...options, locations: reply?.locations ?? options.locations }}
        fields={reply?.fields}
        message={reply?.message}
        busy={navigation.state === 'submitting'}
        submitLabel="Update Activity"
        back={search}
      />
      <Divider my="lg" />
      <Title order={3} size="h5" mb="sm">
        Photos and videos
      </Title>
      <MediaManager contentType="core.activity" objectId={activity.id} redirectTo={`${pathname}${search}`} />
    </RouteModal>
  )
}
