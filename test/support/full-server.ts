import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { ServerBuild } from '@remix-run/node'
import { ROLE_NAMES, type RoleName } from '@meridian/auth'
import { type AppConfig, type AppServices, createAppServices, loadConfig } from '@meridian/core'
import { seedDemoUsers } from '@meridian/core/seed'
import { seedCatalogueIfEmpty } from '@meridian/core/catalogue-seed'
import { seedCurrenciesIfEmpty } from '@meridian/core/currency-seed'
import { type DatabaseHandle, eq, users } from '@meridian/db'
import { createTestDatabase } from '@meridian/db/testing'
import { createHttpServer } from '../../apps/web/server/http-app.ts'
// @ts-expect-error plain ESM helper shared with `npm start`, without type declarations
import { ensureBuild, root, serverBuildFile } from '../../scripts/ensure-build.mjs'

export const TEST_JWT_SECRET = 'meridian-test-jwt-secret-0123456789abcdef'
export const IDENTITIES = ['anonymous', ...ROLE_NAMES] as const
export type Identity = (typeof IDENTITIES)[number]

/** How one identity proves itself on each front: a bearer token (REST, tRPC) and a session cookie (Remix, tRPC). */
export interface Credentials {
  userId: number
  role: RoleName
  access: string
  cookie: string
}

export interface FullServer {
  url: string
  origin: string
  app: AppServices
  config: AppConfig
  handle: DatabaseHandle
  build: ServerBuild
  /** Fresh credentials for each demo account (username = role), made without the sign-in calls (no throttling). */
  credentials(role: RoleName): Promise<Credentials>
  /** The demo account of a role is active again and its credentials work (a test may have deactivated it). */
  restoreAccount(role: RoleName): Promise<void>
  close(): Promise<void>
}

let buildPromise: Promise<ServerBuild> | undefined

/** The Remix production build (built first when stale), imported once per test file. */
export function loadServerBuild(): Promise<ServerBuild> {
  buildPromise ??= (async () => {
    const status = ensureBuild({ log: () => {} })
    if (status !== 0) throw new Error(`the web app build failed (exit ${status})`)
    return (await import(/* @vite-ignore */ pathToFileURL(serverBuildFile).href)) as ServerBuild
  })()
  return buildPromise
}

/**
 * The whole application in this process, as `npm start` serves it: REST, /trpc, media files and the Remix pages
 * (production build), on a database of its own with the demo accounts, the reference catalogue and the currencies.
 */
export async function startFullServer(options: { env?: Record<string, string> } = {}): Promise<FullServer> {
  const build = await loadServerBuild()
  const handle = await createTestDatabase()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-full-'))
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, JWT_SECRET: TEST_JWT_SECRET, ...options.env })
  const app = createAppServices(handle, config)
  await seedCatalogueIfEmpty(handle.db)
  await seedCurrenciesIfEmpty(handle.db)
  await seedDemoUsers(handle.db)

  const server = createHttpServer({
    app,
    build,
    clientDir: path.join(root, 'apps/web/build/client'),
    ping: () => handle.ping(),
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  const idOf = new Map<RoleName, number>()
  for (const row of await handle.db.select({ id: users.id, username: users.username }).from(users)) {
    if ((ROLE_NAMES as readonly string[]).includes(row.username)) idOf.set(row.username as RoleName, row.id)
  }

  async function credentials(role: RoleName): Promise<Credentials> {
    const userId = idOf.get(role)
    if (!userId) throw new Error(`no demo account for ${role}`)
    const access = (await app.tokens.sign({ userId, type: 'access' })).token
    const session = await app.sessions.create(userId, { ipAddress: '127.0.0.1', userAgent: 'meridian-tests' })
    return { userId, role, access, cookie: `${app.sessions.cookieName}=${session.token}` }
  }

  return {
    url,
    origin: url,
    app,
    config,
    handle,
    build,
    credentials,
    async restoreAccount(role) {
      const userId = idOf.get(role)
      if (!userId) return
      // Tokens signed from now on are newer than any change a test made (tokens_valid_after back in the past).
      await handle.db
        .update(users)
        .set({ isActive: true, tokensValidAfter: new Date(Date.now() - 5_000) })
        .where(eq(users.id, userId))
    },
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await handle.close()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** Every identity's credentials at once (anonymous has none). */
export async function allCredentials(server: FullServer): Promise<Record<RoleName, Credentials>> {
  const entries = await Promise.all(ROLE_NAMES.map(async (role) => [role, await server.credentials(role)] as const))
  return Object.fromEntries(entries) as Record<RoleName, Credentials>
}

export { http }
