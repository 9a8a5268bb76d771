import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'
import { renderAccessDoc } from './render.ts'

test('docs/access.md is the access table as it stands (npm run docs:access writes it)', () => {
  const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/access.md')
  expect(fs.readFileSync(file, 'utf8')).toBe(renderAccessDoc())
})
