// `npm run restore -- ARCHIVE [--yes] [--pg-bin DIR]`: put back an archive made by `npm run backup`
// (docs/operations.md, "Backup and restore"). Stop every application process first.
import { createInterface } from 'node:readline/promises'
import { parseArgs } from 'node:util'
// config.ts alone, not the whole @meridian/core: the command starts in a second instead of several.
import { loadConfig } from '../packages/core/src/config.ts'
import { restoreBackup } from './lib/backup/restore.ts'

const usage = `Usage: npm run restore -- ARCHIVE [--yes] [--pg-bin DIR]

Replaces the database (the embedded one in DATA_DIR, or PostgreSQL at DATABASE_URL) and the media (MEDIA_ROOT or S3)
with the contents of ARCHIVE, then checks the row counts and every media file's checksum. Stop the server first.

  --yes           do not ask for confirmation
  --pg-bin DIR    the folder holding pg_restore (default: the PATH)`

let parsed
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: { yes: { type: 'boolean', short: 'y' }, 'pg-bin': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  })
} catch (error) {
  console.error(`${(error as Error).message}\n\n${usage}`)
  process.exit(2)
}
const { values, positionals } = parsed
if (values.help) {
  console.log(usage)
  process.exit(0)
}
if (positionals.length !== 1) {
  console.error(`Name one archive to restore.\n\n${usage}`)
  process.exit(2)
}

async function confirm(plan: string): Promise<boolean> {
  console.log(plan)
  if (values.yes) return true
  if (!process.stdin.isTTY) {
    console.error('No terminal to ask for confirmation on: run again with --yes to restore.')
    return false
  }
  const rl = createInterface({ input: process.stdin, output: process.stdout })
  try {
    const answer = await rl.question('Restore now? Type "yes" to go on: ')
    return answer.trim().toLowerCase() === 'yes'
  } finally {
    rl.close()
  }
}

try {
  const config = loadConfig()
  const result = await restoreBackup(config, positionals[0]!, { confirm, pgBin: values['pg-bin'], log: (line) => console.log(line) })
  console.log(
    `Restore complete: ${result.tables} tables (${result.rows} rows) and ${result.files} media files from the backup of ${result.manifest.createdAt}. ` +
      'Start the server (pending migrations are applied as it starts).',
  )
} catch (error) {
  const known = ['RestoreError', 'ConfigError', 'ToolError', 'StorageUnavailableError'].includes((error as Error).name)
  console.error(known ? `Restore failed: ${(error as Error).message}` : error)
  process.exit(1)
}
