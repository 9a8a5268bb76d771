// The upload baseline: a bare node:http server that streams the request body to a file and answers 201.
// Whatever the app does on top (multipart parsing, type sniffing, storage, database rows) shows against it.
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-upload-baseline-'))
let n = 0
const server = http.createServer((req, res) => {
  const file = path.join(dir, `body-${n++}`)
  pipeline(req, fs.createWriteStream(file)).then(
    () => {
      fs.rmSync(file, { force: true })
      res.writeHead(201, { 'Content-Type': 'application/json' }).end('{"ok":true}')
    },
    () => res.destroy(),
  )
})
server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  console.log(`baseline listening on http://localhost:${typeof address === 'object' && address ? address.port : 0}`)
})
process.on('SIGTERM', () => {
  fs.rmSync(dir, { recursive: true, force: true })
  process.exit(0)
})
