/**
 * The REST API's OpenAPI 3.1 document, without a server or a database (docs/api.md):
 *
 *   npm run openapi                              # to stdout
 *   npm run openapi -- --out /tmp/openapi.json   # to a file
 *   npm run openapi -- --server https://api.example.com
 *
 * The document is built from the route table as GET /api/schema/ answers it; `--server` names the server it lists
 * (default: relative, "/").
 */
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { buildOpenApiDocument } from '@meridian/api'

const { values } = parseArgs({ options: { out: { type: 'string' }, server: { type: 'string' } } })
const text = `${JSON.stringify(buildOpenApiDocument({ origin: values.server }), null, 2)}\n`
if (values.out) {
  fs.mkdirSync(path.dirname(path.resolve(values.out)), { recursive: true })
  fs.writeFileSync(values.out, text)
  console.error(`wrote ${values.out}`)
} else {
  process.stdout.write(text)
}
