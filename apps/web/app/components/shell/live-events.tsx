import { createContext, useContext, useEffect, useRef, useState } from 'react'

/** The event stream of the signed-in user (docs/chat.md "Real time"): one per tab, shared by the shell and the pages. */
export const LIVE_EVENTS_PATH = '/api/chat/events/'

export type LiveEventType = 'message' | 'read' | 'notifications' | 'ready'
type Handler = (data: any, event: MessageEvent) => void

interface LiveEvents {
  /** Listen to one kind of event; the function returned stops listening. */
  subscribe(type: LiveEventType, handler: Handler): () => void
  /** 'connecting' until the stream opens (and while it reconnects), then 'open'. */
  status: 'connecting' | 'open' | 'off'
}

const LiveEventsContext = createContext<LiveEvents>({ subscribe: () => () => {}, status: 'off' })

/**
 * Opens the stream once for the whole dashboard. The browser reconnects by itself and sends the last message id it
 * saw (Last-Event-ID), so the server replays what was missed: no gaps, no duplicates. Without JavaScript nothing opens
 * and the pages work by reloading.
 */
export function LiveEventsProvider({ children, enabled = true }: { children: React.ReactNode; enabled?: boolean }) {
  const handlers = useRef(new Map<LiveEventType, Set<Handler>>())
  const [status, setStatus] = useState<LiveEvents['status']>('off')
  const value = useRef<LiveEvents>({
    subscribe(type, handler) {
      let set = handlers.current.get(type)
      if (!set) handlers.current.set(type, (set = new Set()))
      set.add(handler)
      return () => set!.delete(handler)
    },
    status: 'off',
  })

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return
    const source = new EventSource(LIVE_EVENTS_PATH, { withCredentials: true })
    // Also on <html data-live>, where anything outside React (a browser test, an extension) can read it: 'open' once
    // the server has said the stream is ready, so an event sent after that reaches this tab.
    const mark = (state: LiveEvents['status']) => {
      setStatus(state)
      document.documentElement.dataset.live = state
    }
    mark('connecting')
    source.onopen = () => setStatus('open')
    source.onerror = () => mark(source.readyState === EventSource.CLOSED ? 'off' : 'connecting')
    source.addEventListener('ready', () => mark('open'))
    const types: LiveEventType[] = ['message', 'read', 'notifications', 'ready']
    const listeners = types.map((type) => {
      const listener = (event: MessageEvent) => {
        let data: unknown
        try {
          data = JSON.parse(event.data)
        } catch {
          return
        }
        for (const handler of handlers.current.get(type) ?? []) handler(data, event)
      }
      source.addEventListener(type, listener)
      return [type, listener] as const
    })
    return () => {
      for (const [type, listener] of listeners) source.removeEventListener(type, listener)
      source.close()
      mark('off')
    }
  }, [enabled])

  return <LiveEventsContext.Provider value={{ subscribe: value.current.subscribe, status }}>{children}</LiveEventsContext.Provider>
}

/** Call `handler` for each event of this kind while the component is mounted (the latest handler is used). */
export function useLiveEvent(type: LiveEventType, handler: Handler) {
  const { subscribe } = useContext(LiveEventsContext)
  const latest = useRef(handler)
  latest.current = handler
  useEffect(() => subscribe(type, (data, event) => latest.current(data, event)), [subscribe, type])
}

/** Whether the stream is open (for a "live" mark, or to fall back to reloading). */
export function useLiveStatus() {
  return useContext(LiveEventsContext).status
}
