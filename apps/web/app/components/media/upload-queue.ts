/**
 * The browser side of uploads (spec 2 §9): pictures over 6 MB are downscaled to 2560 px JPEG at 0.85 first;
 * then each file is sent on its own request, two at a time, so each has a progress bar; 5 minutes time-out.
 */
import {
  MEDIA_DOWNSCALE_ABOVE_BYTES,
  MEDIA_DOWNSCALE_MAX_PX,
  MEDIA_DOWNSCALE_QUALITY,
  MEDIA_UPLOAD_TIMEOUT_MS,
} from '@meridian/validators'

export const UPLOAD_URL = '/resources/media-upload'

export interface QueuedUpload {
  key: string
  name: string
  size: number
  progress: number
  state: 'preparing' | 'uploading' | 'done' | 'failed'
  error?: string
}

export interface UploadOutcome {
  uploaded: number
  failed: number
}

const DOWNSCALABLE = new Set(['image/jpeg', 'image/png', 'image/webp'])

/** A picture over 6 MB comes back as a JPEG of at most 2560 px on its longest side; anything else as it is. */
export async function downscaleIfLarge(file: File): Promise<File> {
  if (file.size <= MEDIA_DOWNSCALE_ABOVE_BYTES || !DOWNSCALABLE.has(file.type)) return file
  try {
    const bitmap = await createImageBitmap(file)
    const scale = Math.min(1, MEDIA_DOWNSCALE_MAX_PX / Math.max(bitmap.width, bitmap.height))
    const canvas = document.createElement('canvas')
    canvas.width = Math.round(bitmap.width * scale)
    canvas.height = Math.round(bitmap.height * scale)
    canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height)
    bitmap.close()
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', MEDIA_DOWNSCALE_QUALITY))
    if (!blob) return file
    return new File([blob], file.name.replace(/\.[^.]+$/, '') + '.jpg', { type: 'image/jpeg' })
  } catch {
    return file
  }
}

interface SendOptions {
  fields: Record<string, string>
  onProgress(fraction: number): void
}

/** One file, one request; resolves with the server's per-file outcome. */
function send(file: File, { fields, onProgress }: SendOptions): Promise<{ success: boolean; error?: string }> {
  return new Promise((resolve) => {
    const body = new FormData()
    for (const [k, v] of Object.entries(fields)) body.append(k, v)
    body.append('files', file, file.name)
    const xhr = new XMLHttpRequest()
    xhr.open('POST', UPLOAD_URL)
    xhr.setRequestHeader('Accept', 'application/json')
    xhr.timeout = MEDIA_UPLOAD_TIMEOUT_MS
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total)
    xhr.onload = () => {
      try {
        const answer = JSON.parse(xhr.responseText) as { results?: { success: boolean; error?: string }[]; detail?: string }
        const result = answer.results?.[0]
        resolve(result ?? { success: false, error: answer.detail ?? 'Upload failed' })
      } catch {
        resolve({ success: false, error: 'Upload failed' })
      }
    }
    xhr.onerror = () => resolve({ success: false, error: 'Upload failed' })
    xhr.ontimeout = () => resolve({ success: false, error: 'Request timed out. Please try again.' })
    xhr.send(body)
  })
}

/** Upload files two at a time, reporting each one's state as it changes. */
export async function uploadFiles(
  files: File[],
  fields: Record<string, string>,
  onChange: (queue: QueuedUpload[]) => void,
): Promise<UploadOutcome> {
  const queue: QueuedUpload[] = files.map((f, i) => ({ key: `${Date.now()}-${i}-${f.name}`, name: f.name, size: f.size, progress: 0, state: 'preparing' }))
  const update = (i: number, patch: Partial<QueuedUpload>) => {
    queue[i] = { ...queue[i]!, ...patch }
    onChange([...queue])
  }
  onChange([...queue])
  let next = 0
  const lane = async () => {
    while (next < files.length) {
      const i = next++
      const file = await downscaleIfLarge(files[i]!)
      update(i, { state: 'uploading', size: file.size })
      const result = await send(file, { fields, onProgress: (p) => update(i, { progress: Math.round(p * 100) }) })
      update(i, result.success ? { state: 'done', progress: 100 } : { state: 'failed', error: result.error })
    }
  }
  await Promise.all([lane(), lane()])
  const uploaded = queue.filter((q) => q.state === 'done').length
  return { uploaded, failed: queue.length - uploaded }
}
