import type { ServerBuild } from '@remix-run/node'
import { listRestRoutes, type RestRouteInfo } from '@meridian/api'
import { appRouter } from '@meridian/api/trpc'

/**
 * The whole surface a client can reach, read from the application itself (the REST route table, the tRPC router,
 * the Remix build's route manifest), never from a hand-kept list: a route added tomorrow is enumerated tomorrow.
 */

export type RestRoute = RestRouteInfo & { key: string; params: string[] }

export function restRoutes(): RestRoute[] {
  return listRestRoutes().map((route) => ({
    ...route,
    key: `${route.method} ${route.path}`,
    params: [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!),
  }))
}

export interface TrpcProcedure {
  /** Dotted path, e.g. "currencies.rates.create". */
  path: string
  type: 'query' | 'mutation' | 'subscription'
  key: string
  /** The valibot schemas handed to .input(), outermost first (may be empty). */
  inputs: unknown[]
}

interface ProcedureDef {
  _def: { type: TrpcProcedure['type']; inputs: unknown[] }
}

export function trpcProcedures(): TrpcProcedure[] {
  const procedures = (appRouter as unknown as { _def: { procedures: Record<string, ProcedureDef> } })._def.procedures
  return Object.entries(procedures).map(([path, procedure]) => ({
    path,
    type: procedure._def.type,
    key: `${procedure._def.type} ${path}`,
    inputs: procedure._def.inputs ?? [],
  }))
}

export interface RemixRoute {
  id: string
  /** The URL pattern, e.g. /dashboard/users/:id/edit ("/" for the index). */
  path: string
  params: string[]
  index: boolean
  hasLoader: boolean
  hasAction: boolean
  /** Resource routes export no component: they answer data, not a page. */
  resource: boolean
}

export function remixRoutes(build: ServerBuild): RemixRoute[] {
  const routes = build.routes
  const fullPath = (id: string | undefined): string => {
    if (!id) return ''
    const route = routes[id]!
    const own = route.path ?? ''
    const parent = fullPath(route.parentId)
    return own ? `${parent.replace(/\/$/, '')}/${own}` : parent
  }
  return Object.values(routes)
    .filter((route) => route.id !== 'root')
    .map((route) => {
      const path = fullPath(route.id) || '/'
      const module = route.module as unknown as Record<string, unknown>
      return {
        id: route.id,
        path,
        params: [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!),
        index: Boolean(route.index),
        hasLoader: typeof module.loader === 'function',
        hasAction: typeof module.action === 'function',
        resource: typeof module.default !== 'function',
      }
    })
    .sort((a, b) => a.path.localeCompare(b.path) || a.id.localeCompare(b.id))
}

/** A path value sent exactly as written (a broken percent-encoding, say), not encoded first. */
export const RAW_SEGMENT = 'raw:'

const segment = (value: string | undefined) => {
  if (value === undefined) return '1'
  if (value.startsWith(RAW_SEGMENT)) return value.slice(RAW_SEGMENT.length)
  return encodeURIComponent((value as string & { toWellFormed(): string }).toWellFormed())
}

/** Fill a pattern's {param} (REST) or :param (Remix) segments. */
export function fillPath(pattern: string, values: Record<string, string>): string {
  return pattern
    .replace(/\{(\w+)\}/g, (_, name: string) => segment(values[name]))
    .replace(/:(\w+)/g, (_, name: string) => segment(values[name]))
    .replace(/\/\*$/, '/')
}
