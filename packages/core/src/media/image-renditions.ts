import type sharpModule from 'sharp'
import type { MediaVariant } from '@meridian/db'
import { lazyModule } from '../lazy-module.ts'

/** Image processing, loaded with the first image (a worker that never processes one does not hold it). */
const sharp = lazyModule<typeof sharpModule>('sharp')

export interface Rendition {
  name: string
  file: string
  mime: string
  data: Buffer
  width: number
  height: number
}

/** The thumbnails every item gets: name, box, and how it fits. */
export const THUMBNAILS = [
  { name: 'thumbnail_small', file: 'thumb-150.webp', size: 150, fit: 'cover' as const },
  { name: 'thumbnail_medium', file: 'thumb-400.webp', size: 400, fit: 'inside' as const },
  { name: 'thumbnail_large', file: 'thumb-800.webp', size: 800, fit: 'inside' as const },
]
export const PREVIEW_SIZE = 1280

/** Preview and thumbnails of a picture (already upright), as WebP. */
export async function previewAndThumbnails(input: Buffer, options: { rotate: boolean }): Promise<Rendition[]> {
  const base = sharp()(input, { failOn: 'error' })
  if (options.rotate) base.rotate()
  const jobs = [
    { name: 'preview', file: 'preview.webp', size: PREVIEW_SIZE, fit: 'inside' as const, quality: 80 },
    ...THUMBNAILS.map((t) => ({ ...t, quality: 72 })),
  ]
  return Promise.all(
    jobs.map(async (job) => {
      const { data, info } = await base
        .clone()
        .resize({ width: job.size, height: job.size, fit: job.fit, withoutEnlargement: job.fit === 'inside' })
        .webp({ quality: job.quality })
        .toBuffer({ resolveWithObject: true })
      return { name: job.name, file: job.file, mime: 'image/webp', data, width: info.width, height: info.height }
    }),
  )
}

/** Does an EXIF block (as sharp gives it: "Exif\0\0" + TIFF) carry a GPS section? */
export function exifHasGps(exif: Buffer | undefined): boolean {
  if (!exif || exif.length < 14) return false
  const tiff = exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? exif.subarray(6) : exif
  const little = tiff.subarray(0, 2).toString('latin1') === 'II'
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at))
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at))
  try {
    const ifd = u32(4)
    const entries = u16(ifd)
    for (let i = 0; i < entries; i++) if (u16(ifd + 2 + i * 12) === 0x8825) return true
  } catch {
    return false
  }
  return false
}

/** The full picture, upright, re-encoded in its own format with every metadata block left out. */
export async function sanitisedOriginal(input: Buffer, mime: string): Promise<{ data: Buffer; width: number; height: number; ext: string }> {
  const animated = mime === 'image/gif' || mime === 'image/webp'
  const image = sharp()(input, { failOn: 'error', animated }).rotate()
  const encoded =
    mime === 'image/png'
      ? image.png({ compressionLevel: 6 })
      : mime === 'image/gif'
        ? image.gif()
        : mime === 'image/webp'
          ? image.webp({ quality: 90 })
          : image.jpeg({ quality: 92 })
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true })
  const ext = { 'image/png': 'png', 'image/gif': 'gif', 'image/webp': 'webp' }[mime] ?? 'jpg'
  return { data, width: info.width, height: info.pageHeight ?? info.height, ext }
}

export const variantOf = (key: string, r: { mime: string; data: Buffer; width?: number; height?: number }): MediaVariant => ({
  key,
  mime: r.mime,
  size: r.data.length,
  width: r.width,
  height: r.height,
})
