import type { RoleName } from '@meridian/auth'

/*
 * Who may do what: the one readable table the access matrix checks every route, procedure and screen against, and
 * that docs/access.md is generated from (`npm run docs:access`). It is written from the specification (1-platform-core
 * §6, 2-catalogue-content §6, 3-back-office §6) and the decision records, not from the services' own checks, so that a
 * service that forgets its check (or checks the wrong permission) fails here.
 *
 * Keys: REST `METHOD /path/{param}/`, tRPC `trpc procedure.path`, Remix `loader /path/:param` or `action /path/:param`
 * (`?index` for an index route). A pattern ending in `*` covers every key that starts with what comes before it; the
 * most specific (longest) matching pattern decides. Every key must match a row; a row that matches nothing fails too.
 * An operation is named once, by its tRPC key: its REST paths (the operation table's, packages/api/src/operations)
 * answer to the same row unless a row names the path itself (a `*` pattern over a path family, or a path that is
 * refused differently).
 */

export type ObjectKind =
  | 'country'
  | 'location'
  | 'supplier'
  | 'activity'
  | 'transfer'
  | 'currency'
  | 'rate'
  | 'media'
  | 'role'
  | 'user'
  | 'quiz'
  | 'session'
  | 'trip'
  | 'assignment'
  | 'customer'
  | 'expert'
  | 'itinerary'
  | 'conversation'
  | 'notification'
  | 'flight'
  | 'payable_booking'
  /** Two bookings sharing a package reference (the id is the reference). */
  | 'booking_package'
  | 'payment'
  | 'wishlist_item'
  | 'accommodation'
  | 'itinerary_item'
  | 'proposal'
  /** A calendar feed's secret token (the id is the token). */
  | 'calendar_feed'
  /** Someone of a trip's party. */
  | 'party_member'

/** `anyone`: signed in or not. `signed-in`: every role. Otherwise the roles allowed; others get 403, anonymous 401. */
export type Audience = 'anyone' | 'signed-in' | readonly RoleName[]

export type Outcome = 'allowed' | 401 | 403 | 404

export interface AccessRule {
  /** What the rows are about, as docs/access.md groups them. */
  area: string
  patterns: readonly string[]
  allow: Audience
  /** What the path's (or input's) id names. */
  object?: ObjectKind
  /**
   * For an object that belongs to one user (an account, a quiz, a sign-in): whom another user's object is open to.
   * Someone outside `othersOpenTo` gets `othersOutcome` (404 by default: another person's things are not revealed).
   */
  owned?: { othersOpenTo: readonly RoleName[]; othersOutcome?: 403 | 404 }
  /** What a signed-in identity outside `allow` gets: 403 unless the object is not revealed to it (404). */
  refused?: 403 | 404
  /**
   * Roles in `allow` that reach the object (they may read it) but may not do this to it: 403 wherever they reach it
   * (their own, and others' they are open to), the owned rule's outcome elsewhere.
   */
  readOnlyFor?: readonly RoleName[]
  why: string
}

const SUPERADMIN = ['superadmin'] as const
const ADMINS = ['superadmin', 'admin'] as const
/** manage_destinations (1 §6): superadmin through '*', admin, expert, editor (decision 010). */
const DESTINATIONS = ['superadmin', 'admin', 'expert', 'editor'] as const
/** manage_suppliers or view_suppliers (decision 010). */
const SUPPLIER_READERS = ['superadmin', 'admin', 'expert', 'specialist'] as const
const SUPPLIER_MANAGERS = ['superadmin', 'admin', 'expert'] as const
/** manage_activities (1 §6, decision 016). */
const ACTIVITIES = ['superadmin', 'admin', 'expert', 'editor'] as const
/** superadmin, admin, expert (2 §6) and manage_content holders (decision 012). */
const MEDIA = ['superadmin', 'admin', 'expert', 'editor'] as const
/** By role (decision 015). */
const TRANSFERS = ['superadmin', 'admin', 'expert'] as const
/** manage_currencies (3 §6, decision 013). */
const CURRENCIES = ['superadmin', 'admin'] as const
/** access_trip_planning (1 §6): the traveler, and the superadmin through '*'. */
const TRIP_PLANNERS = ['superadmin', 'traveler'] as const
/** review_quizzes (1 §6). */
const QUIZ_REVIEWERS = ['superadmin', 'specialist'] as const
const STAFF = ['superadmin', 'admin', 'expert', 'specialist', 'editor'] as const
/** Chat: everyone but the editor (1 §6 Chat & Messages; admins when asked in). */
const CHATTERS = ['superadmin', 'admin', 'expert', 'specialist', 'traveler'] as const

/** Trips (decision 023): travelers their own, experts those assigned to them, staff and specialists every one. */
const TRIP_READERS = ['superadmin', 'admin', 'expert', 'specialist', 'traveler'] as const
/** manage_trips (admin) and view_assignments (specialist), and the superadmin. */
const TRIP_STAFF = ['superadmin', 'admin', 'specialist'] as const
/** create_trips (1 §6): the traveler, and the superadmin through '*'. */
const TRIP_OWNERS = ['superadmin', 'traveler'] as const
/** manage_assigned_trips (1 §6): the expert, and the superadmin through '*'. */
const EXPERTS = ['superadmin', 'expert'] as const
/** view_performance (expert), or every expert's: manage_trips, view_assignments; superadmin. */
const PERFORMANCE = ['superadmin', 'admin', 'expert', 'specialist'] as const
/** Flights (docs/bookings.md "Flights"): kept by superadmin, admin and expert by role, as transfers (decision 015). */
const FLIGHT_MANAGERS = ['superadmin', 'admin', 'expert'] as const
/** Searching and reading flights: the roles the navigation shows /dashboard/flights to (1 §2). */
const FLIGHT_READERS = ['superadmin', 'admin', 'expert', 'traveler'] as const
/** Bookings (docs/bookings.md): view_bookings (travelers), manage_assigned_trips (experts), manage_trips (admins), '*'. */
const BOOKING_READERS = ['superadmin', 'admin', 'expert', 'traveler'] as const
/** Confirming a booking: staff with a booking scope beyond their own. */
const BOOKING_STAFF = ['superadmin', 'admin', 'expert'] as const

/** Proposals (docs/proposals.md): the trip's traveler, its accepted expert (manage_assigned_trips), staff with manage_trips. */
const PROPOSAL_READERS = ['superadmin', 'admin', 'expert', 'traveler'] as const

export const ACCESS_TABLE: readonly AccessRule[] = [
  // Accounts and sign-in.
  {
    area: 'Sign-in and accounts',
    patterns: [
      'trpc auth.login', 'trpc auth.register', 'trpc auth.refresh', 'trpc auth.logout', 'trpc auth.requestPasswordReset', 'trpc auth.confirmPasswordReset',
      'loader /login', 'action /login', 'loader /register', 'action /register', 'action /forgot-password',
      'action /reset-password', 'loader /legacy-login', 'action /legacy-login', 'loader /logout', 'action /logout',
    ],
    allow: 'anyone',
    why: 'Signing in, registering, refreshing, signing out and resetting a password need no account (1 §7 Auth).',
  },
  {
    area: 'Sign-in and accounts',
    patterns: ['* /users/api/auth/profile/', '* /api/auth/profile/', 'trpc auth.me', 'trpc auth.updateProfile', 'trpc auth.changePassword'],
    allow: 'signed-in',
    why: 'Everyone signed in reads and changes their own profile and password; there is no one else’s to name.',
  },
  {
    area: 'Sign-in and accounts',
    patterns: ['trpc security.list', 'loader /dashboard/security', 'action /dashboard/security'],
    allow: 'signed-in',
    why: 'Every account lists its own sign-ins.',
  },
  {
    area: 'Sign-in and accounts',
    patterns: ['trpc security.revoke'],
    allow: 'signed-in',
    object: 'session',
    owned: { othersOpenTo: [] },
    why: 'A sign-in is ended only by its own user; another user’s is not found (not revealed).',
  },
  // Public pages and calls.
  {
    area: 'Public pages',
    patterns: [
      'loader /?index', 'loader /destinations', 'loader /destinations/:id', 'loader /experts', 'loader /how-it-works',
      'loader /pricing', 'loader /help', 'loader /onboarding-quiz', 'action /onboarding-quiz', 'loader /quiz-results', 'loader /*',
      'trpc destinations.list', 'trpc destinations.search',
      'GET /api/currencies/', 'trpc currencies.public',
      'trpc monitoring.logError', 'loader /resources/world-map.svg',
    ],
    allow: 'anyone',
    why: 'The public site, the traveler-facing destinations (decision 010), the public currency list and client error reports.',
  },
  {
    area: 'Public pages',
    patterns: ['GET /api/schema/', 'GET /api/docs/*'],
    allow: 'anyone',
    why: 'The REST API reference (docs/api.md): the OpenAPI document and its page are derived from code and name no data.',
  },
  {
    area: 'Public pages',
    patterns: ['trpc destinations.get'],
    allow: 'anyone',
    object: 'country',
    why: 'An active destination is public (decision 010).',
  },
  {
    area: 'Dashboard',
    patterns: [
      'loader /dashboard', 'loader /dashboard?index', 'loader /dashboard/admin', 'loader /dashboard/expert', 'loader /dashboard/specialist',
      'loader /dashboard/superadmin', 'loader /dashboard/traveler', 'loader /resources/preferences',
    ],
    allow: 'anyone',
    why: 'Addresses that only redirect (1 §6: every role dashboard path leads to /dashboard/overview), which then asks for sign-in.',
  },
  // The dashboard frame and the screens every role has.
  {
    area: 'Dashboard',
    patterns: [
      'loader /dashboard/overview', 'loader /dashboard/settings', 'action /dashboard/settings',
      'loader /dashboard/search', 'loader /dashboard/destinations', 'loader /dashboard/destinations/:id', 'loader /dashboard/accommodations',
      'trpc dashboard.overview', 'trpc dashboard.search', 'trpc preferences.get', 'trpc preferences.update',
      'loader /resources/search', 'action /resources/preferences',
    ],
    allow: 'signed-in',
    why: 'The shell, overview, settings, search and the destinations browser are for every signed-in user (1 §2 Dashboard shell).',
  },
  {
    area: 'Dashboard',
    patterns: ['loader /my-trips', 'loader /profile'],
    allow: 'signed-in',
    why: 'Navigation targets (1 §2): /my-trips forwards a traveler to My Trips and other roles to the overview, /profile to the settings.',
  },
  {
    area: 'Search & Discovery',
    patterns: ['trpc discovery.search', 'trpc discovery.recommendations'],
    allow: 'signed-in',
    why: 'The catalogue search and recommendations are for every signed-in user; recommendations are drawn from their own history (docs/discovery.md).',
  },
  {
    area: 'Analytics',
    patterns: ['loader /dashboard/analytics', 'action /dashboard/analytics', 'loader /dashboard/analytics/export'],
    allow: ADMINS,
    why: 'The Analytics Dashboard, its Refresh and its Export: view_analytics (admins) or every permission (superadmins), 1-platform-core §6; the other roles get 403 (docs/analytics.md).',
  },
  {
    area: 'Dashboard',
    patterns: ['loader /dashboard/content'],
    allow: ACTIVITIES,
    why: 'Content Management, the hub of the content areas: for those who may open one of them (activities, media, destinations), the sidebar’s Content item likewise (docs/departures.md).',
  },
  {
    area: 'Dashboard',
    patterns: ['loader /dashboard/diagnostics', 'action /dashboard/diagnostics'],
    allow: STAFF,
    why: 'System diagnostics are for staff (decision 008).',
  },
  // The onboarding quiz.
  {
    area: 'Onboarding quiz',
    patterns: ['trpc quiz.submit'],
    allow: TRIP_PLANNERS,
    why: 'Saving quiz answers needs access_trip_planning (1 §6); a visitor’s are kept as submitted until they sign in in that browser.',
  },
  {
    area: 'Onboarding quiz',
    patterns: ['trpc quiz.definitions'],
    allow: 'anyone',
    why: 'The quiz types and their questions are public: the onboarding quiz is open to visitors.',
  },
  {
    area: 'Onboarding quiz',
    patterns: ['loader /dashboard/quizzes', 'action /dashboard/quizzes'],
    allow: TRIP_PLANNERS,
    why: 'Taking a quiz of any type from Trip Planning: access_trip_planning (1 §6), travelers and the superadmin.',
  },
  // Itineraries (docs/itineraries.md): through their trips' scope.
  {
    area: 'Itineraries',
    patterns: ['trpc itineraries.list'],
    allow: TRIP_READERS,
    why: 'Each sees the itineraries of the trips they may see; a traveler only those with an approved version. The editor has no trips.',
  },
  {
    area: 'Itineraries',
    patterns: ['trpc itineraries.get', 'trpc itineraries.version'],
    allow: TRIP_READERS,
    object: 'itinerary',
    owned: { othersOpenTo: TRIP_STAFF },
    why: 'A traveler reads the approved version of their own trip’s itinerary; an expert those of their trips; staff and specialists every one; another person’s answers 404.',
  },
  {
    area: 'Itineraries',
    patterns: ['trpc itineraries.export', 'loader /dashboard/itineraries/:id/print', 'loader /dashboard/itineraries/:id/export'],
    allow: TRIP_READERS,
    object: 'itinerary',
    owned: { othersOpenTo: TRIP_STAFF },
    why: 'The printable page, the PDF and the calendar are a reading of the itinerary: the traveler gets the approved version, those who work on it the current state; another person’s answers 404.',
  },
  {
    area: 'Itineraries',
    patterns: ['loader /dashboard/itineraries?index'],
    allow: TRIP_READERS,
    why: 'The itineraries list shows what GET /api/itineraries/ answers each one (a traveler the approved ones of their own trips); the editor has no trips.',
  },
  {
    area: 'Itineraries',
    patterns: ['action /dashboard/itineraries?index'],
    allow: ['superadmin', 'admin', 'expert'],
    why: 'New itinerary on the list: those who create itineraries, as POST /api/itineraries/ (the trip’s accepted expert, admins, the superadmin).',
  },
  {
    area: 'Itineraries',
    patterns: ['trpc itineraries.create'],
    allow: ['superadmin', 'admin', 'expert'],
    why: 'The trip’s accepted expert plans it, and staff with manage_trips; travelers and specialists do not write itineraries.',
  },
  {
    area: 'Itineraries',
    patterns: ['trpc itineraries.save', 'trpc itineraries.restore'],
    allow: ['superadmin', 'admin', 'expert'],
    object: 'itinerary',
    owned: { othersOpenTo: ['superadmin', 'admin'] },
    why: 'Saving and restoring: the trip’s accepted expert, admins and the superadmin; another expert’s itinerary answers 404.',
  },
  {
    area: 'Itineraries',
    patterns: [
      'trpc itineraries.changeStatus', 'trpc itineraries.versions', 'trpc itineraries.compare',
    ],
    allow: ['superadmin', 'admin', 'expert', 'specialist'],
    object: 'itinerary',
    owned: { othersOpenTo: TRIP_STAFF },
    why: 'Versions, comparison and status are for those who work on the itinerary: its expert sends for review, specialists and admins approve; travelers see approved versions only.',
  },
  {
    area: 'Itineraries',
    patterns: ['loader /dashboard/itineraries/:id'],
    allow: TRIP_READERS,
    object: 'itinerary',
    owned: { othersOpenTo: TRIP_STAFF },
    why: 'The builder reads the itinerary as GET /api/itineraries/{id}/ does: a traveler the approved version of their own trip’s, read-only; another person’s answers 404.',
  },
  {
    area: 'Itineraries',
    patterns: ['action /dashboard/itineraries/:id', 'loader /dashboard/itineraries/:id/library'],
    allow: ['superadmin', 'admin', 'expert'],
    object: 'itinerary',
    owned: { othersOpenTo: ['superadmin', 'admin'] },
    why: 'The builder’s buttons save (Save, Add Day, Add Activity, move, remove) and the Activity Library adds to it: those who save itineraries, as PATCH does.',
  },
  {
    area: 'Itineraries',
    patterns: ['loader /dashboard/itineraries/:id/versions', 'action /dashboard/itineraries/:id/versions'],
    allow: ['superadmin', 'admin', 'expert', 'specialist'],
    object: 'itinerary',
    owned: { othersOpenTo: TRIP_STAFF },
    why: 'The versions page (list, compare, status moves, restore) calls the versions, compare, status and restore services: the same people as those calls; a traveler gets Access Denied.',
  },
  // Proposals (docs/proposals.md): the trip's traveler, and those who plan it; anyone else is not told a round exists.
  {
    area: 'Proposals',
    patterns: ['trpc proposals.list'],
    allow: 'signed-in',
    why: 'Each lists the rounds they may read: a traveler those of their trips, an expert those of the trips they plan, staff with manage_trips every one; anyone else an empty list.',
  },
  {
    area: 'Proposals',
    patterns: ['loader /dashboard/proposals?index'],
    allow: PROPOSAL_READERS,
    why: 'The proposals list is for those who have proposals: travelers (their trips’), experts (the trips they plan), staff with manage_trips; specialists and the editor get Access Denied.',
  },
  {
    area: 'Proposals',
    patterns: [
      'trpc proposals.get', 'trpc proposals.comments', 'trpc proposals.comment', 'trpc proposals.resolve',
      'loader /dashboard/proposals/:id', 'action /dashboard/proposals/:id',
    ],
    allow: PROPOSAL_READERS,
    object: 'proposal',
    owned: { othersOpenTo: ADMINS },
    refused: 404,
    why: 'A round is read and discussed (comments, answers, resolving threads) by the trip’s traveler, its accepted expert and staff with manage_trips; to anyone else, another traveler or expert and specialists included, it does not exist (404).',
  },
  {
    area: 'Proposals',
    patterns: ['trpc proposals.accept', 'trpc proposals.requestChanges'],
    allow: PROPOSAL_READERS,
    object: 'proposal',
    owned: { othersOpenTo: ADMINS },
    refused: 404,
    readOnlyFor: ['superadmin', 'admin', 'expert'],
    why: 'Only the trip’s traveler accepts a round or asks for changes; those who plan the trip, who may read it, are told so (403); to anyone else it does not exist (404).',
  },
  {
    area: 'Proposals',
    patterns: ['trpc proposals.publish'],
    allow: ['superadmin', 'admin', 'expert'],
    object: 'itinerary',
    owned: { othersOpenTo: ADMINS },
    why: 'Sending the approved version as a round: the trip’s accepted expert and staff with manage_trips, as saving the itinerary; another expert’s itinerary answers 404.',
  },
  {
    area: 'Proposals',
    patterns: ['trpc proposals.rounds'],
    allow: PROPOSAL_READERS,
    object: 'itinerary',
    owned: { othersOpenTo: ADMINS },
    why: 'An itinerary’s rounds and threads: those who plan the trip, and its traveler the rounds they were sent; specialists read itineraries but not their proposals (403).',
  },
  // Chat (docs/chat.md): participants only.
  {
    area: 'Chat',
    patterns: ['trpc chat.conversations'],
    allow: CHATTERS,
    why: 'Each sees the conversations they take part in: travelers, experts, specialists, admins asked in, the superadmin (1 §6 Chat); the editor has no chat.',
  },
  {
    area: 'Chat',
    patterns: ['trpc chat.open'],
    allow: ['superadmin', 'expert', 'specialist', 'traveler'],
    why: 'A traveler opens one with their expert or specialist, staff with one of their travelers (New Chat: experts and specialists); admins take part only when asked in.',
  },
  {
    area: 'Chat',
    patterns: [
      'trpc chat.conversation', 'trpc chat.messages',
      'trpc chat.send', 'trpc chat.read', 'trpc chat.admins', 'trpc chat.invite',
    ],
    allow: CHATTERS,
    object: 'conversation',
    owned: { othersOpenTo: [] },
    why: 'Only its participants read and write a conversation; to anyone else, staff included, it does not exist (404).',
  },
  {
    area: 'Chat',
    patterns: ['GET /api/chat/events/'],
    allow: 'signed-in',
    why: "Each signed-in user's own event stream (bearer token or session cookie): messages of the conversations they take part in, read marks, their bell's count. Every role has a bell, so the editor too (with no messages).",
  },
  {
    area: 'Chat',
    patterns: ['loader /dashboard/chat', 'loader /dashboard/chat?index'],
    allow: CHATTERS,
    why: 'The chat screen lists the conversations one takes part in, as GET /api/chat/conversations/ does (travelers see it as Expert Communication); ?with= finds or offers one with a contact. The editor has no chat.',
  },
  {
    area: 'Chat',
    patterns: ['loader /dashboard/chat/:id', 'action /dashboard/chat/:id'],
    allow: CHATTERS,
    object: 'conversation',
    owned: { othersOpenTo: [] },
    why: 'The open conversation, its Send and its read mark: the messages and read calls for its participants; anyone else gets the 404 page.',
  },
  {
    area: 'Chat',
    patterns: ['loader /dashboard/chat/new', 'action /dashboard/chat/new'],
    allow: ['superadmin', 'expert', 'specialist', 'traveler'],
    why: 'New Chat lists the people one may open a conversation with and opens it, as POST /api/chat/conversations/: staff their travelers, a traveler their expert or specialist; admins only take part when asked in.',
  },
  // Notifications (docs/notifications.md): each user's own bell.
  {
    area: 'Notifications',
    patterns: [
      'trpc notifications.list', 'trpc notifications.unread', 'trpc notifications.readAll',
      'loader /dashboard/notifications', 'action /dashboard/notifications', 'loader /resources/notifications', 'action /resources/notifications',
    ],
    allow: 'signed-in',
    why: 'Everyone signed in has a bell (1 §2 Dashboard shell): the list, the unread count and Mark all as read are about their own notifications only.',
  },
  {
    area: 'Notifications',
    patterns: ['trpc notifications.read'],
    allow: 'signed-in',
    object: 'notification',
    owned: { othersOpenTo: [] },
    why: 'A notification is marked read by the user it was for; another user’s, staff included, is not found (404).',
  },
  // The Review Center, customers and experts (docs/quiz-review.md, docs/customers.md).
  {
    area: 'Quiz review',
    patterns: [
      'loader /dashboard/quiz-reviews', 'action /dashboard/quiz-reviews',
      'trpc specialist.dashboard', 'trpc specialist.quizReviews',
    ],
    allow: QUIZ_REVIEWERS,
    why: 'The Quiz Review Center and the specialist dashboard: review_quizzes (1 §6: superadmin and specialist).',
  },
  {
    area: 'Quiz review',
    patterns: ['trpc specialist.quizReview', 'trpc specialist.review'],
    allow: QUIZ_REVIEWERS,
    object: 'quiz',
    why: 'Reading and reviewing one submission: review_quizzes.',
  },
  {
    area: 'Quiz review',
    patterns: ['trpc specialist.assignExpert'],
    allow: TRIP_STAFF,
    why: 'Setting a traveler’s expert for a trip type: those who assign experts (specialists, admins, superadmin).',
  },
  {
    area: 'Customers and experts',
    patterns: ['loader /dashboard/customers', 'trpc specialist.customers'],
    allow: TRIP_STAFF,
    why: 'Customer Profiles: specialists (manage_customer_profiles), admins (manage_users) and the superadmin.',
  },
  {
    area: 'Customers and experts',
    patterns: [
      'loader /dashboard/customers/:id', 'action /dashboard/customers/:id',
      'trpc specialist.customer', 'trpc specialist.saveNote',
    ],
    allow: TRIP_STAFF,
    object: 'customer',
    why: 'One traveler’s profile, notes and expert: the same staff as the customers list.',
  },
  {
    area: 'Customers and experts',
    patterns: ['loader /dashboard/experts', 'trpc specialist.experts'],
    allow: TRIP_STAFF,
    why: 'The experts directory with load and acceptance: those who match travelers with experts. The public /experts page shows the public profile only.',
  },
  {
    area: 'Customers and experts',
    patterns: ['loader /dashboard/experts/:id', 'trpc specialist.expert'],
    allow: TRIP_STAFF,
    object: 'expert',
    why: 'One expert’s profile, figures and trips.',
  },
  {
    area: 'Onboarding quiz',
    patterns: ['trpc quiz.latest'],
    allow: 'signed-in',
    why: 'Each user’s own latest answers.',
  },
  {
    area: 'Onboarding quiz',
    patterns: ['trpc quiz.get'],
    allow: 'signed-in',
    object: 'quiz',
    owned: { othersOpenTo: TRIP_STAFF },
    why: 'A submission is its author’s; reviewers (review_quizzes) and the customer staff (specialists, admins) read everyone’s; to anyone else another’s is not found.',
  },
  // User management.
  {
    area: 'Users and roles',
    patterns: [
      'trpc users.list', 'trpc users.create', 'trpc users.selectOptions', 'trpc users.bulkUpdateStatus', 'trpc users.stats',
      'trpc roles.list', 'trpc roles.create', 'trpc roles.selectOptions',
      'loader /dashboard/users', 'action /dashboard/users', 'loader /dashboard/users/new', 'action /dashboard/users/new',
    ],
    allow: SUPERADMIN,
    why: 'User management is for superadmin level only: the screen’s own check (3 §6, decision 009).',
  },
  {
    area: 'Users and roles',
    patterns: [
      '* /users/api/users-mgmt/{id}/', 
      'trpc users.get', 'trpc users.update', 'trpc users.deactivate', 'trpc users.changeRole', 'trpc users.activity',
      'loader /dashboard/users/:id/edit', 'action /dashboard/users/:id/edit', 'loader /dashboard/users/:id/role', 'action /dashboard/users/:id/role',
      'loader /dashboard/users/:id/deactivate', 'action /dashboard/users/:id/deactivate',
    ],
    allow: SUPERADMIN,
    object: 'user',
    owned: { othersOpenTo: SUPERADMIN, othersOutcome: 403 },
    why: 'One user’s record, in user management: superadmin level, for their own record and anyone else’s (decision 009).',
  },
  {
    area: 'Users and roles',
    patterns: ['* /users/api/roles/{id}/', 'trpc roles.get', 'trpc roles.update', 'trpc roles.delete', 'trpc roles.users'],
    allow: SUPERADMIN,
    object: 'role',
    why: 'Roles and their permissions: superadmin level (decision 009).',
  },
  {
    area: 'Users and roles',
    patterns: [
      'trpc admin.dashboard', 'trpc admin.users', 'trpc admin.analytics', 'trpc admin.systemHealth',
    ],
    allow: ADMINS,
    why: 'The admin calls: the admin role or superadmin level (decision 009); the analytics figures they answer need view_analytics, which admins hold.',
  },
  {
    area: 'Users and roles',
    patterns: ['trpc admin.changeRole'],
    allow: ADMINS,
    object: 'user',
    owned: { othersOpenTo: ADMINS, othersOutcome: 403 },
    why: 'An admin changes another user’s role (never their own: 400), not a superadmin’s (decision 009).',
  },
  // Monitoring.
  {
    area: 'Monitoring',
    patterns: ['trpc monitoring.recentErrors'],
    allow: STAFF,
    why: 'Recent client errors are shown on the staff diagnostics screen (decision 008).',
  },
  // Catalogue.
  {
    area: 'Destinations and locations',
    patterns: [
      'trpc countries.list', 'trpc countries.selectOptions', 'trpc countries.create', 'trpc locations.list', 'trpc locations.selectOptions', 'trpc locations.create',
      'loader /dashboard/destination-management', 'loader /dashboard/destination-management/new', 'action /dashboard/destination-management/new',
      'loader /dashboard/location-management', 'loader /dashboard/location-management/new', 'action /dashboard/location-management/new',
      'loader /resources/regions',
    ],
    allow: DESTINATIONS,
    why: 'manage_destinations (decision 010).',
  },
  {
    area: 'Destinations and locations',
    patterns: ['* /api/destinations/countries-mgmt/{id}/', 'trpc countries.get', 'trpc countries.regions', 'trpc countries.update', 'trpc countries.delete', 'loader /dashboard/destination-management/:id*', 'action /dashboard/destination-management/:id*'],
    allow: DESTINATIONS,
    object: 'country',
    why: 'manage_destinations (decision 010).',
  },
  {
    area: 'Destinations and locations',
    patterns: ['* /api/destinations/locations-mgmt/{id}/', 'trpc locations.get', 'trpc locations.update', 'trpc locations.delete', 'loader /dashboard/location-management/:id*', 'action /dashboard/location-management/:id*'],
    allow: DESTINATIONS,
    object: 'location',
    why: 'manage_destinations (decision 010).',
  },
  {
    area: 'Suppliers',
    patterns: [
      'trpc suppliers.list', 'trpc suppliers.selectOptions', 'trpc suppliers.stats', 'trpc suppliers.countryOptions', 'loader /dashboard/supplier-management',
      'loader /resources/supplier-countries',
    ],
    allow: SUPPLIER_READERS,
    why: 'manage_suppliers or view_suppliers: the specialist reads (decision 010).',
  },
  {
    area: 'Suppliers',
    patterns: ['trpc suppliers.get', 'loader /dashboard/supplier-management/:id?index'],
    allow: SUPPLIER_READERS,
    object: 'supplier',
    why: 'manage_suppliers or view_suppliers (decision 010).',
  },
  {
    area: 'Suppliers',
    patterns: ['trpc suppliers.create', 'loader /dashboard/supplier-management/new', 'action /dashboard/supplier-management/new'],
    allow: SUPPLIER_MANAGERS,
    why: 'manage_suppliers: superadmin, admin, expert (decision 010).',
  },
  {
    area: 'Suppliers',
    patterns: [
      'trpc suppliers.update', 'trpc suppliers.setStatus', 'trpc suppliers.delete',
      'loader /dashboard/supplier-management/:id/*', 'action /dashboard/supplier-management/:id/*',
    ],
    allow: SUPPLIER_MANAGERS,
    object: 'supplier',
    why: 'manage_suppliers (decision 010).',
  },
  {
    area: 'Activities',
    patterns: [
      'trpc activities.list', 'trpc activities.create', 'trpc activities.formOptions',
      'loader /dashboard/activity-management', 'loader /dashboard/activity-management/new', 'action /dashboard/activity-management/new', 'loader /resources/activity-locations',
    ],
    allow: ACTIVITIES,
    why: 'manage_activities (decision 016).',
  },
  {
    area: 'Activities',
    patterns: ['GET /api/activities/{id}/price/', 'trpc activities.price'],
    allow: 'signed-in',
    object: 'activity',
    why: 'Anyone signed in prices an active activity (for itineraries); only its managers price an inactive one (decision 016).',
  },
  {
    area: 'Activities',
    patterns: ['* /api/activities/{id}/*', 'trpc activities.get', 'trpc activities.update', 'trpc activities.delete', 'trpc activities.photos', 'trpc activities.videos', 'trpc activities.attachPhotos', 'trpc activities.attachVideos', 'loader /dashboard/activity-management/:id*', 'action /dashboard/activity-management/:id*'],
    allow: ACTIVITIES,
    object: 'activity',
    why: 'manage_activities (decision 016).',
  },
  {
    area: 'Transfers',
    patterns: ['trpc transfers.list', 'trpc transfers.selectOptions', 'trpc transfers.create', 'loader /dashboard/transfers', 'loader /dashboard/transfers/new', 'action /dashboard/transfers/new'],
    allow: TRANSFERS,
    why: 'superadmin, admin and expert by role (decision 015).',
  },
  {
    area: 'Transfers',
    patterns: ['* /api/itineraries/transfers/{id}/', 'trpc transfers.get', 'trpc transfers.update', 'trpc transfers.delete', 'loader /dashboard/transfers/:id*', 'action /dashboard/transfers/:id*'],
    allow: TRANSFERS,
    object: 'transfer',
    why: 'superadmin, admin and expert by role (decision 015).',
  },
  {
    area: 'Media',
    patterns: ['POST /api/media/bulk_upload/', 'trpc media.list', 'trpc media.stats', 'trpc media.deleteMany', 'loader /dashboard/media', 'action /dashboard/media', 'action /resources/media-upload', 'loader /resources/media', 'action /resources/media'],
    allow: MEDIA,
    why: 'Managing media: superadmin, admin, expert (2 §6) and manage_content (decision 012).',
  },
  {
    area: 'Media',
    patterns: ['GET /api/media/{id}/', 'trpc media.get'],
    allow: MEDIA,
    object: 'media',
    refused: 404,
    why: 'Managers read any item; others only the ready media of an object they may view (decision 012), so an item of no such object is not found.',
  },
  {
    area: 'Media',
    patterns: ['* /api/media/{id}/', 'trpc media.update', 'trpc media.delete', 'trpc media.reprocess', 'loader /dashboard/media/:id', 'action /dashboard/media/:id'],
    allow: MEDIA,
    object: 'media',
    why: 'Managing media (decision 012).',
  },
  {
    area: 'Media',
    patterns: ['trpc media.gallery'],
    allow: 'anyone',
    why: 'The ready media of an object the caller may view (decision 012); a public object’s gallery is public.',
  },
  {
    area: 'Currencies',
    patterns: [
      'trpc currencies.list', 'trpc currencies.create', 'trpc currencies.rates.list', 'trpc currencies.rates.create', 'trpc currencies.rates.import', 'trpc currencies.rates.updateNow',
      'trpc currencies.settings', 'trpc currencies.updateSettings', 'trpc currencies.preview', 'trpc currencies.convert',
      'loader /dashboard/currency-management', 'loader /dashboard/currency-management/*', 'action /dashboard/currency-management/*',
    ],
    allow: CURRENCIES,
    why: 'manage_currencies: admins and superadmins (3 §6, decision 013).',
  },
  {
    area: 'Currencies',
    patterns: ['* /api/currencies-mgmt/{id}/', 'trpc currencies.get', 'trpc currencies.update', 'trpc currencies.delete', 'loader /dashboard/currency-management/currencies/:id/*', 'action /dashboard/currency-management/currencies/:id/*'],
    allow: CURRENCIES,
    object: 'currency',
    why: 'manage_currencies (decision 013).',
  },
  {
    area: 'Currencies',
    patterns: ['* /api/currencies-mgmt/conversion_rates/{id}/', 'trpc currencies.rates.get', 'trpc currencies.rates.update', 'trpc currencies.rates.delete', 'loader /dashboard/currency-management/rates/:id/*', 'action /dashboard/currency-management/rates/:id/*'],
    allow: CURRENCIES,
    object: 'rate',
    why: 'manage_currencies (decision 013).',
  },
  // The expert desk and trip planning screens.
  {
    area: 'Expert desk',
    patterns: ['loader /dashboard/assignments', 'action /dashboard/assignments'],
    allow: ['superadmin', 'admin', 'expert', 'specialist'],
    why: 'Trip Assignments: an expert’s queue and trips (manage_assigned_trips), the unassigned trips for those who assign (specialists, admins); each form’s service checks its own permission again.',
  },
  {
    area: 'Expert desk',
    patterns: ['loader /dashboard/performance'],
    allow: PERFORMANCE,
    why: 'An expert’s own figures (view_performance); specialists, admins and superadmins every expert’s, and one expert’s with ?expert=.',
  },
  {
    area: 'Trips',
    patterns: ['loader /dashboard/trip-planning'],
    allow: TRIP_READERS,
    why: 'Trip Planning (1 §2 #trip-planning): a traveler’s quiz, requests and trips; for experts, specialists, admins and superadmins the board of the trips in their scope. The editor has no trips.',
  },
  // Trips.
  {
    area: 'Trips',
    patterns: ['loader /dashboard/trips', 'loader /dashboard/trips/new', 'action /dashboard/trips/new', 'loader /dashboard/book-trip', 'action /dashboard/book-trip'],
    allow: TRIP_OWNERS,
    why: 'My Trips and Book Trip are the traveler’s (1 §6 traveler-only); the superadmin holds every permission.',
  },
  {
    area: 'Trips',
    patterns: ['loader /dashboard/trips/:id*', 'action /dashboard/trips/:id*'],
    allow: TRIP_OWNERS,
    object: 'trip',
    owned: { othersOpenTo: ['superadmin'] },
    why: "A trip's details, edit, cancel and rating: its traveler's; another traveler's trip answers 404.",
  },
  {
    area: 'Trips',
    patterns: ['trpc trips.list', 'trpc trips.counts'],
    allow: TRIP_READERS,
    why: 'Each sees the trips in their scope: their own, assigned to them, or all (decision 023).',
  },
  {
    area: 'Trips',
    patterns: ['trpc trips.board'],
    allow: ['superadmin', 'admin', 'expert', 'specialist'],
    why: 'The board of trips by status is for staff; a traveler has the planning page (trips.planning).',
  },
  {
    area: 'Trips',
    patterns: ['trpc trips.get', 'trpc trips.update', 'trpc trips.changeStatus'],
    allow: TRIP_READERS,
    object: 'trip',
    owned: { othersOpenTo: TRIP_STAFF },
    why: "A traveler reaches their own trips and an expert those assigned to them; another person's trip answers 404. Staff and specialists reach every trip; what each may change is the status table's (docs/trips.md).",
  },
  {
    area: 'Trips',
    patterns: ['trpc trips.party'],
    allow: TRIP_READERS,
    object: 'trip',
    owned: { othersOpenTo: TRIP_STAFF },
    why: 'Who travels is read by whoever reaches the trip (docs/traveler-app.md "Per traveler"); another person’s trip answers 404.',
  },
  {
    area: 'Trips',
    patterns: ['trpc trips.addPartyMember'],
    allow: TRIP_READERS,
    object: 'trip',
    owned: { othersOpenTo: TRIP_STAFF },
    readOnlyFor: ['specialist'],
    why: 'The trip’s traveler, its expert and staff with manage_trips name its party; the specialist reads it only (403).',
  },
  {
    area: 'Trips',
    patterns: ['trpc trips.removePartyMember'],
    allow: TRIP_READERS,
    object: 'party_member',
    owned: { othersOpenTo: TRIP_STAFF },
    readOnlyFor: ['specialist'],
    why: 'As naming the party: whoever keeps the trip’s party removes someone from it; on another person’s trip, 404.',
  },
  {
    area: 'Trips',
    patterns: ['trpc trips.rate'],
    allow: TRIP_OWNERS,
    object: 'trip',
    owned: { othersOpenTo: [] },
    why: 'Only the traveler of a completed trip rates it, once.',
  },
  {
    area: 'Trips',
    patterns: ['POST /users/api/traveler/trip-requests/', 'trpc tripRequests.*', 'trpc trips.create', 'trpc trips.planning'],
    allow: TRIP_OWNERS,
    why: 'create_trips (1 §6): the trip request wizard, its draft, New Trip and the planning page are the traveler’s.',
  },
  {
    area: 'Trips',
    patterns: ['trpc trips.assign'],
    allow: TRIP_STAFF,
    object: 'trip',
    why: 'Specialists, admins and superadmins assign experts to trips.',
  },
  {
    area: 'Trips',
    patterns: ['trpc trips.unassigned', 'trpc trips.expertChoices'],
    allow: TRIP_STAFF,
    why: 'The unassigned queue and the expert picker belong to those who assign.',
  },
  {
    area: 'Expert desk',
    patterns: ['trpc expert.dashboard', 'trpc expert.trips', 'trpc expert.assignments'],
    allow: EXPERTS,
    why: 'manage_assigned_trips: the expert’s own queue and trips.',
  },
  {
    area: 'Expert desk',
    patterns: ['trpc expert.accept', 'trpc expert.decline'],
    allow: EXPERTS,
    object: 'assignment',
    owned: { othersOpenTo: [] },
    why: "Only the assigned expert answers an assignment; another expert's answers 404.",
  },
  {
    area: 'Expert desk',
    patterns: ['trpc expert.updateTripStatus'],
    allow: EXPERTS,
    object: 'trip',
    owned: { othersOpenTo: ['superadmin'] },
    why: 'The assigned expert moves the trip along the chain; the superadmin reaches every trip.',
  },
  {
    area: 'Expert desk',
    patterns: ['trpc expert.performance'],
    allow: PERFORMANCE,
    why: 'view_performance for one’s own figures; specialists, admins and superadmins may name any expert.',
  },
  {
    area: 'Expert desk',
    patterns: ['trpc expert.allPerformance'],
    allow: TRIP_STAFF,
    why: 'Every expert’s figures side by side: specialists, admins, superadmins.',
  },
  // Accommodations (docs/bookings.md "Accommodations").
  {
    area: 'Accommodations',
    patterns: ['trpc accommodations.list'],
    allow: 'anyone',
    why: 'Places to stay are public like the traveler-facing destinations they belong to; only what a traveler may see.',
  },
  {
    area: 'Accommodations',
    patterns: ['trpc accommodations.get'],
    allow: 'anyone',
    object: 'accommodation',
    why: 'One active accommodation supplier, as travelers see it.',
  },
  {
    area: 'Accommodations',
    patterns: ['trpc accommodations.book'],
    allow: TRIP_OWNERS,
    object: 'accommodation',
    why: 'A stay request is a booking of the traveler’s own (create_trips); staff confirm it with the quoted price.',
  },
  {
    area: 'Accommodations',
    patterns: ['action /dashboard/destinations/:id'],
    allow: TRIP_OWNERS,
    object: 'country',
    why: 'Request a stay from a destination’s Where to stay: the traveler’s (create_trips).',
  },
  // The calendar feed (docs/traveler-app.md "Calendar feed").
  {
    area: 'Calendar feed',
    patterns: ['trpc calendar.subscription', 'trpc calendar.replaceSubscription', 'trpc calendar.revokeSubscription'],
    allow: TRIP_OWNERS,
    why: 'The subscription address is the traveler’s own (create_trips): their trips in their calendar. Staff keep no trips of their own.',
  },
  {
    area: 'Calendar feed',
    patterns: ['GET /api/calendar/feed/{token}/'],
    allow: 'anyone',
    object: 'calendar_feed',
    why: 'A calendar app fetches it without signing in: the secret token in the address is its only credential (404 for any other).',
  },
  // The wishlist (docs/bookings.md "Wishlist").
  {
    area: 'Wishlist',
    patterns: [
      'loader /dashboard/wishlist', 'action /dashboard/wishlist', 'action /resources/wishlist',
      'trpc wishlist.list', 'trpc wishlist.counts', 'trpc wishlist.save', 'trpc wishlist.unsave',
    ],
    allow: TRIP_OWNERS,
    why: '/dashboard/wishlist is the traveler’s (1 §2); the superadmin holds every permission. Staff roles keep no wishlist.',
  },
  {
    area: 'Wishlist',
    patterns: ['trpc wishlist.remove'],
    allow: TRIP_OWNERS,
    object: 'wishlist_item',
    owned: { othersOpenTo: [] },
    why: 'A saved item is removed only by its owner; another person’s answers 404.',
  },
  {
    area: 'Wishlist',
    patterns: ['loader /resources/wishlist'],
    allow: 'anyone',
    why: 'Only redirects to /dashboard/wishlist, which asks for sign-in.',
  },
  // Bookings (docs/bookings.md "Statuses and who may change them").
  {
    area: 'Bookings',
    patterns: [
      'GET /api/bookings/export/', 'trpc bookings.list', 'trpc bookings.summary',
      'loader /dashboard/bookings', 'loader /dashboard/bookings/export',
    ],
    allow: BOOKING_READERS,
    why: 'Booking Management is for superadmin, expert, admin and traveler (1 §2): each sees their own, the bookings they handle, or all. Specialists and editors have no bookings.',
  },
  {
    area: 'Bookings',
    patterns: ['trpc bookings.dueSoon', 'loader /dashboard/bookings/due-soon'],
    allow: BOOKING_STAFF,
    why: 'The Due soon list (docs/bookings.md "Reminders and Due soon") is for staff with bookings to watch: admins and the superadmin every booking’s lines and deadlines, an expert those of the bookings they handle. Travelers are reminded instead; specialists and editors have no bookings.',
  },
  {
    area: 'Bookings',
    patterns: [
      'trpc bookings.get', 'trpc bookings.cancel', 'trpc bookings.cancellationQuote',
      'loader /dashboard/bookings/:id', 'action /dashboard/bookings/:id',
    ],
    allow: BOOKING_READERS,
    object: 'payable_booking',
    owned: { othersOpenTo: ['superadmin', 'admin'] },
    why: 'A booking is its traveler’s and the staff handling it (the expert of its trip or the traveler’s standing expert; admins and the superadmin every one); to anyone else it does not exist (404). Who may cancel until when is the status table’s.',
  },
  {
    area: 'Bookings',
    patterns: [
      'trpc bookings.package', 'trpc bookings.cancelPackage',
      'loader /dashboard/bookings/packages/:reference', 'action /dashboard/bookings/packages/:reference',
    ],
    allow: BOOKING_READERS,
    object: 'booking_package',
    owned: { othersOpenTo: ['superadmin', 'admin'] },
    why: 'A package (the bookings sharing a package reference) is reached as its bookings are: its traveler and the staff handling them; to anyone else it does not exist (404). Cancelling the whole follows each booking’s cancel rule, all or nothing.',
  },
  {
    area: 'Bookings',
    patterns: ['trpc bookings.payPackage'],
    allow: TRIP_OWNERS,
    object: 'booking_package',
    owned: { othersOpenTo: [] },
    why: 'A traveler pays their own package in one step (create_trips); another’s package is not found. Staff do not pay for travelers (403).',
  },
  {
    area: 'Bookings',
    patterns: ['trpc bookings.markPackageReceived'],
    allow: BOOKING_STAFF,
    object: 'booking_package',
    owned: { othersOpenTo: ['superadmin', 'admin'] },
    why: 'Staff handling a package’s bookings mark its bank transfers received in one step: admins and the superadmin any, an expert those they handle (another’s: 404). A traveler never marks money received (403).',
  },
  {
    area: 'Bookings',
    patterns: ['trpc bookings.confirm'],
    allow: BOOKING_STAFF,
    object: 'payable_booking',
    owned: { othersOpenTo: ['superadmin', 'admin'] },
    why: 'Staff confirm a pending booking: admins and the superadmin any, an expert those they handle (another’s: 404). A traveler never confirms (403).',
  },
  {
    area: 'Bookings',
    patterns: ['trpc bookings.supplierConfirmation'],
    allow: BOOKING_STAFF,
    object: 'payable_booking',
    owned: { othersOpenTo: ['superadmin', 'admin'] },
    why: 'Whoever may confirm a booking records the supplier’s confirmation number and notes: admins and the superadmin any, an expert those they handle (another’s: 404). A traveler reads them, never writes them (403).',
  },
  {
    area: 'Bookings',
    patterns: ['trpc bookings.voucher', 'loader /dashboard/bookings/:id/voucher'],
    allow: BOOKING_READERS,
    object: 'payable_booking',
    owned: { othersOpenTo: ['superadmin', 'admin'] },
    why: 'A booking’s voucher is for whoever sees the booking: its traveler and the staff handling it; to anyone else it does not exist (404).',
  },
  {
    area: 'Bookings',
    patterns: ['trpc bookings.tripVouchers', 'loader /dashboard/trips/:id/vouchers'],
    allow: BOOKING_READERS,
    object: 'trip',
    owned: { othersOpenTo: ['superadmin', 'admin'] },
    why: 'A trip’s vouchers are reached as its bookings are: its traveler, the expert of the trip or the traveler’s standing expert, admins and the superadmin; another’s trip is not found. Specialists and editors have no bookings (403).',
  },
  {
    area: 'Bookings',
    patterns: ['trpc bookings.rebook', 'trpc bookings.rebookOptions'],
    allow: BOOKING_STAFF,
    object: 'payable_booking',
    owned: { othersOpenTo: ['superadmin', 'admin'] },
    why: 'Staff who handle a booking rebook it when its flight is withdrawn (docs/bookings.md); a traveler asks them (403), another expert’s booking is not found (404).',
  },
  {
    area: 'Bookings',
    patterns: ['POST /api/activities/{id}/book/', 'trpc bookings.bookActivity', 'loader /dashboard/activities/:id/book', 'action /dashboard/activities/:id/book'],
    allow: TRIP_OWNERS,
    object: 'activity',
    why: 'Travelers book activities for themselves (create_trips); staff do not book on a traveler’s behalf.',
  },
  {
    area: 'Bookings',
    patterns: ['trpc bookings.bookItem'],
    allow: TRIP_OWNERS,
    object: 'itinerary_item',
    owned: { othersOpenTo: [] },
    why: 'An item of the approved itinerary of the traveler’s own trip; another traveler’s is not found.',
  },
  {
    area: 'Bookings',
    patterns: ['trpc bookings.bookTrip', 'loader /dashboard/bookings/package/:id', 'action /dashboard/bookings/package/:id'],
    allow: TRIP_OWNERS,
    object: 'trip',
    owned: { othersOpenTo: [] },
    why: 'A traveler books their own trip’s approved itinerary as a package; another’s trip is not found.',
  },
  {
    area: 'Bookings',
    patterns: ['trpc bookings.settings'],
    allow: BOOKING_STAFF,
    why: 'The defaults of payment terms, cancellation policies and reminders: staff read them (experts quote with them); travelers see the terms on their own bookings.',
  },
  {
    area: 'Bookings',
    patterns: ['trpc bookings.updateSettings', 'loader /dashboard/bookings/settings', 'action /dashboard/bookings/settings'],
    allow: ['superadmin', 'admin'],
    why: 'Changing the booking settings is for admins (manage_trips) and the superadmin; an expert reads them but is refused a change (403).',
  },
  {
    area: 'Bookings',
    patterns: ['trpc bookings.setTerms'],
    allow: BOOKING_STAFF,
    object: 'payable_booking',
    owned: { othersOpenTo: ['superadmin', 'admin'] },
    why: 'Staff handling a booking give it its own schedule or cancellation policy: admins and the superadmin any, an expert those they handle (another’s: 404). A traveler never sets terms (403).',
  },
  // Payments (docs/bookings.md "Payments"): the bookings' own rule.
  {
    area: 'Payments',
    patterns: ['trpc payments.createIntent'],
    allow: TRIP_OWNERS,
    why: 'A traveler pays for their own bookings (create_trips; the superadmin through *); another traveler’s booking, like one that does not exist, is a field error (400 on booking_id).',
  },
  {
    area: 'Payments',
    patterns: ['trpc payments.confirm', 'trpc payments.history'],
    allow: ['superadmin', 'admin', 'expert', 'traveler'],
    why: 'Whoever has bookings to see: travelers their own payments, experts those of the bookings they handle, admins and the superadmin every one. Confirming a manual payment is for staff (403 for its traveler).',
  },
  {
    area: 'Payments',
    patterns: ['trpc payments.markReceived', 'trpc payments.markRefunded'],
    allow: ['superadmin', 'admin', 'expert'],
    object: 'payment',
    owned: { othersOpenTo: ['superadmin', 'admin'] },
    why: 'Staff mark a bank transfer or payment on site received, and a refund due paid out: admins and the superadmin any, an expert those of the travelers they handle (another’s: 404).',
  },
  {
    area: 'Payments',
    patterns: ['POST /api/payments/webhook/'],
    allow: 'anyone',
    why: 'The payment provider’s webhook carries no session: its signature on the raw body is checked instead (400 when it does not hold, and always with the manual provider).',
  },
  {
    area: 'Payments',
    patterns: ['loader /dashboard/bookings/:id/pay', 'action /dashboard/bookings/:id/pay'],
    allow: ['superadmin', 'admin', 'expert', 'traveler'],
    object: 'payable_booking',
    owned: { othersOpenTo: ['superadmin', 'admin'] },
    why: 'The pay screen of a booking: its traveler pays, the staff handling it mark payments received and refunds paid; to anyone else it does not exist (404).',
  },
  // Flights (docs/bookings.md "Flights").
  {
    area: 'Flights',
    patterns: ['trpc flights.search', 'loader /dashboard/flights'],
    allow: FLIGHT_READERS,
    why: 'Searching flights: the roles the navigation shows Flights to (1 §2), i.e. travelers and the staff who keep flights.',
  },
  {
    area: 'Flights',
    patterns: ['trpc flights.get'],
    allow: FLIGHT_READERS,
    object: 'flight',
    why: 'One flight; a withdrawn one is not found for travelers.',
  },
  {
    area: 'Flights',
    patterns: ['trpc flights.book', 'loader /dashboard/flights/:id/book', 'action /dashboard/flights/:id/book'],
    allow: TRIP_OWNERS,
    object: 'flight',
    why: 'Travelers book flights for themselves (create_trips); staff do not book on a traveler’s behalf.',
  },
  {
    area: 'Flights',
    patterns: ['trpc flights.bookItinerary', 'loader /dashboard/flights/itinerary', 'action /dashboard/flights/itinerary'],
    allow: TRIP_OWNERS,
    why: 'Travelers book a multi-city itinerary (one flight a leg, all legs or none) for themselves (create_trips), as single flights.',
  },
  {
    area: 'Flights',
    patterns: [
      'trpc flights.list', 'trpc flights.create', 'trpc flights.import',
      'loader /dashboard/flight-management', 'loader /dashboard/flight-management/new', 'action /dashboard/flight-management/new',
      'loader /dashboard/flight-management/import', 'action /dashboard/flight-management/import',
    ],
    allow: FLIGHT_MANAGERS,
    why: 'Flight inventory is kept by superadmin, admin and expert, by role as transfers (decision 015).',
  },
  {
    area: 'Flights',
    patterns: [
      'trpc flights.update', 'trpc flights.withdraw',
      'loader /dashboard/flight-management/:id*', 'action /dashboard/flight-management/:id*',
    ],
    allow: FLIGHT_MANAGERS,
    object: 'flight',
    why: 'Editing and withdrawing a flight: its keepers.',
  },
]

/** The expected outcome for one identity (and, for an owned object, whether it is the identity's own). */
export function expectedOutcome(rule: AccessRule, identity: RoleName | 'anonymous', own: boolean): Outcome {
  if (rule.allow === 'anyone') return 'allowed'
  if (identity === 'anonymous') return 401
  const allowed = rule.allow === 'signed-in' || rule.allow.includes(identity)
  if (!allowed) return rule.refused ?? 403
  if (rule.owned && !own && !rule.owned.othersOpenTo.includes(identity)) return rule.owned.othersOutcome ?? 404
  if (rule.readOnlyFor?.includes(identity)) return 403
  return 'allowed'
}

/** The row that decides a key: the longest matching pattern. */
export function ruleFor(key: string): { rule: AccessRule; pattern: string } | undefined {
  let best: { rule: AccessRule; pattern: string } | undefined
  for (const rule of ACCESS_TABLE) {
    for (const pattern of rule.patterns) {
      if (!matches(pattern, key)) continue
      if (!best || pattern.length > best.pattern.length) best = { rule, pattern }
    }
  }
  return best
}

export function matches(pattern: string, key: string): boolean {
  const [pMethod, ...pRest] = pattern.split(' ')
  const [kMethod, ...kRest] = key.split(' ')
  if (pMethod !== '*' && pMethod !== kMethod) return false
  if (pMethod === '*' && (kMethod === 'trpc' || kMethod === 'loader' || kMethod === 'action')) return false
  const p = pRest.join(' ')
  const k = kRest.join(' ')
  return p.endsWith('*') && p !== '/*' ? k.startsWith(p.slice(0, -1)) : p === k
}
