import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect, unstable_parseMultipartFormData } from '@remix-run/node'
import { beginMediaUpload, DomainError, messageForStatus, assertCanManageMedia } from '@meridian/core'
import { MEDIA_MESSAGES } from '@meridian/core/messages'
import { requireUser, safeRedirect } from '../utils/auth.server.ts'
import { flashHeader } from '../utils/flash.server.ts'

const STATUS: Record<string, number> = { invalid: 400, forbidden: 403, unauthenticated: 401, not_found: 404, unavailable: 503 }

async function text(data: AsyncIterable<Uint8Array>) {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of data) {
    size += chunk.length
    if (size <= 4096) chunks.push(Buffer.from(chunk))
  }
  return Buffer.concat(chunks).toString('utf8')
}

/**
 * Uploads from the media screens, on the session cookie: the same service as POST /api/media/bulk_upload/.
 * Each file part is streamed to storage as it is read. The browser's uploader (one file per request, for a
 * progress bar each) asks for JSON; a plain form (JavaScript off) is sent back to its page with a toast.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const wantsJson = (request.headers.get('Accept') ?? '').includes('application/json')
  const { ctx } = await requireUser(request, context)
  assertCanManageMedia(ctx)
  let back = '/dashboard/media'
  try {
    const session = beginMediaUpload(ctx)
    try {
      await unstable_parseMultipartFormData(request, async ({ name, filename, contentType, data }) => {
        if (filename !== undefined) {
          // A file input left empty still sends a part with no name and no bytes: not a file.
          if (filename === '') await text(data)
          else await session.receiveFile({ filename, declaredType: contentType, data })
          return undefined
        }
        const value = await text(data)
        if (name === 'redirectTo') back = safeRedirect(value, back)
        else session.setField(name, value)
        return undefined
      })
    } catch (error) {
      // A body that is not well-formed multipart, or a client gone mid-file: nothing of this upload is kept.
      await session.abort()
      if (error instanceof DomainError || request.signal.aborted) throw error
      throw new DomainError('invalid', MEDIA_MESSAGES.malformedUpload)
    }
    const result = await session.finish()
    if (wantsJson) return Response.json(result, { status: result.uploaded ? 201 : 200 })
    const failed = result.results.filter((r) => !r.success)
    const message =
      MEDIA_MESSAGES.uploadedScreen(result.uploaded, result.failed) + (failed.length ? ` ${failed.map((r) => `${r.filename}: ${r.error}`).join(' ')}` : '')
    return redirect(back, {
      headers: { 'Set-Cookie': await flashHeader({ type: result.failed ? 'error' : 'success', message }) },
    })
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    const status = STATUS[error.code] ?? 400
    const detail = error.fields ? Object.values(error.fields).flat().join(' ') : error.message || messageForStatus(status)
    if (wantsJson) return Response.json({ detail, fields: error.fields ?? null }, { status })
    return redirect(back, { headers: { 'Set-Cookie': await flashHeader({ type: 'error', message: `${MEDIA_MESSAGES.uploadFailed}: ${detail}` }) } })
  }
}
