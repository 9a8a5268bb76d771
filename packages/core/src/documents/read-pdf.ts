import { createRequire } from 'node:module'
import path from 'node:path'

/** Every string a PDF draws, page by page, read back with pdf.js (tests: what a reader of the file would see). */
export async function readPdfText(body: Buffer | Uint8Array | string): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const fonts = path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts/')
  const doc = await pdfjs.getDocument({ data: new Uint8Array(body as Buffer), standardFontDataUrl: fonts, verbosity: 0 }).promise
  const pages: string[] = []
  for (let p = 1; p <= doc.numPages; p++) {
    const content = await (await doc.getPage(p)).getTextContent()
    pages.push(content.items.map((i) => ('str' in i ? i.str : '')).join(' '))
  }
  await doc.destroy()
  return pages.join('\n').replace(/\s+/g, ' ')
}

/** The number of pages of a PDF. */
export async function pdfPageCount(body: Buffer | Uint8Array): Promise<number> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const doc = await pdfjs.getDocument({ data: new Uint8Array(body), verbosity: 0 }).promise
  const n = doc.numPages
  await doc.destroy()
  return n
}
