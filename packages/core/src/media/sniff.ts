/** What a file is, decided by its first bytes (never by its name or the type the browser declared). */
export interface SniffedType {
  mediaType: 'photo' | 'video'
  mime: string
  /** The extension used for downloads. */
  ext: string
}

/** Bytes needed to decide. */
export const SNIFF_BYTES = 64

const ascii = (bytes: Uint8Array, start: number, end: number) => Buffer.from(bytes.subarray(start, end)).toString('latin1')

const MP4_BRANDS = new Set([
  'isom', 'iso2', 'iso3', 'iso4', 'iso5', 'iso6', 'iso8', 'mp41', 'mp42', 'mp71', 'avc1', 'dash', 'mmp4', 'M4V ', 'M4VH',
  'M4VP', 'MSNV', 'NDAS', 'F4V ', 'f4v ', 'XAVC', 'hvc1', 'av01',
])
const QUICKTIME_ATOMS = new Set(['moov', 'mdat', 'wide', 'free', 'skip', 'pnot'])

/** JPG, PNG, GIF and WebP photos; MP4, MOV, AVI and WebM videos (spec 2 §5). Anything else is null. */
export function sniffMediaType(head: Uint8Array): SniffedType | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return { mediaType: 'photo', mime: 'image/jpeg', ext: 'jpg' }
  if (head.length >= 8 && ascii(head, 0, 8) === '\x89PNG\r\n\x1a\n') return { mediaType: 'photo', mime: 'image/png', ext: 'png' }
  if (head.length >= 6 && (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a')) return { mediaType: 'photo', mime: 'image/gif', ext: 'gif' }
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF') {
    const form = ascii(head, 8, 12)
    if (form === 'WEBP') return { mediaType: 'photo', mime: 'image/webp', ext: 'webp' }
    if (form === 'AVI ') return { mediaType: 'video', mime: 'video/x-msvideo', ext: 'avi' }
    return null
  }
  if (head.length >= 4 && head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) {
    // EBML: WebM names its doctype in the header; other Matroska files are not on the list.
    return ascii(head, 4, head.length).includes('webm') ? { mediaType: 'video', mime: 'video/webm', ext: 'webm' } : null
  }
  if (head.length >= 12) {
    const atom = ascii(head, 4, 8)
    if (atom === 'ftyp') {
      const brand = ascii(head, 8, 12)
      if (brand === 'qt  ') return { mediaType: 'video', mime: 'video/quicktime', ext: 'mov' }
      if (MP4_BRANDS.has(brand)) return { mediaType: 'video', mime: 'video/mp4', ext: 'mp4' }
      return null
    }
    if (QUICKTIME_ATOMS.has(atom)) return { mediaType: 'video', mime: 'video/quicktime', ext: 'mov' }
  }
  return null
}
