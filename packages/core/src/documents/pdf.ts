/*
 * What the product's PDF documents share (the itinerary export, the vouchers): pdfkit with its standard Helvetica,
 * text made drawable in it, and amounts and days in words. Money stays text: amounts are exact strings, never floats.
 */

const SYMBOLS: Record<string, string> = { USD: '$', EUR: '€', GBP: '£', JPY: '¥' }
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']

/** "$1,234.50", "CHF 300.00": the amount's own digits, grouped; zeros past the cents dropped ("11.1100" is "11.11"). */
export function formatAmount(amount: string, currency: string): string {
  const negative = amount.startsWith('-')
  const [whole = '0', frac] = amount.replace('-', '').split('.')
  const cents = frac === undefined ? '' : `.${frac.length > 2 ? frac.replace(/0+$/, '').padEnd(2, '0') : frac}`
  const text = `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${cents}`
  const symbol = SYMBOLS[currency]
  return `${negative ? '-' : ''}${symbol ? `${symbol}${text}` : `${currency} ${text}`}`
}

/** "Wed, Apr 3, 2030" from "2030-04-03". */
export function formatDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number)
  if (!y || !m || !d) return iso
  return `${WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]}, ${MONTHS[m - 1]} ${d}, ${y}`
}

/*
 * The standard PDF fonts draw Windows-1252 only: a character outside it is written without its accent when it has
 * one ("ő" → "o"), else as "?", rather than as a wrong glyph.
 */
const WIN_ANSI_EXTRA = new Set([
  0x152, 0x153, 0x160, 0x161, 0x178, 0x17d, 0x17e, 0x192, 0x2c6, 0x2dc, 0x2013, 0x2014, 0x2018, 0x2019, 0x201a, 0x201c, 0x201d, 0x201e, 0x2020, 0x2021, 0x2022,
  0x2026, 0x2030, 0x2039, 0x203a, 0x20ac, 0x2122,
])
const drawable = (c: string) => {
  const code = c.codePointAt(0)!
  return (code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(code)
}
export function pdfText(s: string): string {
  return Array.from(s.normalize('NFC').replace(/[\r\n\t]+/g, ' '))
    .map((c) => (drawable(c) ? c : Array.from(c.normalize('NFD').replace(/\p{M}/gu, '')).every(drawable) ? c.normalize('NFD').replace(/\p{M}/gu, '') : '?'))
    .join('')
}

/** An A4 document with 50 pt margins and buffered pages (for page numbers), and the promise of its bytes once ended. */
export async function openPdf(info: { title: string; subject: string; when: Date }) {
  // Loaded on the first document, not when the services load: pdfkit and its fonts are large.
  const { default: PDFDocument } = await import('pdfkit')
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 50,
    bufferPages: true,
    info: { Title: pdfText(info.title), Author: 'Meridian Travel', Subject: info.subject, CreationDate: info.when, ModDate: info.when },
  })
  const chunks: Buffer[] = []
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk))
    pdf.on('end', () => resolve(Buffer.concat(chunks)))
    pdf.on('error', reject)
  })
  return { pdf, done }
}
export type PdfDoc = Awaited<ReturnType<typeof openPdf>>['pdf']

/** Page numbers in the bottom margin, after `label` (with the margin lifted, so the footer does not start a page of its own). */
export function numberPages(pdf: PdfDoc, label: string): void {
  const left = pdf.page.margins.left
  const width = pdf.page.width - left - pdf.page.margins.right
  const range = pdf.bufferedPageRange()
  for (let i = 0; i < range.count; i++) {
    pdf.switchToPage(range.start + i)
    const margin = pdf.page.margins.bottom
    pdf.page.margins.bottom = 0
    pdf
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#555555')
      .text(`${pdfText(label)} · page ${i + 1} of ${range.count}`, left, pdf.page.height - 35, { width, align: 'center', lineBreak: false })
    pdf.page.margins.bottom = margin
  }
}
