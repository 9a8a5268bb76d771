import type { AnyProcedure } from '@trpc/server'
import type { PageWindow, ServiceContext } from '@meridian/core'
import { RecordId } from '@meridian/validators'
import * as v from 'valibot'
import { pagedList, queryFilters } from '../rest/pagination.ts'
import type { AuthMode, Handler, Method, Reply, RestCall, RestEndpoint, RouteDoc } from '../rest/router.ts'
import { publicProcedure, router } from '../trpc/init.ts'
import { listInput, pageWindow } from '../trpc/paging.ts'

/**
 * The operation table's vocabulary (docs/architecture.md "Adding an operation"). An operation is declared once, in
 * `operations/<feature>.ts`: the service it calls, the gate its tRPC procedure runs before reading input, and, when
 * the spec documents a REST path for it, where REST serves it and what the API reference says. The tRPC router
 * (`trpcRouter`), the REST route table, the OpenAPI document, the access matrix and the fuzz enumeration read them.
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

/** One operation: its procedure (none: REST only) and its REST endpoints (none: tRPC only). */
export interface Operation<P extends AnyProcedure | undefined = AnyProcedure | undefined> {
  procedure: P
  rest: RestEndpoint[]
}

/** The endpoints of a place: one a path, each running the place's gate before the handler. */
export function endpoints(place: RestPlace | undefined, handler: Handler, defaults: Partial<RouteDoc> = {}): RestEndpoint[] {
  if (!place) return []
  const { at, auth, gate, ...doc } = place
  const run: Handler = gate ? async (call) => (gate(call.ctx), handler(call)) : handler
  return [at].flat().map((place) => {
    const [where, own] = typeof place === 'string' ? [place, {}] : [place.at, { summary: place.summary }]
    const [method, path] = where.split(' ') as [Method, string]
    return { method, path, handler: run, auth: auth ?? 'required', doc: { ...defaults, ...doc, ...own } }
  })
}

/**
 * REST's answer to a service's result: 204 with no body, else the result (its `answerKey` field when the place names
 * one), with 200 instead of 201 for a write whose result says it found the record there already (`created: false`).
 */
function replyOf(place: RestPlace, status: number | undefined, result: unknown): Reply {
  if (status === 204) return { status, body: null }
  const found = place.alsoStatus?.includes(200) && (result as { created?: boolean }).created === false
  return { status: found ? 200 : status, body: place.answerKey ? (result as Record<string, unknown>)[place.answerKey] : result }
}

/** The endpoints of a place that answer `service`'s result for the arguments `args` reads from the call. */
function serve(place: RestPlace | undefined, service: Service<never, unknown>, args: Args, defaults: Partial<RouteDoc> = {}) {
  const status = place?.status ?? defaults.status
  return endpoints(place, async (call) => replyOf(place!, status, await (service as Service<unknown[], unknown>)(call.ctx, ...(await args(call)))), defaults)
}
type Args = (call: RestCall) => unknown[] | Promise<unknown[]>

const data = v.record(v.string(), v.unknown())
/** A body that may be left out (`{}`), for `create`'s and `write`'s input. */
export const optionalBody = v.optional(data, {})
const filters = v.optional(data, {})

type Service<A extends unknown[], R> = (ctx: ServiceContext, ...args: A) => Promise<R>
type Input<S extends v.GenericSchema> = v.InferOutput<S>
const none = () => []
const body: Args = async (call) => [await call.body()]

/**
 * The kinds of operation, their procedures built on `base`. A record's id is read with `options.id`: RecordId unless
 * given (`v.unknown()` where the services judge the raw id, a malformed one answering 404 like another's record); REST
 * passes a path id as a number with RecordId (the router has checked it names a record), as sent otherwise.
 */
export function operations<I extends v.GenericSchema = typeof RecordId>(base: Base, options: { id?: I; auth?: AuthMode } = {}) {
  type Id = v.InferOutput<I>
  /** A place in the namespace's auth mode unless it names its own. */
  const own = <P extends RestPlace>(place: P | undefined) => place && { auth: options.auth, ...place }
  const id = (options.id ?? RecordId) as I
  const byId = v.object({ id })
  const pathId = (call: RestCall) => (options.id ? call.params.id : Number(call.params.id)) as Id
  const withId: Args = (call) => [pathId(call)]
  const idAndBody: Args = async (call) => [pathId(call), await call.body()]
  // The input as the schemas below read it (their output is not worked out for a schema given as a type parameter).
  const keyed = (input: unknown) => input as { id: Id; data?: unknown }
  /** A mutation of a body: checked by `input` when given, else any record. */
  const withBody = <R, S extends v.GenericSchema>(service: Service<[Input<S>], R>, input: S | undefined) =>
    base.input((input ?? data) as S).mutation(({ ctx, input }) => service(ctx.service, input))
  return {
    /** An operation written out (inputs no kind reads), its REST places in the namespace's auth mode. */
    custom: <P extends AnyProcedure>(procedure: P, rest?: RestPlace & { handler: Handler }) => custom(procedure, own(rest)),
    /** A REST path with no tRPC twin, in the namespace's auth mode. */
    restOnly: (rest: RestPlace & { handler: Handler }) => restOnly(own(rest)!),
    /** A page of a list: tRPC `{filters, page | cursor, page_size}`; REST GET with DRF page numbers, the query as filters. */
    list: <R extends { count: number; results: unknown[] }>(service: Service<[unknown, PageWindow], R>, size: number, rest?: RestPlace) => ({
      procedure: base.input(listInput(size)).query(({ ctx, input }) => service(ctx.service, input.filters, pageWindow(input, size))),
      rest: endpoints(own(rest), pagedList(service, size), { paginated: true }),
    }),
    /** A read of filters (any record, or `input`'s): tRPC the filters as the input; REST GET with the query as them. */
    query: <R, S extends v.GenericSchema = typeof filters>(service: Service<[Input<S>], R>, rest?: RestPlace, input?: S) => ({
      procedure: base.input((input ?? filters) as S).query(({ ctx, input }) => service(ctx.service, input ?? {})),
      rest: serve(own(rest), service, (call) => [queryFilters(call.query)]),
    }),
    /** A read of no input: tRPC a bare query; REST GET. */
    read: <R>(service: Service<[], R>, rest?: RestPlace) => ({
      procedure: base.query(({ ctx }) => service(ctx.service)),
      rest: serve(own(rest), service, none),
    }),
    /** An action of no input (mark everything read, fetch rates now): tRPC a bare mutation; REST POST with no body. */
    command: <R>(service: Service<[], R>, rest?: RestPlace) => ({
      procedure: base.mutation(({ ctx }) => service(ctx.service)),
      rest: serve(own(rest), service, none, { body: null }),
    }),
    /** A record by id: tRPC `{id}` (with `query`'s fields, passed on as one object); REST GET with `{id}` in the path and the query. */
    get: <R, Q extends v.ObjectEntries = Record<never, never>>(
      service: Service<[keyof Q] extends [never] ? [Id] : [Id, v.InferOutput<v.ObjectSchema<Q, undefined>>], R>,
      rest?: RestPlace,
      query?: Q,
    ) => ({
      procedure: base.input(v.object({ id, ...query })).query(({ ctx, input }) => {
        const { id, ...fields } = input as { id: Id }
        return (service as Service<unknown[], R>)(ctx.service, id, ...(query ? [fields] : []))
      }),
      rest: serve(own(rest), service, (call) => (query ? [pathId(call), queryFilters(call.query)] : [pathId(call)])),
    }),
    /** A new record from a body: tRPC the body as the input (checked by `input` when given); REST POST answering 201 unless `status` says. */
    create: <R, S extends v.GenericSchema = typeof data>(service: Service<[Input<S>], R>, rest?: RestPlace, input?: S) => ({
      procedure: withBody(service, input),
      rest: serve(own(rest), service, body, { status: 201 }),
    }),
    /** A write of a body with no id that makes no record (sign in, change a password): as `create`, answering 200. */
    write: <R, S extends v.GenericSchema = typeof data>(service: Service<[Input<S>], R>, rest?: RestPlace, input?: S) => ({
      procedure: withBody(service, input),
      rest: serve(own(rest), service, body),
    }),
    /**
     * A change to a record by id: tRPC `{id, data}` (`data` checked by `how.data`, which the reference also gives as the
     * REST body unless the place names one; required unless `how.optionalData`); REST PATCH, PUT or POST with `{id}` in
     * the path and the body as the data.
     */
    update: <R>(service: Service<[Id, never], R>, rest?: RestPlace, how: { optionalData?: boolean; data?: v.GenericSchema } = {}) => ({
      procedure: base
        .input(v.object({ id, data: how.optionalData ? v.optional(data, {}) : (how.data ?? data) }))
        .mutation(({ ctx, input }) => service(ctx.service, keyed(input).id, keyed(input).data as never)),
      rest: serve(own(rest && { body: how.data, ...rest }), service, idAndBody),
    }),
    /** A change by id whose fields stand beside the id: tRPC `{id, …fields}`, the fields passed on as the data; REST as `update`. */
    flat: <R, F extends v.ObjectEntries>(service: Service<[Id, never], R>, fields: F, rest?: RestPlace) => ({
      procedure: base.input(v.object({ id, ...fields })).mutation(({ ctx, input }) => {
        const { id, ...data } = input as { id: Id }
        return service(ctx.service, id, data as never)
      }),
      rest: serve(own(rest), service, idAndBody),
    }),
    /** An action on a record by id, no body: tRPC `{id}` mutation; REST POST with `{id}` in the path. */
    act: <R>(service: Service<[Id], R>, rest?: RestPlace) => ({
      procedure: base.input(byId).mutation(({ ctx, input }) => service(ctx.service, keyed(input).id)),
      rest: serve(own(rest), service, withId, { body: null }),
    }),
    /** A delete by id: tRPC `{id}` answering `answer` (`{id, deleted: true}` unless given); REST DELETE answering 204. */
    remove: <R, A = { id: Id; deleted: true }>(service: Service<[Id], R>, rest?: RestPlace, answer?: (id: Id, result: R) => A) => ({
      procedure: base.input(byId).mutation(async ({ ctx, input }) => {
        const { id } = keyed(input)
        const result = await service(ctx.service, id)
        return answer ? answer(id, result) : ({ id, deleted: true } as A)
      }),
      rest: serve(own(rest), service, withId, { status: 204 }),
    }),
  }
}

/** An operation whose procedure and REST handler are written out (inputs no kind above reads). */
export function custom<P extends AnyProcedure>(procedure: P, rest?: RestPlace & { handler: Handler }): Operation<P> {
  return { procedure, rest: rest ? endpoints(rest, rest.handler) : [] }
}

/** A REST path with no tRPC twin. */
export function restOnly(rest: RestPlace & { handler: Handler }): Operation<undefined> {
  return { procedure: undefined, rest: endpoints(rest, rest.handler) }
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
