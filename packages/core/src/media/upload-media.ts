import { randomUUID } from 'node:crypto'
import { PassThrough } from 'node:stream'
import { and, eq, inArray, mediaItems } from '@meridian/db'
import { isStorageUnavailable } from '@meridian/storage'
import { MediaAttachment, MEDIA_BODY_LIMIT_BYTES, MEDIA_MAX_FILE_BYTES, MEDIA_MAX_FILES_PER_REQUEST } from '@meridian/validators'
import type { ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { MEDIA_MESSAGES } from '../messages.ts'
import { parseInput } from '../validation.ts'
import { checkAttachment } from './attachment.ts'
import { assertCanManageMedia } from './media-access.ts'
import { type MediaDto, serializeMedia } from './serialize-media.ts'
import { SNIFF_BYTES, type SniffedType, sniffMediaType } from './sniff.ts'
import { mediaPrefix, removeStoredFolder } from './storage-cleanup.ts'

/** One file part of an upload request, as the transport hands it over: its bytes arrive as they are read. */
export interface IncomingFile {
  filename: string
  /** What the client claims; ignored (the bytes decide). */
  declaredType?: string
  data: AsyncIterable<Uint8Array>
}

export interface UploadFileResult {
  success: boolean
  filename: string
  id?: number
  media?: MediaDto
  error?: string
}

export interface BulkUploadResponse {
  results: UploadFileResult[]
  uploaded: number
  failed: number
}

export interface MediaUploadSession {
  /** Stream one file to storage; resolves with its outcome once its last byte is read. Never rejects. */
  receiveFile(file: IncomingFile): Promise<UploadFileResult>
  /** content_type / object_id, in whatever order they come relative to the files. */
  setField(name: string, value: string): void
  /** Attach the stored files and queue them for processing; on an invalid attachment, remove them and throw. */
  finish(): Promise<BulkUploadResponse>
  /** The request broke (malformed body, client gone): remove every file this upload stored. Never throws. */
  abort(): Promise<void>
}

class UploadFailure extends Error {}

const cleanName = (name: string) =>
  name.replace(/[\\/]/g, '_').replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 255) || 'file'
const titleOf = (filename: string) => filename.replace(/\.[^.]{1,5}$/, '').slice(0, 200)

/**
 * Start a bulk upload (POST /api/media/bulk_upload/) for a media manager. Each file is streamed to storage
 * under a server-made key as it arrives, never held whole in memory; its type comes from its first bytes.
 * A file that fails (type, size, empty, interrupted, storage down) leaves neither a row nor an object.
 */
export function beginMediaUpload(ctx: ServiceContext): MediaUploadSession {
  const actor = assertCanManageMedia(ctx)
  const results: UploadFileResult[] = []
  const stored: number[] = []
  const fields: Record<string, string> = {}
  let received = 0
  let totalBytes = 0

  async function receiveFile(file: IncomingFile): Promise<UploadFileResult> {
    const filename = cleanName(file.filename)
    const it = file.data[Symbol.asyncIterator]()
    const drain = async () => {
      while (!(await it.next()).done) {
        // discard
      }
    }
    const fail = (error: string): UploadFileResult => {
      const result = { success: false, filename, error }
      results.push(result)
      return result
    }
    received++
    try {
      if (received > MEDIA_MAX_FILES_PER_REQUEST) {
        await drain()
        return fail(MEDIA_MESSAGES.tooManyInRequest(MEDIA_MAX_FILES_PER_REQUEST))
      }
      const head: Uint8Array[] = []
      let headSize = 0
      let ended = false
      while (headSize < SNIFF_BYTES) {
        const next = await it.next()
        if (next.done) {
          ended = true
          break
        }
        head.push(next.value)
        headSize += next.value.length
      }
      if (headSize === 0) return fail(MEDIA_MESSAGES.emptyFile)
      const type = sniffMediaType(Buffer.concat(head))
      if (!type) {
        if (!ended) await drain()
        return fail(MEDIA_MESSAGES.unsupportedType)
      }
      return await store(filename, type, head, headSize, ended, it, fail)
    } catch {
      // The request itself broke (client gone, truncated body): this file is incomplete.
      return fail(MEDIA_MESSAGES.interrupted)
    }
  }

  async function store(
    filename: string,
    type: SniffedType,
    head: Uint8Array[],
    headSize: number,
    ended: boolean,
    it: AsyncIterator<Uint8Array>,
    fail: (error: string) => UploadFileResult,
  ): Promise<UploadFileResult> {
    const uuid = randomUUID()
    const [row] = await ctx.db
      .insert(mediaItems)
      .values({
        uuid,
        title: titleOf(filename),
        mediaType: type.mediaType,
        mimeType: type.mime,
        originalFilename: filename,
        status: 'uploading',
        uploadedBy: actor.id,
      })
      .returning()
    const body = new PassThrough({ highWaterMark: 256 * 1024 })
    // Destroying the body reports through put(); the stream's own error event needs a listener meanwhile.
    body.on('error', () => {})
    let putError: unknown = null
    const put = ctx.storage.put(`${mediaPrefix(uuid)}/upload`, body, { contentType: type.mime }).then(
      () => null,
      (error: unknown) => (putError = error ?? new Error('storage failed')),
    )
    let size = headSize
    let failure: string | null = null
    let putSettled = false
    void put.then(() => (putSettled = true))
    // Wait for the store to take more, or to stop taking anything: one pair of listeners at a time, removed when
    // either fires (a large file hits back-pressure thousands of times).
    const room = () =>
      new Promise<void>((resolve) => {
        if (putSettled || body.destroyed) return resolve()
        const done = () => {
          body.off('drain', done)
          body.off('close', done)
          resolve()
        }
        body.on('drain', done)
        body.on('close', done)
        void put.then(done)
      })
    const push = async (chunk: Uint8Array) => {
      if (failure) return
      if (size > MEDIA_MAX_FILE_BYTES || totalBytes + size > MEDIA_BODY_LIMIT_BYTES) {
        failure = MEDIA_MESSAGES.fileTooLarge
        body.destroy(new UploadFailure(failure))
        return
      }
      if (putError) {
        failure = MEDIA_MESSAGES.storageUnavailable
        return
      }
      if (!body.write(chunk)) await room()
    }
    try {
      for (const chunk of head) await push(chunk)
      if (!ended) {
        for (;;) {
          const next = await it.next()
          if (next.done) break
          size += next.value.length
          await push(next.value)
        }
      }
    } catch (error) {
      body.destroy(error instanceof Error ? error : new Error(String(error)))
      await put
      await discard(row!.id, uuid)
      throw error
    }
    if (!failure) {
      body.end()
      await put
      if (putError) failure = isStorageUnavailable(putError) ? MEDIA_MESSAGES.storageUnavailable : MEDIA_MESSAGES.uploadFailed
    } else {
      await put
    }
    if (failure) {
      await discard(row!.id, uuid)
      return fail(failure)
    }
    totalBytes += size
    const [done] = await ctx.db.update(mediaItems).set({ fileSize: size }).where(eq(mediaItems.id, row!.id)).returning()
    stored.push(row!.id)
    const result: UploadFileResult = { success: true, filename, id: row!.id, media: serializeMedia(done!) }
    results.push(result)
    return result
  }

  async function discard(id: number, uuid: string) {
    await ctx.db.delete(mediaItems).where(eq(mediaItems.id, id))
    await removeStoredFolder(ctx, mediaPrefix(uuid))
  }

  async function discardAll() {
    if (!stored.length) return
    const ids = stored.splice(0)
    const rows = await ctx.db.delete(mediaItems).where(inArray(mediaItems.id, ids)).returning({ uuid: mediaItems.uuid })
    for (const row of rows) await removeStoredFolder(ctx, mediaPrefix(row.uuid))
  }

  return {
    receiveFile,
    async abort() {
      await discardAll().catch((error) => console.error('[media] could not discard an aborted upload:', (error as Error).message))
    },
    setField(name, value) {
      if (name === 'content_type' || name === 'object_id') fields[name] = value
    },
    async finish() {
      let attachment: { contentType: string | null; objectId: number | null }
      try {
        const input = parseInput(MediaAttachment, fields)
        attachment = await checkAttachment(ctx, input.content_type || null, input.object_id === '' ? null : (input.object_id ?? null))
      } catch (error) {
        await discardAll()
        throw error
      }
      if (results.length === 0) throw DomainError.invalid({ files: [MEDIA_MESSAGES.noFiles] })
      if (stored.length) {
        const rows = await ctx.db
          .update(mediaItems)
          .set({ status: 'pending', contentType: attachment.contentType, objectId: attachment.objectId })
          .where(and(inArray(mediaItems.id, stored), eq(mediaItems.status, 'uploading')))
          .returning()
        const byId = new Map(rows.map((r) => [r.id, r]))
        for (const result of results) {
          const row = result.id ? byId.get(result.id) : undefined
          if (row) result.media = serializeMedia(row)
        }
        await ctx.mediaJobs.enqueue(rows.map((r) => r.id)).catch((e) => console.error('[media] enqueue failed:', e))
      }
      const uploaded = results.filter((r) => r.success).length
      return { results, uploaded, failed: results.length - uploaded }
    },
  }
}
