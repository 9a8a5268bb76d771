import { type SQL, sql } from 'drizzle-orm'
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { timestamps } from './columns.ts'
import { roles } from './roles.ts'

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    isStaff: boolean('is_staff').notNull().default(false),
    isSuperuser: boolean('is_superuser').notNull().default(false),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    dateJoined: timestamp('date_joined', { withTimezone: true }).notNull().defaultNow(),
    bio: text('bio').notNull().default(''),
    phoneNumber: text('phone_number').notNull().default(''),
    city: text('city').notNull().default(''),
    country: text('country').notNull().default(''),
    /** Staff profile (3-back-office.md §3 profile_info): what matching of travelers with experts reads. */
    expertCountries: integer('expert_countries').array().notNull().default(sql`'{}'::integer[]`),
    specializations: text('specializations').array().notNull().default(sql`'{}'::text[]`),
    yearsExperience: integer('years_experience').notNull().default(0),
    /** Profile flags: is_expert, is_admin, is_superadmin. A superadmin flag opens user management (§6). */
    profileIsExpert: boolean('profile_is_expert').notNull().default(false),
    profileIsAdmin: boolean('profile_is_admin').notNull().default(false),
    profileIsSuperadmin: boolean('profile_is_superadmin').notNull().default(false),
    /** What the users list searches: one lower-cased text, so a search is one LIKE per row instead of four ILIKEs. */
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL => sql`lower(${users.username} || ' ' || ${users.email} || ' ' || ${users.firstName} || ' ' || ${users.lastName})`,
    ),
    /** Dashboard UI state remembered per user (collapsed sections, theme, items per page, ...). */
    preferences: jsonb('preferences').$type<Record<string, unknown>>().notNull().default({}),
    /** Access tokens issued before this instant are refused (password change, deactivation, forced sign-out). */
    tokensValidAfter: timestamp('tokens_valid_after', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_key')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.email} <> ''`),
    // The users list, newest first (decision 021): its order, and each filter followed by that order, so a page is
    // read from an index and stops after page_size rows. "Joined this week" reads a short range of the first.
    index('users_joined_idx').on(t.dateJoined.desc(), t.id.desc()),
    index('users_role_joined_idx').on(t.roleId, t.dateJoined.desc(), t.id.desc()),
    index('users_active_joined_idx').on(t.isActive, t.dateJoined.desc(), t.id.desc()),
    index('users_staff_joined_idx').on(t.isStaff, t.dateJoined.desc(), t.id.desc()),
    // Search: a LIKE '%…%' on search_text reads the trigram index, so it costs what matches, not the table.
    index('users_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
)

/**
 * How many accounts each role has, by active and staff flags: kept by triggers on users (migration
 * 0004_user_counts), so the dashboards' head counts cost the same with ten accounts or a million.
 * `is_staff` here means is_staff or is_superuser.
 */
export const userCounts = pgTable(
  'user_counts',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    isActive: boolean('is_active').notNull(),
    isStaff: boolean('is_staff').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.isActive, t.isStaff] })],
)
