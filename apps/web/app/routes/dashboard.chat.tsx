import { Badge, Group, Stack, Text, Title } from '@mantine/core'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Outlet, useLoaderData, useLocation, useParams, useRevalidator } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { DomainError, listChatContacts, listConversations, markConversationRead } from '@meridian/core'
import { AccessDenied } from '../components/kit/banners.tsx'
import { actedThisRequest, cursorParam, searchParam } from '../components/chat/chat.server.ts'
import { ConversationList, MessageYourStaff, unreadText } from '../components/chat/conversation-list.tsx'
import { useNow } from '../components/chat/chat-format.ts'
import classes from '../components/chat/chat.module.css'
import { useHydrated } from '../components/shell/use-hydrated.ts'
import { useLiveEvent } from '../components/shell/live-events.tsx'
import { requireUser } from '../utils/auth.server.ts'

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: `${d?.title ?? 'Chat & Messages'} · Meridian Travel` }]

/** Conversations listed beside the open one; more are found with the search box. */
const LIST_SIZE = 50

/**
 * The chat screen (1-platform-core §2 Chat screen; docs/chat.md "Screens"): the conversation list, beside the open
 * conversation (a child route) on wide screens. Travelers know it as Expert Communication (their sidebar label).
 *
 * Opening a conversation reads it: its read mark moves to the newest message here, before the list is read, so the
 * list's unread counts already leave it out (docs/chat.md says why a GET may do this).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { actor, ctx } = await requireUser(request, context)
  const url = new URL(request.url)
  const traveler = actor.role === 'traveler'
  const title = traveler ? 'Expert Communication' : 'Chat & Messages'
  const description = traveler
    ? 'Your conversations with the travel experts planning your trips.'
    : 'Your conversations with travelers and colleagues, each with its full message history.'
  const search = searchParam(url)
  try {
    const open = params.id
    if (open && cursorParam(url.searchParams.get('before')) === null && !actedThisRequest(context)) {
      // Someone else's conversation (or none) is the pane's 404 to give; the list is drawn either way.
      await markConversationRead(ctx, open, {}).catch((error: unknown) => {
        if (!(error instanceof DomainError) || error.code === 'unavailable') throw error
      })
    }
    const [list, contacts] = await Promise.all([listConversations(ctx, { search }, { limit: LIST_SIZE }), traveler ? listChatContacts(ctx, {}) : null])
    return {
      denied: false as const,
      title,
      description,
      me: actor.id,
      side: traveler ? ('traveler' as const) : actor.role === 'admin' ? ('admin' as const) : ('staff' as const),
      search,
      count: list.count,
      rows: list.results,
      unread: list.counters.unread_total,
      // A traveler's expert or specialist they have not written to yet (Message your expert).
      reachable: contacts ? contacts.results.filter((c) => c.conversation_id === null) : [],
      now: Date.now(),
    }
  } catch (error) {
    if (error instanceof DomainError && error.code === 'forbidden') return data({ denied: true as const, title, message: error.message }, { status: 403 })
    throw error
  }
}

export default function ChatScreen() {
  const loaded = useLoaderData<typeof loader>()
  if (loaded.denied) return <AccessDenied title={loaded.title} message={loaded.message} />
  return <Chat loaded={loaded} />
}

type Loaded = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { denied: false }>

function Chat({ loaded }: { loaded: Loaded }) {
  const { title, description, me, side, search, count, rows, unread, reachable } = loaded
  const params = useParams()
  const { pathname, search: query } = useLocation()
  const hydrated = useHydrated()
  const now = useNow(loaded.now)
  const openId = params.id && /^\d+$/.test(params.id) ? Number(params.id) : null
  const starting = pathname.replace(/\/$/, '').endsWith('/chat/new')
  const confirming = new URLSearchParams(query).has('with')
  // Below md one of the two shows: an open pane (a conversation, New Chat as a page, ?with=) hides the list.
  const paneOpen = openId !== null || confirming || (starting && !hydrated)
  useLiveList(me, openId, new URLSearchParams(query).has('before'))

  return (
    <Stack gap="md" maw={1280} mx="auto">
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={4}>
          <Group gap="sm" align="center">
            <Title order={1} fz={{ base: 26, sm: 30 }}>
              {title}
            </Title>
            {unread ? (
              <Badge size="lg" variant="filled" style={{ textTransform: 'none' }}>
                {unreadText(unread)}
              </Badge>
            ) : null}
          </Group>
          <Text c="dimmed" maw={720}>
            {description}
          </Text>
        </Stack>
      </Group>
      <div className={classes.layout}>
        <Stack gap="md" className={paneOpen ? classes.narrowHidden : undefined}>
          {side === 'traveler' ? <MessageYourStaff contacts={reachable} /> : null}
          <ConversationList rows={rows} count={count} search={search} openId={openId} me={me} now={now} side={side} />
        </Stack>
        <div className={paneOpen ? undefined : classes.narrowHidden}>
          <Outlet />
        </div>
      </div>
    </Stack>
  )
}

/**
 * The list follows the event stream: a message, or one's own read mark made elsewhere (another tab), reloads it, once
 * for a burst. Someone else's message in the open conversation is the pane's to handle (its read mark reloads the list), and so
 * are read marks of the open conversation (this screen makes them: reloading on them would never end). A hidden tab
 * waits until it is looked at again.
 */
function useLiveList(me: number, openId: number | null, olderPage: boolean) {
  const revalidator = useRevalidator()
  const timer = useRef<ReturnType<typeof setTimeout>>()
  const stale = useRef(false)
  const latest = useRef(revalidator)
  latest.current = revalidator

  const schedule = () => {
    if (document.visibilityState !== 'visible') {
      stale.current = true
      return
    }
    clearTimeout(timer.current)
    timer.current = setTimeout(() => {
      stale.current = false
      if (latest.current.state === 'idle') latest.current.revalidate()
      else schedule()
    }, 400)
  }

  useLiveEvent('message', (event: { conversation_id?: number; message?: { sender_id?: number | null } }) => {
    const theirsHere = event?.conversation_id === openId && !olderPage && event.message?.sender_id !== me
    if (theirsHere && document.visibilityState === 'visible') return
    schedule()
  })
  useLiveEvent('read', (event: { conversation_id?: number; user_id?: number }) => {
    if (event?.user_id === me && event.conversation_id !== openId) schedule()
  })
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible' && stale.current) schedule()
    }
    document.addEventListener('visibilitychange', onVisible)
    return () => {
      document.removeEventListener('visibilitychange', onVisible)
      clearTimeout(timer.current)
    }
  }, []) // eslint-disable-line react-hooks/exhaustive-deps
}
