import type { IncomingMessage } from 'node:http'
import busboy from 'busboy'
import { ClientGoneError, HttpError, JSON_BODY_LIMIT, readBytes, tooLarge } from './http.ts'

/*
 * Bodies read other than as JSON (http.ts readBody): a webhook's bytes as they came, an uploaded text (an import's
 * CSV) sent as a multipart form, as text or as JSON, and the parsing every multipart upload shares.
 */

/** The body exactly as it came (a webhook's signature covers these bytes, not a re-encoding of them), up to 1 MiB. */
export async function rawBody(req: IncomingMessage): Promise<Buffer> {
  if (Number(req.headers['content-length'] ?? 0) > JSON_BODY_LIMIT) throw tooLarge()
  return readBytes(req, JSON_BODY_LIMIT, 'the client closed the connection before its request body arrived')
}

/**
 * An uploaded text up to `limit` bytes as `{content}`: a multipart form's first file part (or its `content` field), a
 * text/csv or text/plain body, or else the JSON body as it is (`{"content": "…"}`).
 */
export async function uploadedText(req: IncomingMessage, body: () => Promise<unknown>, limit: number): Promise<unknown> {
  if (Number(req.headers['content-length'] ?? 0) > limit + 64 * 1024) throw tooLarge()
  const type = String(req.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase()
  if (type === 'multipart/form-data') return { content: await readMultipart(req, limit) }
  if (type !== 'text/csv' && type !== 'text/plain') return body()
  const text = await readBytes(req, limit, 'the client closed the connection during an import')
  if (!req.complete) throw new ClientGoneError('the import body ended early')
  return { content: text.toString('utf8') }
}

/** A busboy parser for the request's multipart body; a Content-Type busboy cannot read is a 400. */
export function multipartParser(req: IncomingMessage, limits: busboy.Limits): busboy.Busboy {
  try {
    return busboy({ headers: req.headers, limits })
  } catch (error) {
    throw new HttpError(400, { detail: `Multipart form parse error - ${(error as Error).message}` })
  }
}

/**
 * Pipe the request through the parser (its file and field handlers already attached): `done`, `malformed` (busboy
 * refused the body), or `gone` (the client went away mid-body; busboy is told, so the file being read ends in an
 * error rather than a wait).
 */
export function parseMultipart(req: IncomingMessage, parser: busboy.Busboy): Promise<'done' | 'malformed' | 'gone'> {
  return new Promise((resolve) => {
    let failed = false
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
}

/** A multipart form's text: the first file part (or a `content` field), up to `limit` bytes. */
async function readMultipart(req: IncomingMessage, limit: number): Promise<string> {
  const parser = multipartParser(req, { fields: 10, fieldSize: limit + 1, files: 1, fileSize: limit + 1, parts: 20 })
  let file: string | undefined
  let field: string | undefined
  let over = false
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
  const outcome = await parseMultipart(req, parser)
  if (outcome === 'gone' || (outcome === 'malformed' && !req.complete)) throw new ClientGoneError('the client went away during an import')
  if (outcome === 'malformed') throw new HttpError(400, { detail: 'Multipart form parse error - the body ended before its closing boundary.' })
  if (over) throw tooLarge()
  return file || field || ''
}
