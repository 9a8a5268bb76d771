import { createHash, randomUUID } from 'node:crypto'
import type sharpModule from 'sharp'
import { mediaItems } from '@meridian/db'
import type { ObjectStorage } from '@meridian/storage'
import type { ContentTypeName } from '../media/content-types.ts'
import { mediaPrefix } from '../media/storage-cleanup.ts'
import type { DemoTx } from './demo-record.ts'
import { lazyModule } from '../lazy-module.ts'

/** Image processing, loaded with the first image (a worker that never processes one does not hold it). */
const sharp = lazyModule<typeof sharpModule>('sharp')

/** The look of a demo picture: sky, land and water colours, and whether the land is mountains or dunes. */
export type Scene = 'sea' | 'mountains' | 'city' | 'desert' | 'forest' | 'ice'

const PALETTES: Record<Scene, { sky: [string, string]; far: string; near: string; water?: string; sun: string }> = {
  sea: { sky: ['#7ec8e3', '#fef6e4'], far: '#2a9d8f', near: '#e9c46a', water: '#1d7ea8', sun: '#ffd166' },
  mountains: { sky: ['#8ecae6', '#e0f2fe'], far: '#6c8ea4', near: '#3d5a40', sun: '#fff3b0' },
  city: { sky: ['#f4a261', '#ffe8d6'], far: '#9c6644', near: '#6d4c41', water: '#457b9d', sun: '#ffb703' },
  desert: { sky: ['#f6bd60', '#fff1d6'], far: '#d4a373', near: '#bc6c25', sun: '#fb8500' },
  forest: { sky: ['#a8dadc', '#f1faee'], far: '#588157', near: '#344e41', water: '#457b9d', sun: '#ffd60a' },
  ice: { sky: ['#1d3557', '#a8dadc'], far: '#e0fbfc', near: '#98c1d9', water: '#3d5a80', sun: '#caf0f8' },
}

const WIDTH = 1200
const HEIGHT = 800

/** A number in [0, 1) from a key and a slot, so that the same name always draws the same picture. */
function dice(key: string) {
  const digest = createHash('sha256').update(key).digest()
  return (slot: number) => digest.readUInt16BE((slot * 2) % 30) / 65_536
}

function ridge(random: (slot: number) => number, slot: number, base: number, amplitude: number, peaks: number): string {
  const points: string[] = [`0,${HEIGHT}`]
  for (let i = 0; i <= peaks * 2; i++) {
    const x = Math.round((i / (peaks * 2)) * WIDTH)
    const up = i % 2 === 1 ? 1 : 0.35
    const y = Math.round(base - amplitude * up * (0.55 + 0.45 * random(slot + i)))
    points.push(`${x},${y}`)
  }
  points.push(`${WIDTH},${HEIGHT}`)
  return points.join(' ')
}

/** An SVG landscape for a scene, varied by the key (its sun, ridges and horizon). */
function landscape(scene: Scene, key: string): string {
  const p = PALETTES[scene]
  const random = dice(key)
  const sunX = Math.round(200 + random(1) * 800)
  const sunY = Math.round(140 + random(2) * 160)
  const horizon = Math.round(470 + random(3) * 90)
  const water = p.water
    ? `<rect x="0" y="${horizon + 60}" width="${WIDTH}" height="${HEIGHT - horizon - 60}" fill="${p.water}"/>` +
      `<rect x="0" y="${horizon + 60}" width="${WIDTH}" height="6" fill="#ffffff" opacity="0.35"/>`
    : ''
  const buildings =
    scene === 'city'
      ? Array.from({ length: 14 }, (_, i) => {
          const w = 50 + Math.round(random(10 + i) * 40)
          const h = 80 + Math.round(random(20 + i) * 200)
          const x = Math.round((i / 14) * WIDTH)
          return `<rect x="${x}" y="${horizon + 60 - h}" width="${w}" height="${h}" fill="${p.near}" opacity="${0.7 + random(i) * 0.3}"/>`
        }).join('')
      : ''
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.sky[0]}"/><stop offset="1" stop-color="${
    p.sky[1]
  }"/></linearGradient></defs>
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>
<circle cx="${sunX}" cy="${sunY}" r="${Math.round(50 + random(4) * 40)}" fill="${p.sun}" opacity="0.9"/>
<polygon points="${ridge(random, 5, horizon, 260, 3)}" fill="${p.far}" opacity="0.85"/>
${buildings}
<polygon points="${ridge(random, 9, horizon + 120, 120, 5)}" fill="${p.near}"/>
${water}
</svg>`
}

/** A demo photo as JPEG bytes: drawn here, never downloaded. */
export async function drawDemoPhoto(scene: Scene, key: string): Promise<Buffer> {
  return sharp()(Buffer.from(landscape(scene, key)))
    .jpeg({ quality: 78, mozjpeg: false })
    .toBuffer()
}

export interface DemoPhoto {
  title: string
  scene: Scene
  contentType: ContentTypeName
  objectId: number
  featured?: boolean
}

/**
 * Store demo photos as uploads waiting for processing: the bytes go to storage now, the rows are written in the
 * seed's transaction as `pending`, and every process's media worker makes the previews and thumbnails after start
 * (as for a photo a person uploaded). Returns the storage folders written, so a seed that fails can remove them.
 */
export async function addDemoPhotos(tx: DemoTx, storage: ObjectStorage, photos: DemoPhoto[], uploadedBy: number | null): Promise<string[]> {
  const folders: string[] = []
  const drawn = await Promise.all(photos.map((photo) => drawDemoPhoto(photo.scene, photo.title)))
  for (const [i, photo] of photos.entries()) {
    const uuid = randomUUID()
    const bytes = drawn[i]!
    folders.push(mediaPrefix(uuid))
    await storage.put(`${mediaPrefix(uuid)}/upload`, bytes, { contentType: 'image/jpeg' })
    await tx.insert(mediaItems).values({
      uuid,
      title: photo.title,
      description: 'Demo data: a picture drawn by the demo seed.',
      mediaType: 'photo',
      mimeType: 'image/jpeg',
      originalFilename: `${photo.title
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '')}.jpg`,
      fileSize: bytes.length,
      status: 'pending',
      isFeatured: photo.featured ?? false,
      displayOrder: i,
      contentType: photo.contentType,
      objectId: photo.objectId,
      uploadedBy,
    })
  }
  return folders
}
