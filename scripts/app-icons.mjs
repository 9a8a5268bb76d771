/**
 * The installable app's icons (docs/traveler-app.md), drawn from apps/web/public/favicon.svg with sharp:
 * icon-192.png and icon-512.png (the mark edge to edge, transparent around the circle) and icon-maskable-512.png (the
 * mark inside the maskable safe zone, the central 80%, on the theme colour, so a launcher's round or squircle mask
 * never cuts it). The PNGs are committed; run `node scripts/app-icons.mjs` again after changing the favicon.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/public')
const svg = fs.readFileSync(path.join(publicDir, 'favicon.svg'))
/** The theme's primary colour as the pages draw it (teal, shade 9: apps/web/app/theme.ts). */
const THEME_COLOR = '#087f5b'

async function plain(size) {
  await sharp(svg, { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(publicDir, `icon-${size}.png`))
}

async function maskable(size) {
  const inner = Math.round(size * 0.8)
  const mark = await sharp(svg, { density: (72 * inner) / 32 })
    .resize(inner, inner)
    .png()
    .toBuffer()
  const offset = Math.round((size - inner) / 2)
  await sharp({ create: { width: size, height: size, channels: 4, background: THEME_COLOR } })
    .composite([{ input: mark, left: offset, top: offset }])
    .png({ compressionLevel: 9 })
    .toFile(path.join(publicDir, `icon-maskable-${size}.png`))
}

await plain(192)
await plain(512)
await maskable(512)
console.log('icons written to', path.relative(process.cwd(), publicDir))
