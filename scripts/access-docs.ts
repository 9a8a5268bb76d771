// Writes docs/access.md from the access table (test/access/table.ts): `npm run docs:access`.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { renderAccessDoc } from '../test/access/render.ts'

const target = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/access.md')
fs.writeFileSync(target, renderAccessDoc())
console.log(`wrote ${path.relative(process.cwd(), target)}`)
