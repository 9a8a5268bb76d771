import { EVENTS_CHANNEL, type LiveEvent } from './publish.ts'

/** What the hub needs of a message: its id (streams resume after it) and its conversation. */
export interface LiveMessage {
  id: number
  conversation_id: number
}

/** What the hub needs of a sign-in: whose it is. Whether it still holds is the sources' business. */
export interface LiveCredential {
  userId: number
}

/**
 * What the hub reads and writes, supplied by the features that own the data (chat/live-sources.ts: messages, unread
 * notifications, sign-ins, presence), so that the hub itself depends on no feature.
 */
export interface LiveSources<M extends LiveMessage = LiveMessage, C extends LiveCredential = LiveCredential> {
  /** The newest message id there is (0 when none): a stream opened without a last id starts there. */
  newestMessageId(): Promise<number>
  /** The messages of the user's conversations after `after`, oldest first, at most `limit`. */
  messagesAfter(userId: number, after: number, limit: number): Promise<M[]>
  /** One message as streams are sent it, if it still exists. */
  message(id: number): Promise<M | undefined>
  /** Unread notifications by user (a user with none may be left out). */
  unreadNotifications(userIds: number[]): Promise<Map<number, number>>
  /** Of the given sign-ins, those that no longer hold (signed out, password changed, deactivated, expired). */
  endedCredentials(credentials: readonly C[]): Promise<Set<C>>
  /** Mark users as present now. */
  touchPresence(userIds: number[]): Promise<void>
}

/** What a stream is sent: an SSE event name, its data, and for messages the id a reconnecting client resumes from. */
export type StreamEvent<M extends LiveMessage = LiveMessage> =
  | {
      event: 'message'
      id: number
      data: { conversation_id: number; message: M }
    }
  | {
      event: 'read'
      data: {
        conversation_id: number
        user_id: number
        last_read_message_id: number
      }
    }
  | { event: 'notifications'; data: { unread: number } }
  | { event: 'ready'; data: { last_event_id: number } }

export interface StreamHandle {
  /** Stop sending to this stream (the client went away). */
  close(): void
}

/**
 * Why the hub ends a stream: the process is stopping (the client should reconnect elsewhere), or the sign-in it was
 * opened with has ended (a reconnect with it is refused).
 */
export type StreamEndReason = 'shutdown' | 'signed_out'

interface Stream<M extends LiveMessage, C extends LiveCredential> {
  userId: number
  /** What the stream was opened with; the stream ends when it no longer holds (endedCredentials). */
  credential: C
  /** The newest message id sent (or caught up to): later ones only, each once. */
  last: number
  send(event: StreamEvent<M>): void
  /** The hub ends the stream: the transport tells its client why and ends the response. */
  end(reason: StreamEndReason): void
  /** Deliveries run one after another, so a catch-up and live events never interleave out of order. */
  chain: Promise<void>
  closed: boolean
}

/** Messages read per statement while catching a stream up. */
const CATCH_UP_PAGE = 200
/** How often the process holding streams tells the database their users are still here. */
export const PRESENCE_INTERVAL_MS = 60_000
/**
 * How often every open stream's credential is checked again, besides the announcement of ended sign-ins: it ends
 * streams whose session or token expired, or whose announcement was missed.
 */
export const CREDENTIAL_CHECK_INTERVAL_MS = 30_000

export interface EventHubOptions {
  presenceIntervalMs?: number
  credentialCheckIntervalMs?: number
}

/**
 * The process's side of real time (docs/chat.md "Real time"). Every app process LISTENs on one PostgreSQL channel
 * (PGlite: in process); a committed message, read mark or notification is announced there with ids only
 * (publishEvent). On each announcement the process reads the message once and writes it to its own streams of the
 * users concerned. A stream that opens with a last seen message id is first sent every later message of the user's
 * conversations (catch-up), then live ones; ids only grow and each stream remembers the last it was sent, so nothing
 * is sent twice and nothing is skipped. When the LISTEN connection is lost and comes back, every stream catches up
 * the same way. Each stream keeps the credential it was opened with: when sign-ins of its user end (announced on the
 * same channel), and every 30 seconds, it is checked again and the stream ends if it no longer holds. Nothing here is
 * needed by another process: a client may reconnect to any of them.
 */
export class EventHub<M extends LiveMessage = LiveMessage, C extends LiveCredential = LiveCredential> {
  private readonly streams = new Map<number, Set<Stream<M, C>>>()
  private started: Promise<void> | null = null
  private stopListening: (() => Promise<void>) | null = null
  private presenceTimer: NodeJS.Timeout | null = null
  private credentialTimer: NodeJS.Timeout | null = null
  /** Set once the process is stopping: streams opened from then on are ended at once with the reconnect hint. */
  private closing = false
  private readonly presenceIntervalMs: number
  private readonly credentialCheckIntervalMs: number

  constructor(
    private readonly sources: LiveSources<M, C>,
    private readonly listen: (channel: string, onNotify: (payload: string) => void, onListen?: () => void) => Promise<() => Promise<void>>,
    options: EventHubOptions = {},
  ) {
    this.presenceIntervalMs = options.presenceIntervalMs ?? PRESENCE_INTERVAL_MS
    this.credentialCheckIntervalMs = options.credentialCheckIntervalMs ?? CREDENTIAL_CHECK_INTERVAL_MS
  }

  /** Streams open in this process (for the benchmark and diagnostics). */
  get size(): number {
    let n = 0
    for (const set of this.streams.values()) n += set.size
    return n
  }

  /** Streams one user holds open in this process. */
  streamsOf(userId: number): number {
    return this.streams.get(userId)?.size ?? 0
  }

  /** Start listening, once (the first stream does it; processes without streams never hold a LISTEN connection). */
  start(): Promise<void> {
    this.started ??= this.listen(
      EVENTS_CHANNEL,
      (payload) => this.receive(payload),
      () => this.catchUpAll(),
    ).then((stop) => {
      this.stopListening = stop
      this.presenceTimer = setInterval(() => void this.touchPresence([...this.streams.keys()]).catch(() => {}), this.presenceIntervalMs)
      this.presenceTimer.unref()
      this.credentialTimer = setInterval(() => this.checkCredentials(this.all()), this.credentialCheckIntervalMs)
      this.credentialTimer.unref()
    })
    return this.started
  }

  /**
   * The process is stopping (graceful shutdown): every open stream is ended through its transport's `shutdown`, which
   * tells the client to reconnect (to another process behind the load balancer); streams opened from now on are ended
   * the same way at once. Returns how many streams were open. Live events stop with `stop()`.
   */
  closeStreams(): number {
    this.closing = true
    const open = this.all()
    this.streams.clear()
    for (const stream of open) this.end(stream, 'shutdown')
    return open.length
  }

  /** Close every stream (with the reconnect hint) and stop listening. */
  async stop(): Promise<void> {
    this.closeStreams()
    if (this.presenceTimer) clearInterval(this.presenceTimer)
    if (this.credentialTimer) clearInterval(this.credentialTimer)
    await this.stopListening?.().catch(() => {})
    this.started = null
  }

  private all(): Stream<M, C>[] {
    return [...this.streams.values()].flatMap((set) => [...set])
  }

  /** The hub ends a stream: no more sends, and its transport ends the response (see StreamEndReason). */
  private end(stream: Stream<M, C>, reason: StreamEndReason) {
    if (stream.closed) return
    stream.closed = true
    this.detach(stream)
    try {
      stream.end(reason)
    } catch (error) {
      console.error('[events] ending a stream failed:', (error as Error).message)
    }
  }

  private detach(stream: Stream<M, C>) {
    const set = this.streams.get(stream.userId)
    if (!set?.delete(stream)) return
    if (!set.size) this.streams.delete(stream.userId)
    // They were here until now: the fifteen minutes before offline mail count from this moment.
    void this.touchPresence([stream.userId]).catch(() => {})
  }

  /**
   * Open a stream for the user a credential belongs to. With `lastEventId` (the last message id the client saw) every
   * later message of their conversations is sent first; without, the stream starts at the newest message. Then
   * `ready`, the bell's count, and live events. The hub ends the stream through `end` when the process stops (see
   * closeStreams) or when the credential no longer holds (see checkCredentials).
   */
  async open(
    credential: C,
    lastEventId: number | null,
    send: (event: StreamEvent<M>) => void,
    end: (reason: StreamEndReason) => void = () => {},
  ): Promise<StreamHandle> {
    const userId = credential.userId
    const stream: Stream<M, C> = {
      userId,
      credential,
      last: Number.MAX_SAFE_INTEGER,
      send,
      end,
      chain: Promise.resolve(),
      closed: false,
    }
    if (!this.closing) await this.start()
    if (this.closing) {
      this.end(stream, 'shutdown')
      return { close: () => {} }
    }
    // Registered before anything is read, so a message committed meanwhile arrives live (or is skipped by id), and a
    // sign-in ended meanwhile is announced to it; one ended before it registered is found by the check below.
    let set = this.streams.get(userId)
    if (!set) this.streams.set(userId, (set = new Set()))
    set.add(stream)
    this.checkCredentials([stream])
    this.enqueue(stream, async () => {
      if (lastEventId === null) {
        stream.last = await this.sources.newestMessageId()
      } else {
        stream.last = lastEventId
        await this.catchUp(stream)
      }
      send({ event: 'ready', data: { last_event_id: stream.last } })
      send({
        event: 'notifications',
        data: {
          unread: (await this.sources.unreadNotifications([userId])).get(userId) ?? 0,
        },
      })
    })
    void this.touchPresence([userId]).catch(() => {})
    return {
      close: () => {
        if (stream.closed) return
        stream.closed = true
        this.detach(stream)
      },
    }
  }

  private enqueue(stream: Stream<M, C>, work: () => Promise<void>) {
    stream.chain = stream.chain.then(async () => {
      if (stream.closed) return
      try {
        await work()
      } catch (error) {
        console.error('[events] delivery failed:', (error as Error).message)
      }
    })
  }

  /** Send every message of the user's conversations after the stream's last id, a page at a time. */
  private async catchUp(stream: Stream<M, C>) {
    for (;;) {
      const messages = await this.sources.messagesAfter(stream.userId, stream.last, CATCH_UP_PAGE)
      for (const message of messages) this.deliverMessage(stream, message)
      if (messages.length < CATCH_UP_PAGE || stream.closed) return
    }
  }

  private deliverMessage(stream: Stream<M, C>, message: M) {
    if (stream.closed || message.id <= stream.last) return
    stream.last = message.id
    stream.send({
      event: 'message',
      id: message.id,
      data: { conversation_id: message.conversation_id, message },
    })
  }

  /**
   * The LISTEN connection came back: what was announced while it was away reaches every stream now, sign-ins that
   * ended meanwhile first.
   */
  private catchUpAll() {
    const streams = this.all()
    this.checkCredentials(streams)
    for (const stream of streams) this.enqueue(stream, () => this.catchUp(stream))
  }

  /**
   * End the streams whose credential no longer holds (one read for all of them). The check takes its turn in each
   * stream's deliveries, so whatever was announced after the sign-in ended never reaches the stream.
   */
  private checkCredentials(streams: Stream<M, C>[]) {
    const targets = streams.filter((s) => !s.closed)
    if (!targets.length) return
    const ended = this.sources.endedCredentials(targets.map((s) => s.credential))
    ended.catch(() => {}) // reported by each stream's delivery below
    for (const stream of targets) {
      this.enqueue(stream, async () => {
        if ((await ended).has(stream.credential)) this.end(stream, 'signed_out')
      })
    }
  }

  private local(users: number[]): Stream<M, C>[] {
    const found: Stream<M, C>[] = []
    for (const id of new Set(users)) for (const s of this.streams.get(id) ?? []) found.push(s)
    return found
  }

  private receive(payload: string) {
    let event: LiveEvent
    try {
      event = JSON.parse(payload) as LiveEvent
    } catch {
      return
    }
    if (event.type === 'message') {
      const targets = this.local(event.users)
      if (!targets.length) return
      // Read once for every stream of this process.
      const message = this.sources.message(event.message_id)
      for (const stream of targets) {
        this.enqueue(stream, async () => {
          const dto = await message
          if (dto) this.deliverMessage(stream, dto)
        })
      }
    } else if (event.type === 'read') {
      const data = {
        conversation_id: event.conversation_id,
        user_id: event.user_id,
        last_read_message_id: event.last_read_message_id,
      }
      for (const stream of this.local(event.users)) this.enqueue(stream, async () => stream.send({ event: 'read', data }))
    } else if (event.type === 'sign_ins_ended') {
      this.checkCredentials(this.local(event.users))
    } else if (event.type === 'notifications') {
      const targets = this.local(event.users)
      if (!targets.length) return
      const counts = this.sources.unreadNotifications([...new Set(targets.map((s) => s.userId))])
      for (const stream of targets) {
        this.enqueue(stream, async () =>
          stream.send({
            event: 'notifications',
            data: { unread: (await counts).get(stream.userId) ?? 0 },
          }),
        )
      }
    }
  }

  /** Mark users as present now (one statement for all of this process's streams). */
  private async touchPresence(userIds: number[]) {
    if (userIds.length) await this.sources.touchPresence(userIds)
  }
}
