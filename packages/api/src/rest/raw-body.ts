import type { IncomingMessage } from 'node:http'
import { ClientGoneError, HttpError, JSON_BODY_LIMIT } from './http.ts'

/* Bodies read other than as JSON (http.ts readBody): a webhook's bytes as they came. */

const tooLarge = () => new HttpError(413, { detail: 'Request body is too large.' })

/** The body's bytes up to `limit` (413 beyond); a client that goes away ends in ClientGoneError (`gone` says when). */
async function readBytes(req: IncomingMessage, limit: number, gone: string): Promise<Buffer> {
  const chunks: Buffer[] = []
  let size = 0
  try {
    for await (const chunk of req) {
      size += (chunk as Buffer).length
      if (size > limit) throw tooLarge()
      chunks.push(chunk as Buffer)
    }
  } catch (error) {
    if (error instanceof HttpError) throw error
    throw new ClientGoneError(gone, { cause: error })
  }
  return Buffer.concat(chunks)
}

/** The body exactly as it came (a webhook's signature covers these bytes, not a re-encoding of them), up to 1 MiB. */
export async function rawBody(req: IncomingMessage): Promise<Buffer> {
  if (Number(req.headers['content-length'] ?? 0) > JSON_BODY_LIMIT) throw tooLarge()
  return readBytes(req, JSON_BODY_LIMIT, 'the client closed the connection before its request body arrived')
}
