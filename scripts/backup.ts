// `npm run backup [-- --out FILE_OR_FOLDER] [--pg-bin DIR]`: the database and the media in one .tar.gz
// (docs/operations.md, "Backup and restore"). Embedded database: the server must be stopped. PostgreSQL: runs while
// the application serves (pg_dump reads one snapshot).
import { parseArgs } from 'node:util'
// config.ts alone, not the whole @meridian/core: the command starts in a second instead of several.
import { loadConfig } from '../packages/core/src/config.ts'
import { createBackup } from './lib/backup/backup.ts'

const usage = `Usage: npm run backup [-- --out FILE_OR_FOLDER] [--pg-bin DIR]

Writes the database (the embedded one in DATA_DIR, or PostgreSQL at DATABASE_URL) and the media (MEDIA_ROOT or S3)
into one archive, by default backups/meridian-backup-<UTC time>.tar.gz.

  --out PATH      the archive to write (*.tar.gz), or a folder to write it in
  --pg-bin DIR    the folder holding pg_dump (default: the PATH)`

let values
try {
  ;({ values } = parseArgs({ options: { out: { type: 'string' }, 'pg-bin': { type: 'string' }, help: { type: 'boolean', short: 'h' } } }))
} catch (error) {
  console.error(`${(error as Error).message}\n\n${usage}`)
  process.exit(2)
}
if (values.help) {
  console.log(usage)
  process.exit(0)
}

try {
  const config = loadConfig()
  const { file, manifest } = await createBackup(config, { out: values.out, pgBin: values['pg-bin'], log: (line) => console.log(line) })
  console.log(`Backup complete: ${file}`)
  console.log(`  ${Object.keys(manifest.database.tables).length} tables, ${manifest.media.count} media files. Restore with: npm run restore -- ${file}`)
} catch (error) {
  const known = ['BackupError', 'ConfigError', 'ArchiveError', 'ToolError', 'StorageUnavailableError'].includes((error as Error).name)
  console.error(known ? `Backup failed: ${(error as Error).message}` : error)
  process.exit(1)
}
