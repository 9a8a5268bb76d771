import { Readable } from 'node:stream'
import sharp from 'sharp'
import type { IncomingFile } from './upload-media.ts'

/** A JPEG with EXIF orientation 6 (turned on its side), a camera make and a GPS position. */
export async function jpegWithPrivateMetadata(width = 60, height = 40): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({ IFD0: { Make: 'TestCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1' } })
    .toBuffer()
}

export async function png(width = 32, height = 24): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 0, g: 200, b: 0, alpha: 0.5 } } }).png().toBuffer()
}

/** A file part whose bytes come in chunks of `chunk` bytes. */
export function file(filename: string, bytes: Buffer, chunk = 16 * 1024, declaredType = 'application/octet-stream'): IncomingFile {
  const parts: Buffer[] = []
  for (let i = 0; i < bytes.length; i += chunk) parts.push(bytes.subarray(i, i + chunk))
  return { filename, declaredType, data: Readable.from(parts) }
}

/** A file part of `size` bytes starting with `head`, made on the fly (never whole in memory). */
export function generatedFile(filename: string, head: Buffer, size: number): IncomingFile {
  async function* bytes() {
    yield head
    let sent = head.length
    const block = Buffer.alloc(256 * 1024)
    while (sent < size) {
      const n = Math.min(block.length, size - sent)
      sent += n
      yield n === block.length ? block : block.subarray(0, n)
    }
  }
  return { filename, data: bytes() }
}

/** A file part that breaks after its first bytes, as when the client goes away. */
export function brokenFile(filename: string, head: Buffer): IncomingFile {
  async function* bytes() {
    yield head
    yield Buffer.alloc(64 * 1024)
    throw new Error('Unexpected end of form')
  }
  return { filename, data: bytes() }
}
