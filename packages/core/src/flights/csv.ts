/** A small RFC 4180 reader: quoted fields (with "" for a quote, commas and line breaks inside), CRLF or LF, a BOM. */

export interface CsvRecord {
  /** The line of the file the record starts on (the header is line 1), as a spreadsheet numbers its rows. */
  line: number
  cells: string[]
}

export class CsvError extends Error {
  constructor(readonly line: number, message: string) {
    super(message)
  }
}

/** The records of a CSV text; the separator is a comma, or a semicolon when the first line has semicolons and no comma. */
export function readCsv(text: string): CsvRecord[] {
  const src = text.replace(/^\uFEFF/, '')
  const firstLine = src.slice(0, src.search(/\r?\n|$/))
  const sep = firstLine.includes(';') && !firstLine.includes(',') ? ';' : ','
  const records: CsvRecord[] = []
  let cells: string[] = []
  let cell = ''
  let line = 1
  let start = 1
  let quoted = false
  let quoteLine = 0
  let i = 0
  const endRecord = () => {
    cells.push(cell)
    if (cells.length > 1 || cells[0]!.trim() !== '') records.push({ line: start, cells })
    cells = []
    cell = ''
  }
  while (i < src.length) {
    const c = src[i]!
    if (quoted) {
      if (c === '"') {
        if (src[i + 1] === '"') {
          cell += '"'
          i += 2
          continue
        }
        quoted = false
      } else {
        if (c === '\n') line++
        cell += c
      }
      i++
      continue
    }
    if (c === '"' && cell.trim() === '') {
      quoted = true
      quoteLine = line
      cell = ''
    } else if (c === sep) {
      cells.push(cell)
      cell = ''
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i++
      endRecord()
      line++
      start = line
    } else cell += c
    i++
  }
  if (quoted) throw new CsvError(quoteLine, 'a quoted field is not closed.')
  if (cell !== '' || cells.length) endRecord()
  return records
}
