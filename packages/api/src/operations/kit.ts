import type { AnyProcedure } from '@trpc/server'
import type { PageWindow, ServiceContext } from '@meridian/core'
import { RecordId } from '@meridian/validators'
import * as v from 'valibot'
import { pagedList, queryFilters } from '../rest/pagination.ts'
import type { AuthMode, Handler, Method, Reply, RouteDoc, RouteTable } from '../rest/router.ts'
import { publicProcedure, router } from '../trpc/init.ts'
import { listInput, pageWindow } from '../trpc/paging.ts'

/**
 * The operation table's vocabulary (docs/architecture.md "Adding an operation"). An operation is declared once, in
 * `operations/<feature>.ts`: the service it calls, the gate its tRPC procedure runs before reading input, and, when
 * the spec documents a REST path for it, where REST serves it and what the API reference says. The tRPC router
 * (`trpcRouter`) and the REST route table (`registerRest`) are both derived from the same entries, and so are the
 * OpenAPI document, the access matrix and the fuzz enumeration, which read those two.
 */

/** The base of an operation's procedure: the public procedure, or one with a gate that runs before input is read. */
type Base = typeof publicProcedure

/** `'METHOD /path/'`, with `{id}` for a path parameter. */
export type At = `${Method} /${string}`

/** Where REST serves an operation: one or more places, the auth mode, and what the reference says of it. */
export interface RestPlace extends RouteDoc {
  /** The path, or several (a second path of the same operation may carry a summary of its own). */
  at: At | (At | { at: At; summary: string })[]
  /** 'required' (a bearer token) unless said. */
  auth?: AuthMode
  /** An access check REST runs first, before the body is read (where the REST path checked the procedure's gate too). */
  gate?: (ctx: ServiceContext) => unknown
}

export interface RestEndpoint {
  method: Method
  path: string
  handler: Handler
  auth: AuthMode
  doc: RouteDoc
}

/** One operation: its procedure (none: REST only) and its REST endpoints (none: tRPC only). */
export interface Operation<P extends AnyProcedure | undefined = AnyProcedure | undefined> {
  procedure: P
  rest: RestEndpoint[]
}

function endpoints(place: RestPlace | undefined, handler: Handler, defaults: Partial<RouteDoc> = {}): RestEndpoint[] {
  if (!place) return []
  const { at, auth, gate, ...doc } = place
  const run: Handler = gate
    ? async (call) => {
        gate(call.ctx)
        return handler(call)
      }
    : handler
  return (Array.isArray(at) ? at : [at]).map((place) => {
    const [where, own] = typeof place === 'string' ? [place, {}] : [place.at, { summary: place.summary }]
    const space = where.indexOf(' ')
    return {
      method: where.slice(0, space) as Method,
      path: where.slice(space + 1),
      handler: run,
      auth: auth ?? 'required',
      doc: { ...defaults, ...doc, ...own },
    }
  })
}

const filters = v.optional(v.record(v.string(), v.unknown()), {})
const data = v.record(v.string(), v.unknown())
/** A body that may be left out (`{}`), for `create`'s and `write`'s input. */
export const optionalBody = v.optional(data, {})
const noContent: Reply = { status: 204, body: null }

type Service<A extends unknown[], R> = (ctx: ServiceContext, ...args: A) => Promise<R>

/**
 * The kinds of operation, their procedures built on `base`. A record's id is read with `options.id`: RecordId unless
 * given (`v.unknown()` where the services judge the raw id, a malformed one answering 404 like another's record).
 */
export function operations<I extends v.GenericSchema = typeof RecordId>(base: Base, options: { id?: I } = {}) {
  type Id = v.InferOutput<I> | string
  const id = (options.id ?? RecordId) as I
  const byId = v.object({ id })
  const patch = v.object({ id, data })
  // `data` may be left out: the service answers 404 for a record the caller may not see before it reads the data.
  const withData = v.object({ id, data: v.optional(data, {}) })
  // The input as read by the schemas above (their output is not worked out for a schema given as a type parameter).
  const keyed = (input: unknown) => input as { id: v.InferOutput<I>; data: Record<string, unknown> }
  /** A mutation of a body: checked by `input` when given, else any record. */
  const withBody = <R, S extends v.GenericSchema>(service: Service<[unknown], R>, input: S | undefined) =>
    base.input((input ?? data) as S).mutation(({ ctx, input }) => service(ctx.service, input))
  return {
    /** A page of a list: tRPC `{filters, page | cursor, page_size}`; REST GET with DRF page numbers, the query as filters. */
    list: <R extends { count: number; results: unknown[] }>(service: Service<[unknown, PageWindow], R>, size: number, rest?: RestPlace) => ({
      procedure: base.input(listInput(size)).query(({ ctx, input }) => service(ctx.service, input.filters, pageWindow(input, size))),
      rest: endpoints(rest, pagedList(service, size), { paginated: true }),
    }),
    /** A read of filters: tRPC an optional object; REST GET with the query as the filters. */
    query: <R>(service: Service<[unknown], R>, rest?: RestPlace) => ({
      procedure: base.input(filters).query(({ ctx, input }) => service(ctx.service, input)),
      rest: endpoints(rest, async ({ ctx, query }) => ({
        body: await service(ctx, queryFilters(query)),
      })),
    }),
    /** A read of no input: tRPC a bare query; REST GET. */
    read: <R>(service: Service<[], R>, rest?: RestPlace) => ({
      procedure: base.query(({ ctx }) => service(ctx.service)),
      rest: endpoints(rest, async ({ ctx }) => ({ body: await service(ctx) })),
    }),
    /** A record by id: tRPC `{id}`; REST GET with `{id}` in the path. */
    get: <R>(service: Service<[Id], R>, rest?: RestPlace) => ({
      procedure: base.input(byId).query(({ ctx, input }) => service(ctx.service, keyed(input).id)),
      rest: endpoints(rest, async ({ ctx, params }) => ({
        body: await service(ctx, params.id!),
      })),
    }),
    /**
     * A new record from a body: tRPC the body as the input (checked by `input` when given); REST POST answering 201
     * unless `status` says.
     */
    create: <R, S extends v.GenericSchema = typeof data>(service: Service<[unknown], R>, rest?: RestPlace, input?: S) => ({
      procedure: withBody(service, input),
      rest: endpoints(
        rest,
        async ({ ctx, body }) => ({
          status: rest?.status ?? 201,
          body: await service(ctx, await body()),
        }),
        { status: 201 },
      ),
    }),
    /**
     * A write of a body with no id that makes no record (sign in, change a password): as `create`, answering 200
     * unless `status` says.
     */
    write: <R, S extends v.GenericSchema = typeof data>(service: Service<[unknown], R>, rest?: RestPlace, input?: S) => ({
      procedure: withBody(service, input),
      rest: endpoints(rest, async ({ ctx, body }) => ({
        status: rest?.status,
        body: await service(ctx, await body()),
      })),
    }),
    /**
     * A change to a record by id: tRPC `{id, data}` (`data` required unless `optionalData`); REST PATCH, PUT or POST
     * with `{id}` in the path and the body as the data.
     */
    update: <R>(service: Service<[Id, unknown], R>, rest?: RestPlace, options: { optionalData?: boolean } = {}) => ({
      procedure: base.input(options.optionalData ? withData : patch).mutation(({ ctx, input }) => {
        const { id, data } = keyed(input)
        return service(ctx.service, id, data)
      }),
      rest: endpoints(rest, async ({ ctx, params, body }) => ({
        status: rest?.status,
        body: await service(ctx, params.id!, await body()),
      })),
    }),
    /** An action on a record by id, no body: tRPC `{id}` mutation; REST POST with `{id}` in the path. */
    act: <R>(service: Service<[Id], R>, rest?: RestPlace) => ({
      procedure: base.input(byId).mutation(({ ctx, input }) => service(ctx.service, keyed(input).id)),
      rest: endpoints(
        rest,
        async ({ ctx, params }) => ({
          status: rest?.status,
          body: await service(ctx, params.id!),
        }),
        { body: null },
      ),
    }),
    /** A delete by id: tRPC `{id}` answering `{id, deleted: true}`; REST DELETE answering 204. */
    remove: (service: Service<[Id], unknown>, rest?: RestPlace) => ({
      procedure: base.input(byId).mutation(async ({ ctx, input }) => {
        const { id } = keyed(input)
        await service(ctx.service, id)
        return { id, deleted: true as const }
      }),
      rest: endpoints(
        rest,
        async ({ ctx, params }) => {
          await service(ctx, params.id!)
          return noContent
        },
        { status: 204 },
      ),
    }),
  }
}

/** The endpoints of a place given with its handler (which is not part of the doc). */
function written(rest?: RestPlace & { handler: Handler }): RestEndpoint[] {
  if (!rest) return []
  const { handler, ...place } = rest
  return endpoints(place, handler)
}

/** An operation whose procedure and REST handler are written out (inputs neither kind above reads). */
export function custom<P extends AnyProcedure>(procedure: P, rest?: RestPlace & { handler: Handler }): Operation<P> {
  return { procedure, rest: written(rest) }
}

/** A REST path with no tRPC twin. */
export function restOnly(rest: RestPlace & { handler: Handler }): Operation<undefined> {
  return { procedure: undefined, rest: written(rest) }
}

type Ops = Record<string, Operation>
type ProceduresOf<O extends Ops> = {
  [K in keyof O as O[K]['procedure'] extends AnyProcedure ? K : never]: O[K]['procedure'] extends infer P extends AnyProcedure ? P : never
}

/** Procedures by name, a dotted name ('rates.list') nested under its first part. */
type Nested<P> = {
  [K in keyof P as K extends `${infer H}.${string}` ? H : K]: K extends `${infer H}.${string}`
    ? Nested<{ [J in keyof P as J extends `${H}.${infer T}` ? T : never]: P[J] }>
    : P[K]
}
type Tree = { [name: string]: AnyProcedure | Tree }

/**
 * The tRPC router of one namespace of operations (those with a procedure). A dotted name nests: `'rates.list'` is
 * `rates.list` of the router, so a namespace lists its operations in REST order whatever their tRPC path.
 */
export function trpcRouter<O extends Ops>(ops: O) {
  const procedures: Tree = {}
  for (const [name, op] of Object.entries(ops)) {
    if (!op.procedure) continue
    const path = name.split('.')
    const last = path.pop()!
    let at = procedures
    for (const key of path) at = (at[key] ??= {}) as Tree
    at[last] = op.procedure
  }
  return router(procedures as Nested<ProceduresOf<O>>)
}
