import type { SessionManager, TokenSigner } from '@meridian/auth'
import type { Database } from '@meridian/db'
import type { ObjectStorage } from '@meridian/storage'
import type { AppConfig } from './config.ts'
import type { ContentObjectLookup } from './media/content-types.ts'
import type { MediaJobs } from './media/jobs.ts'

import type { Actor } from './actor.ts'
import type { EventHub } from './events/hub.ts'

/** The signed-in user (actor.ts, a module of its own so that low-level parts can name it without the context). */
export type { Actor }

/** What one running application holds: built once at start-up, shared by every transport. */
export interface AppServices {
  db: Database
  config: AppConfig
  tokens: TokenSigner
  sessions: SessionManager
  /** Media files: local disk or S3. */
  storage: ObjectStorage
  /** Hands uploaded media to the processing workers (in-process, or pg-boss with DATABASE_URL). */
  mediaJobs: MediaJobs
  /** Existence, names and visibility of the catalogue objects media is attached to. */
  contentObjects: ContentObjectLookup
  /** This process's event streams, fed by PostgreSQL LISTEN/NOTIFY (docs/chat.md "Real time"). */
  events: EventHub
}

export interface RequestMeta {
  ipAddress: string
  userAgent: string
  /**
   * The absolute origin REST answers links under (the configured one, else the request's): media URLs and the links
   * of mails. Unset on tRPC and in the pages, whose media links stay relative to the site.
   */
  linkOrigin?: string
}

/** What a service receives: the application, who is acting, and where the request came from. */
export interface ServiceContext extends AppServices {
  actor: Actor | null
  request: RequestMeta
}
