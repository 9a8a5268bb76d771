import { Anchor, Button, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { Link, type ShouldRevalidateFunction, useActionData, useFetcher, useLoaderData, useLocation } from '@remix-run/react'
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { ChatMessageDto } from '@meridian/core'
import { addParticipant, DomainError, getConversation, listChatAdmins, listMessages, markConversationRead, postMessage } from '@meridian/core'
import { cursorParam, noteChatAction, pageClientKey, searchParam } from '../components/chat/chat.server.ts'
import { listQuery, newClientKey, useNow } from '../components/chat/chat-format.ts'
import { Composer, type ComposerFailure } from '../components/chat/composer.tsx'
import { MessageLog, type PendingMessage } from '../components/chat/message-log.tsx'
import { BackToList, ROLE_LABELS } from '../components/chat/panes.tsx'
import { catalogueFailure, formValues } from '../components/kit/form-action.server.ts'
import { notFoundResponse } from '../components/kit/not-found.server.ts'
import { useLiveEvent } from '../components/shell/live-events.tsx'
import { useHydrated } from '../components/shell/use-hydrated.ts'
import { requireUser } from '../utils/auth.server.ts'

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: `${d?.conversation.title ?? 'Conversation'} · Chat · Meridian Travel` }]

/**
 * One conversation: a page of messages, newest last (`?before=` pages back). Participants only: anyone else gets the
 * 404 page, as the service answers. The read mark is the chat screen's loader's (dashboard.chat.tsx).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { actor, ctx } = await requireUser(request, context)
  const url = new URL(request.url)
  const before = cursorParam(url.searchParams.get('before'))
  try {
    const [conversation, page, admins] = await Promise.all([
      getConversation(ctx, params.id),
      listMessages(ctx, params.id, before ? { before } : {}),
      listChatAdmins(ctx, params.id),
    ])
    return {
      me: actor.id,
      conversation,
      messages: page.results,
      hasMore: page.has_more,
      // Whom a participant may ask in (a refund, a complaint): the administrators not in it yet.
      admins,
      before,
      search: searchParam(url),
      // The key of a message sent from this page without JavaScript: sending the same form twice makes one message.
      clientKey: pageClientKey(),
      now: Date.now(),
    }
  } catch (error) {
    return notFoundResponse(error)
  }
}

/**
 * Send (the default intent) or read. A form post comes back to the conversation's newest messages (post, redirect,
 * get); a script's (`js=1`) gets the message. A refused message answers its field message and the text typed.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  noteChatAction(context)
  const values = formValues(await request.formData())
  try {
    if (values.intent === 'read') {
      const upTo = cursorParam(values.message_id ?? null)
      const marked = await markConversationRead(ctx, params.id, upTo === null ? {} : { message_id: upTo })
      return { kind: 'read' as const, last_read_message_id: marked.last_read_message_id }
    }
    if (values.intent === 'invite') {
      await addParticipant(ctx, params.id, { user_id: values.user_id ?? '' })
      return redirect(`/dashboard/chat/${params.id}${listQuery(searchParam(new URL(request.url)))}`)
    }
    const { message } = await postMessage(ctx, params.id, { content: values.content ?? '', client_key: values.client_key || null })
    if (values.js === '1') return { kind: 'sent' as const, message }
    return redirect(`/dashboard/chat/${message.conversation_id}${listQuery(searchParam(new URL(request.url)))}`)
  } catch (error) {
    if (error instanceof DomainError && (error.code === 'not_found' || error.code === 'forbidden')) return notFoundResponse(error)
    return catalogueFailure(error, { content: values.content ?? '' })
  }
}

/** The pane's own fetchers (send, read) change nothing it shows from the loader: the list beside it reloads. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) => {
  const intent = formData?.get('intent')
  if (formData?.get('js') === '1' || intent === 'read') return false
  return defaultShouldRevalidate
}

export default function ConversationPane() {
  const loaded = useLoaderData<typeof loader>()
  return <Pane key={`${loaded.conversation.id}:${loaded.before ?? ''}`} loaded={loaded} />
}

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>

/** A layout effect in the browser; on the server (where React warns about one) a plain effect that never runs. */
const useBrowserLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect


function Pane({ loaded }: { loaded: Loaded }) {
  const { me, conversation: c, messages: page, hasMore, before, search, clientKey } = loaded
  const hydrated = useHydrated()
  const now = useNow(loaded.now)
  const location = useLocation()
  const answer = useActionData<typeof action>()
  // A refused post without JavaScript (the scripts' sends and read marks answer their own fetchers).
  const refused = answer && 'fields' in answer ? answer : null
  const inviteError = refused?.fields?.user_id?.[0] ?? null
  const failure: ComposerFailure | null = refused && !inviteError ? refused : null
  const self = `/dashboard/chat/${c.id}`
  const list = listQuery(search)

  // Messages that arrived after the loader's page (live, or sent from here); dropped once a reload includes them.
  const [arrived, setArrived] = useState<ChatMessageDto[]>([])
  const [pending, setPending] = useState<PendingMessage[]>([])
  const newestLoaded = page.at(-1)?.id ?? 0
  const messages = [...page, ...arrived.filter((m) => m.id > newestLoaded).sort((a, b) => a.id - b.id)]
  const shownPending = pending.filter((p) => !messages.some((m) => m.sender_id === me && m.client_key === p.client_key))

  const add = useCallback((m: ChatMessageDto) => setArrived((known) => (known.some((k) => k.id === m.id) ? known : [...known, m])), [])

  // Read marks: the loader marked everything read; later messages from others are marked while the tab is seen.
  const reader = useFetcher({ key: `chat-read:${c.id}` })
  const marked = useRef(newestLoaded)
  const latestOthers = useRef(0)
  const markRead = useCallback(() => {
    if (before !== null || document.visibilityState !== 'visible' || latestOthers.current <= marked.current) return
    marked.current = latestOthers.current
    reader.submit({ intent: 'read', message_id: String(marked.current) }, { method: 'post', action: self })
  }, [before, reader.submit, self])
  useEffect(() => {
    document.addEventListener('visibilitychange', markRead)
    return () => document.removeEventListener('visibilitychange', markRead)
  }, [markRead])

  useLiveEvent('message', (event: { conversation_id?: number; message?: ChatMessageDto }) => {
    const m = event?.message
    if (event?.conversation_id !== c.id || before !== null || !m || typeof m.id !== 'number') return
    add(m)
    // One's own, sent from here: the stored message takes the place of its pending bubble.
    if (m.sender_id === me && m.client_key) setPending((list) => list.filter((p) => p.client_key !== m.client_key))
    if (m.sender_id !== me) {
      latestOthers.current = Math.max(latestOthers.current, m.id)
      markRead()
    }
  })

  // Scrolling: the log starts at the newest (CSS); it follows new messages when the reader is at the bottom.
  const log = useRef<HTMLDivElement>(null)
  const atBottom = useRef(true)
  const stickNext = useRef(false)
  const onScroll = () => {
    const el = log.current
    // A column-reverse box scrolls from its end: 0 at the bottom, negative above.
    if (el) atBottom.current = Math.abs(el.scrollTop) < 48
  }
  const count = messages.length + shownPending.length
  useBrowserLayoutEffect(() => {
    const el = log.current
    if (!el || !(atBottom.current || stickNext.current)) return
    stickNext.current = false
    el.scrollTop = 0
  }, [count])

  const input = useRef<HTMLTextAreaElement>(null)
  const send = (content: string) => {
    stickNext.current = true
    setPending((list) => [...list, { client_key: newClientKey(), content, created_at: new Date().toISOString(), error: null, attempt: 0 }])
    input.current?.focus()
  }
  const onSent = useCallback(
    (key: string, message: ChatMessageDto) => {
      add(message)
      setPending((list) => list.filter((p) => p.client_key !== key))
    },
    [add],
  )
  const onFailed = useCallback((key: string, error: string) => setPending((list) => list.map((p) => (p.client_key === key ? { ...p, error } : p))), [])
  const onRetry = useCallback(
    (key: string) => setPending((list) => list.map((p) => (p.client_key === key ? { ...p, error: null, attempt: p.attempt + 1 } : p))),
    [],
  )
  const onDiscard = useCallback((key: string) => setPending((list) => list.filter((p) => p.client_key !== key)), [])

  const others = c.participants.filter((p) => p.id !== me)
  const roles = others.map((p) => ROLE_LABELS[p.role] ?? p.role)
  // The title is usually the other's name already: then only what they are, else who they are as well.
  const withWhom = c.title === others.map((p) => p.name).join(', ') ? roles.join(', ') : others.map((p, i) => `${p.name} (${roles[i]})`).join(', ')
  const olderHref = hasMore && messages[0] ? `${self}?${new URLSearchParams({ ...(search ? { search } : {}), before: String(messages[0].id) })}` : null
  return (
    <Paper withBorder radius="md" component="section" aria-labelledby="chat-pane-title">
      <Stack gap="sm" p="md">
        <BackToList to={`/dashboard/chat${list}`} />
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={2} size="h4" id="chat-pane-title">
              {c.title}
            </Title>
            <Text size="sm" c="dimmed">
              {withWhom || 'Only you'}
              {c.trip ? ` · ${c.trip.title}` : ''}
            </Text>
          </Stack>
          {/* Reloads the page: without JavaScript, the way to see new messages. */}
          <Anchor component={Link} to={`${location.pathname}${location.search}`} size="sm" style={{ flexShrink: 0 }} preventScrollReset>
            Refresh
          </Anchor>
        </Group>
        <MessageLog
          ref={log}
          messages={messages}
          pending={shownPending}
          me={me}
          now={now}
          olderHref={olderHref}
          newestHref={before !== null ? `${self}${list}` : null}
          action={self}
          onScroll={onScroll}
          onSent={onSent}
          onFailed={onFailed}
          onRetry={onRetry}
          onDiscard={onDiscard}
        />
        <Composer ref={input} action={`${self}${list}`} clientKey={clientKey} failure={failure} hydrated={hydrated} onSend={send} />
        {loaded.admins.length ? <AskAdmin action={`${self}${list}`} admins={loaded.admins} error={inviteError} /> : null}
      </Stack>
    </Paper>
  )
}

/**
 * Ask an administrator in (a refund, a complaint): a plain form in a disclosure, so it works without JavaScript. They
 * join with the whole history and their bell tells them.
 */
function AskAdmin({ action, admins, error }: { action: string; admins: { id: number; name: string }[]; error: string | null }) {
  return (
    <details open={error !== null}>
      <summary>
        <Text component="span" size="sm">
          Ask an administrator in
        </Text>
      </summary>
      <form method="post" action={action}>
        <input type="hidden" name="intent" value="invite" />
        <Group align="flex-end" gap="sm" mt="xs">
          <NativeSelect
            name="user_id"
            label="Administrator"
            data={[{ value: '', label: 'Choose…' }, ...admins.map((a) => ({ value: String(a.id), label: a.name }))]}
            error={error}
            styles={{ error: { color: 'var(--mantine-color-text)' } }}
          />
          <Button type="submit" variant="default">
            Ask in
          </Button>
        </Group>
      </form>
    </details>
  )
}

