import { type Database, sql } from '@meridian/db'

/**
 * Tables a refused request may legitimately write, and why. Everything else must be left exactly as it was when the
 * answer is 4xx.
 */
export const BOOKKEEPING_TABLES: Record<string, string> = {
  sessions: 'a valid session records when it was last used and is extended past half its life, whatever the answer',
  sign_in_attempts: 'a refused sign-in is counted (throttling)',
  refresh_tokens: 'a revoked refresh token presented again revokes its whole family, and answers 401',
  user_presence: 'an event stream records that its user is here when it opens, every minute, and when it closes (after its answer)',
  __drizzle_migrations: 'written by the migrator only',
}

/**
 * Watches every table of the database for writes: a row trigger counts the changes per table (in the writer's own
 * transaction, so a rolled-back write counts nothing), and a content hash of the tables that moved tells a net change
 * from a write that was undone in the same request (an upload's placeholder row removed after a refused file).
 */
export class ChangeWatch {
  private counts = new Map<string, number>()
  private hashes = new Map<string, string>()

  private constructor(
    private readonly db: Database,
    readonly tables: string[],
  ) {}

  static async install(db: Database): Promise<ChangeWatch> {
    await db.execute(sql.raw(`create table if not exists fuzz_change_log (table_name text primary key, changes bigint not null default 0)`))
    await db.execute(sql.raw(`
      create or replace function fuzz_count_change() returns trigger language plpgsql as $$
      begin
        insert into fuzz_change_log as l (table_name, changes) values (TG_TABLE_NAME, 1)
          on conflict (table_name) do update set changes = l.changes + 1;
        return null;
      end $$;
    `))
    const rows = await db.execute<{ name: string }>(sql`
      select table_name as name from information_schema.tables
       where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'fuzz_change_log'
       order by table_name`)
    const tables = (rows as unknown as { rows?: { name: string }[] }).rows ?? (rows as unknown as { name: string }[])
    const watched = tables.map((t) => t.name).filter((name) => !(name in BOOKKEEPING_TABLES))
    for (const name of watched) {
      await db.execute(
        sql.raw(`create or replace trigger fuzz_change after insert or update or delete on "${name}"
                 for each row execute function fuzz_count_change()`),
      )
    }
    const watch = new ChangeWatch(db, watched)
    await watch.sync()
    return watch
  }

  private async readCounts(): Promise<Map<string, number>> {
    const result = await this.db.execute<{ table_name: string; changes: string }>(sql`select table_name, changes from fuzz_change_log`)
    const rows = (result as unknown as { rows?: { table_name: string; changes: string }[] }).rows ?? (result as unknown as { table_name: string; changes: string }[])
    return new Map(rows.map((r) => [r.table_name, Number(r.changes)]))
  }

  private async hash(table: string): Promise<string> {
    const result = await this.db.execute<{ h: string }>(
      sql.raw(`select count(*) || ':' || md5(coalesce(string_agg(x, E'\\n' order by x), '')) as h
                 from (select t::text as x from "${table}" t) s`),
    )
    const rows = (result as unknown as { rows?: { h: string }[] }).rows ?? (result as unknown as { h: string }[])
    return rows[0]!.h
  }

  private moved(now: Map<string, number>): string[] {
    return [...now].filter(([table, n]) => this.counts.get(table) !== n).map(([table]) => table)
  }

  /** Take the current state as the reference (call before each request). */
  async sync(): Promise<void> {
    const now = await this.readCounts()
    for (const table of this.hashes.size ? this.moved(now) : this.tables) this.hashes.set(table, await this.hash(table))
    this.counts = now
  }

  /** Tables whose content differs from the reference: written and not undone. */
  async changedTables(): Promise<string[]> {
    const now = await this.readCounts()
    const changed: string[] = []
    for (const table of this.moved(now)) {
      if ((await this.hash(table)) !== this.hashes.get(table)) changed.push(table)
    }
    return changed
  }
}
