import postgres from 'postgres'

/** A throwaway PostgreSQL database for one bench run, created fresh and dropped at the end. */
export async function createBenchDatabase(adminUrl: string, name: string): Promise<string> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unsafe database name "${name}"`)
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} })
  try {
    await admin.unsafe(`drop database if exists ${name} with (force)`)
    await admin.unsafe(`create database ${name}`)
  } finally {
    await admin.end({ timeout: 5 })
  }
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return url.toString()
}

export async function dropBenchDatabase(adminUrl: string, name: string): Promise<void> {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {}, connect_timeout: 5 })
  try {
    await admin.unsafe(`drop database if exists ${name} with (force)`)
  } finally {
    await admin.end({ timeout: 5 })
  }
}

/** The last statement each of an application's connections ran (pg_stat_activity). */
export async function lastStatements(adminUrl: string, database: string, applicationName: string): Promise<string[]> {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} })
  try {
    const rows = await admin<{ query: string }[]>`
      select query from pg_stat_activity where datname = ${database} and application_name = ${applicationName}`
    return rows.map((r) => r.query)
  } finally {
    await admin.end({ timeout: 5 })
  }
}

/** The traveler role's id (the roles' users list is timed on it: most accounts hold it). */
export async function travelerRoleId(databaseUrl: string): Promise<number> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} })
  try {
    const [row] = await sql<{ id: number }[]>`select id from roles where name = 'traveler'`
    return row!.id
  } finally {
    await sql.end({ timeout: 5 })
  }
}
