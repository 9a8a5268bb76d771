import { Button, Group, Stack, Text } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { deactivateUser, DomainError, getManagedUser } from '@meridian/core'
import { USER_MANAGEMENT_MESSAGES as M } from '@meridian/core/messages'
import { data } from '@remix-run/node'
import { RouteModal, useListUrl } from '../components/users/route-modal.tsx'
import { ErrorBanner } from '../components/users/user-form.tsx'
import { userId } from '../components/users/user-id.ts'
import { backToList, loadOrBack, requireUserManagerPage } from '../components/users/users.server.ts'

export const meta: MetaFunction = () => [{ title: 'Deactivate User · Meridian Travel' }]

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { ctx } = await requireUserManagerPage(request, context)
  return loadOrBack(request, async () => ({ user: await getManagedUser(ctx, userId(params.id)) }))
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { ctx } = await requireUserManagerPage(request, context)
  const id = userId(params.id)
  try {
    await deactivateUser(ctx, id)
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    return data({ error: `${M.deactivateFailed}: ${error.message}` }, { status: error.code === 'not_found' ? 404 : 400 })
  }
  return backToList(request, 'User deactivated.')
}

/** The confirmation prompt of 3-back-office.md §5, as its own route so it works without JavaScript. */
export default function DeactivateUser() {
  const { user } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const back = useListUrl()
  const busy = useNavigation().state === 'submitting'
  return (
    <RouteModal title="Deactivate User" size="md">
      <Form method="post" aria-label="Deactivate User">
        <Stack gap="md">
          <ErrorBanner message={result?.error} />
          <Text>{M.confirmDeactivate(user.username)}</Text>
          <Text size="sm" c="dimmed">
            They are signed out everywhere at once and cannot sign in until activated again.
          </Text>
          <Group justify="flex-end">
            <Button component={Link} to={back} variant="default" preventScrollReset>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={busy}>
              Deactivate
            </Button>
          </Group>
        </Stack>
      </Form>
    </RouteModal>
  )
}
