import { createSessionManager, createTokenSigner } from '@meridian/auth'
import { type DatabaseHandle, openDatabase } from '@meridian/db'
import { createStorage } from '@meridian/storage'
import type { AppConfig } from './config.ts'
import { CATALOGUE_CONTENT_LOOKUPS } from './media/catalogue-lookups.ts'
import { createContentObjectLookup } from './media/content-types.ts'
import { createMediaJobs } from './media/jobs.ts'
import { activityContentLookup } from './activities/activities.ts'
import { EventHub } from './events/hub.ts'
import { liveSources } from './chat/live-sources.ts'
import type { Actor, AppServices, RequestMeta, ServiceContext } from './context.ts'

/** Build the application's services over an open database. */
export function createAppServices(handle: DatabaseHandle, config: AppConfig): AppServices {
  return {
    db: handle.db,
    config,
    tokens: createTokenSigner({
      secret: config.jwtSecret,
      accessTtlSeconds: config.accessTokenMinutes * 60,
      refreshTtlSeconds: config.refreshTokenDays * 86_400,
    }),
    sessions: createSessionManager(handle.db, { secure: config.production, ttlDays: config.sessionDays }),
    storage: createStorage(config.storage),
    mediaJobs: createMediaJobs(),
    contentObjects: createContentObjectLookup({ ...CATALOGUE_CONTENT_LOOKUPS, 'core.activity': activityContentLookup }),
    events: new EventHub(liveSources(handle.db), (channel, onNotify, onListen) => handle.listen(channel, onNotify, onListen)),
  }
}

/** Open the configured database (PGlite or PostgreSQL) and apply pending migrations. */
export async function openAppDatabase(config: AppConfig): Promise<DatabaseHandle> {
  const { poolMax, statementTimeoutMs, connectTimeoutMs, queueTimeoutMs, pooler } = config.database
  const handle = await openDatabase({
    url: config.databaseUrl ?? undefined,
    directUrl: config.databaseDirectUrl ?? undefined,
    pooler,
    dataDir: config.dataDir,
    max: poolMax,
    limits: { statementTimeoutMs, connectTimeoutMs, queueTimeoutMs },
  })
  try {
    await handle.migrate()
  } catch (error) {
    await handle.close()
    throw error
  }
  return handle
}

export function serviceContext(app: AppServices, actor: Actor | null, request: RequestMeta): ServiceContext {
  return { ...app, actor, request }
}
