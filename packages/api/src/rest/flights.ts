import busboy from 'busboy'
import {
  bookFlight,
  canManageFlights,
  createFlight,
  FLIGHTS_PAGE_SIZE,
  getFlight,
  IMPORT_MAX_BYTES,
  importFlights,
  listFlights,
  requireFlightBooker,
  searchFlights,
  updateFlight,
  withdrawFlight,
} from '@meridian/core'
import { ClientGoneError, HttpError } from './http.ts'
import { pagedList } from './pagination.ts'
import { queryObject } from './query.ts'
import type { Handler, RestCall, RouteTable } from './router.ts'


const tooLarge = () => new HttpError(413, { detail: 'Request body is too large.' })

/** A raw text body (text/csv) up to the import's limit. */
async function readText(req: RestCall['req']): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  try {
    for await (const chunk of req) {
      size += (chunk as Buffer).length
      if (size > IMPORT_MAX_BYTES) throw tooLarge()
      chunks.push(chunk as Buffer)
    }
  } catch (error) {
    if (error instanceof HttpError) throw error
    throw new ClientGoneError('the client closed the connection during an import', { cause: error })
  }
  if (!req.complete) throw new ClientGoneError('the import body ended early')
  return Buffer.concat(chunks).toString('utf8')
}

/** A multipart form's schedule: the first file part (or a `content` field), up to the import's limit. */
async function readMultipart(req: RestCall['req']): Promise<{ content: string }> {
  let parser: busboy.Busboy
  try {
    parser = busboy({ headers: req.headers, limits: { fields: 10, fieldSize: IMPORT_MAX_BYTES + 1, files: 1, fileSize: IMPORT_MAX_BYTES + 1, parts: 20 } })
  } catch (error) {
    throw new HttpError(400, { detail: `Multipart form parse error - ${(error as Error).message}` })
  }
  let file: string | undefined
  let field: string | undefined
  let over = false
  const outcome = await new Promise<'done' | 'malformed' | 'gone'>((resolve) => {
    let failed = false
    parser.on('file', (_name, stream) => {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('limit', () => (over = true))
      stream.on('error', () => {})
      stream.on('end', () => {
        file ??= Buffer.concat(chunks).toString('utf8')
      })
    })
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) over = true
      if (name === 'content') field = value
    })
    parser.on('error', () => {
      failed = true
      resolve('malformed')
    })
    parser.once('close', () => resolve(failed ? 'malformed' : 'done'))
    req.on('error', () => resolve('gone'))
    req.once('close', () => {
      if (!req.complete) {
        parser.destroy(new Error('Request aborted'))
        resolve('gone')
      }
    })
    req.pipe(parser)
  })
  if (outcome === 'gone' || (outcome === 'malformed' && !req.complete)) throw new ClientGoneError('the client went away during an import')
  if (outcome === 'malformed') throw new HttpError(400, { detail: 'Multipart form parse error - the body ended before its closing boundary.' })
  if (over) throw tooLarge()
  return { content: file || field || '' }
}

/**
 * POST /api/flights/import/: the schedule as a multipart upload (a file part, as the form sends it), as text/csv, or
 * as JSON `{"content": "…"}`. Access is checked before the body is read.
 */
const importSchedule: Handler = async ({ ctx, req, body }) => {
  canManageFlights(ctx)
  if (Number(req.headers['content-length'] ?? 0) > IMPORT_MAX_BYTES + 64 * 1024) throw tooLarge()
  const type = String(req.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase()
  const input =
    type === 'multipart/form-data' ? await readMultipart(req) : type === 'text/csv' || type === 'text/plain' ? { content: await readText(req) } : await body()
  return { body: await importFlights(ctx, input) }
}

/**
 * Flights (2-catalogue-content.md §7 Other; docs/bookings.md "Flights"): search, read and book for travelers; the
 * list, create, edit, withdraw and import for the staff who keep flights.
 */
export function flightRoutes(table: RouteTable) {
  const base = '/api/flights'
  table
    .add('GET', `${base}/search/`, async ({ ctx, query }) => ({ body: await searchFlights(ctx, queryObject(query)) }))
    .add('GET', `${base}/`, pagedList(listFlights, FLIGHTS_PAGE_SIZE))
    .add('POST', `${base}/`, async ({ ctx, body }) => {
      canManageFlights(ctx)
      return { status: 201, body: await createFlight(ctx, await body()) }
    })
    .add('POST', `${base}/import/`, importSchedule)
    .add('GET', `${base}/{id}/`, async ({ ctx, params }) => ({ body: await getFlight(ctx, params.id) }))
    .add('PATCH', `${base}/{id}/`, async ({ ctx, params, body }) => {
      canManageFlights(ctx)
      return { body: await updateFlight(ctx, params.id, await body()) }
    })
    .add('POST', `${base}/{id}/withdraw/`, async ({ ctx, params }) => ({ body: await withdrawFlight(ctx, params.id) }))
    .add('POST', `${base}/{id}/book/`, async ({ ctx, params, body }) => {
      requireFlightBooker(ctx)
      return { status: 201, body: await bookFlight(ctx, params.id, await body()) }
    })
}
