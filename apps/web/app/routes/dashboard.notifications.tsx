import { Alert, Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { Form, Link, useActionData, useFetcher, useLoaderData, useLocation, useNavigation } from '@remix-run/react'
import { isDomainError, LIST_PAGE_MAX, listNotifications, markAllNotificationsRead, markNotificationRead } from '@meridian/core'
import { ErrorBanner } from '../components/kit/banners.tsx'
import { EmptyState } from '../components/kit/card-list.tsx'
import { Pager } from '../components/kit/filter-bar.tsx'
import { NotificationText } from '../components/shell/notifications-menu.tsx'
import notes from '../components/shell/notifications.module.css'
import { PageHeader } from '../components/shell/placeholder-page.tsx'
import { useDashboardData } from '../components/shell/use-dashboard-data.ts'
import { backWithToast } from '../components/kit/form-action.server.ts'
import { requireUser } from '../utils/auth.server.ts'
import { listSettings } from '../utils/list-settings.server.ts'
import { listWindow, pageParam } from '../utils/list-window.ts'

export const meta: MetaFunction = () => [{ title: 'Notifications · Meridian Travel' }]

const BASE = '/dashboard/notifications'

/** Every notification of the signed-in user, latest first, a page at a time; `?unread=true` keeps the unread ones. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  const params = new URL(request.url).searchParams
  const unreadOnly = params.get('unread') === 'true'
  const { pageSize } = await listSettings(request, context, ctx, LIST_PAGE_MAX)
  const list = await listNotifications(ctx, { unread: unreadOnly }, listWindow(params, pageSize))
  return {
    unreadOnly,
    page: pageParam(params),
    pageSize,
    count: list.count,
    unread: list.counters.unread,
    results: list.results,
    now: Date.now(),
  }
}

/**
 * Plain forms, so the page works without JavaScript: `intent=read` with `id` marks one read, `intent=read-all` all of
 * them; both come back to the same view. Another user's notification, or none: 404 with a message.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  const url = new URL(request.url)
  const back = `${BASE}${url.search}`
  const form = await request.formData()
  const intent = form.get('intent')
  try {
    if (intent === 'read') {
      await markNotificationRead(ctx, String(form.get('id') ?? ''))
      return redirect(back)
    }
    if (intent === 'read-all') {
      const { marked } = await markAllNotificationsRead(ctx)
      return backWithToast(back, marked ? 'All notifications marked as read.' : 'You’re all caught up.')
    }
  } catch (error) {
    if (!isDomainError(error) || error.code !== 'not_found') throw error
    return data({ error: error.message }, { status: 404 })
  }
  return data({ error: 'Unknown action.' }, { status: 400 })
}

export default function NotificationsPage() {
  const { unreadOnly, page, pageSize, count, unread, results, now } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const navigation = useNavigation()
  const { search } = useLocation()
  const enabled = useDashboardData()?.preferences.notifications ?? true
  // Following a notification marks it read, as in the bell's dropdown (without JavaScript: the Mark as read buttons).
  const marks = useFetcher({ key: 'notifications-read' })
  const busy = navigation.state === 'submitting' ? navigation.formData : undefined

  return (
    <Stack gap="lg" maw={900} mx="auto">
      <PageHeader title="Notifications" description="News about your trips, assignments and messages, the latest first.">
        {unread > 0 ? (
          <Form method="post">
            <input type="hidden" name="intent" value="read-all" />
            <Button type="submit" variant="light" loading={busy?.get('intent') === 'read-all'}>
              Mark all as read
            </Button>
          </Form>
        ) : null}
      </PageHeader>
      {!enabled ? (
        <Alert color="blue" variant="light">
          Notifications are turned off: the bell stays quiet.{' '}
          <Anchor component={Link} to="/dashboard/settings" c="inherit" underline="always" fw={600}>
            Turn them on in Settings
          </Anchor>
          .
        </Alert>
      ) : null}
      <ErrorBanner message={result && 'error' in result ? result.error : null} />
      <Group gap="xs" component="nav" aria-label="Show">
        <Button component={Link} to={BASE} size="xs" radius="xl" variant={unreadOnly ? 'default' : 'filled'} aria-current={unreadOnly ? undefined : 'page'}>
          All
        </Button>
        <Button
          component={Link}
          to={`${BASE}?unread=true`}
          size="xs"
          radius="xl"
          variant={unreadOnly ? 'filled' : 'default'}
          aria-current={unreadOnly ? 'page' : undefined}
        >
          Unread ({unread.toLocaleString('en-US')})
        </Button>
      </Group>
      {results.length === 0 ? (
        <Paper withBorder radius="md">
          <EmptyState
            title={unreadOnly ? 'No unread notifications' : 'You’re all caught up'}
            hint="News about your trips, assignments and messages will show up here."
          />
        </Paper>
      ) : (
        <Paper withBorder radius="md" component="section" aria-label={unreadOnly ? 'Unread notifications' : 'All notifications'}>
          <ul className={notes.list} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {results.map((item) => (
              <li key={item.id}>
                <Group wrap="nowrap" gap={0} align="center">
                  <Link
                    to={item.link || BASE}
                    className={notes.item}
                    style={{ flex: 1, minWidth: 0 }}
                    onClick={() => {
                      if (!item.is_read) marks.submit({ intent: 'read', id: String(item.id) }, { method: 'post', action: '/resources/notifications' })
                    }}
                  >
                    <NotificationText item={item} now={now} />
                  </Link>
                  {item.is_read ? null : (
                    <Form method="post" style={{ paddingInline: 12 }}>
                      <input type="hidden" name="intent" value="read" />
                      <input type="hidden" name="id" value={item.id} />
                      <Button
                        type="submit"
                        variant="subtle"
                        size="compact-xs"
                        aria-label={`Mark as read: ${item.title}`}
                        loading={busy?.get('intent') === 'read' && busy.get('id') === String(item.id)}
                      >
                        Mark as read
                      </Button>
                    </Form>
                  )}
                </Group>
              </li>
            ))}
          </ul>
        </Paper>
      )}
      <Text size="sm" c="dimmed" aria-live="polite">
        {count === 1 ? '1 notification' : `${count.toLocaleString('en-US')} notifications`}
        {unreadOnly ? ' unread' : ''}
      </Text>
      <Pager page={page} pageSize={pageSize} count={count} base={BASE} search={search} />
    </Stack>
  )
}
