import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData, useLocation, useNavigation } from '@remix-run/react'
import { activityFormOptions, canManageActivities, createActivity } from '@meridian/core'
import { ACTIVITY_MESSAGES } from '@meridian/core/messages'
import { ActivityForm } from '../components/activities/activity-form.tsx'
import { formStep, saveFailure } from '../components/activities/activity-form.server.ts'
import { activityPayload, emptyActivityForm } from '../components/activities/form-values.ts'
import { withOwnTerms } from '../components/bookings/own-terms.server.ts'
import { backWithToast, listTarget } from '../components/kit/form-action.server.ts'
import { notFoundResponse } from '../components/kit/not-found.server.ts'
import { RouteModal } from '../components/kit/route-modal.tsx'
import { requireUser } from '../utils/auth.server.ts'

const BASE = '/dashboard/activity-management'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  try {
    canManageActivities(ctx)
  } catch (error) {
    notFoundResponse(error)
  }
  return { options: await activityFormOptions(ctx) }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  const form = await request.formData()
  const { values, reply } = await formStep(ctx, form)
  if (reply) return reply
  try {
    const created = await createActivity(ctx, withOwnTerms(activityPayload(values)))
    return backWithToast(listTarget(BASE, form.get('back')), `Activity "${created.name}" created.`)
  } catch (error) {
    return saveFailure(ctx, error, values, ACTIVITY_MESSAGES.createFailed)
  }
}

export default function NewActivity() {
  const { options } = useLoaderData<typeof loader>()
  const reply = useActionData<typeof action>()
  const navigation = useNavigation()
  const { search } = useLocation()
  const values = reply?.values ?? emptyActivityForm()
  return (
    <RouteModal title="Create Activity" closeTo={`${BASE}${search}`} size="xl">
      <ActivityForm
        key={JSON.stringify(values)}
        initial={values}
        options={{ ...options, locations: reply?.locations ?? options.locations }}
        fields={reply?.fields}
        message={reply?.message}
        busy={navigation.state === 'submitting'}
        submitLabel="Create Activity"
        back={search}
      />
    </RouteModal>
  )
}
