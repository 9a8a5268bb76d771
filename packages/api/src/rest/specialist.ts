import {
  assignTravelerExpert,
  getCustomer,
  getExpertProfile,
  getQuizReview,
  getSpecialistDashboard,
  listCustomers,
  listExpertDirectory,
  listQuizQueue,
  reviewQuiz,
  saveCustomerNote,
} from '@meridian/core'
import {
  AssignTravelerExpertInput,
  CustomerFilters,
  CustomerNoteInput,
  CUSTOMERS_PAGE_SIZE,
  QUIZ_QUEUE_PAGE_SIZE,
  QuizQueueFilters,
  ReviewQuizInput,
} from '@meridian/validators'
import { pagedList as paged, queryFilters } from './pagination.ts'
import type { RouteTable } from './router.ts'

/**
 * The specialist calls (1-platform-core.md §7 Specialist; docs/quiz-review.md, docs/customers.md). The detail of one
 * quiz review and of one customer, and the customer notes, are this product's own additions.
 */
export function specialistRoutes(table: RouteTable) {
  const base = '/users/api/specialist'
  table
    .add('GET', `${base}/dashboard/`, async ({ ctx }) => ({ body: await getSpecialistDashboard(ctx) }), { summary: "The specialist's dashboard figures" })
    .add('GET', `${base}/quiz-reviews/`, paged(listQuizQueue, QUIZ_QUEUE_PAGE_SIZE), {
      summary: 'The quiz review queue',
      query: QuizQueueFilters,
      paginated: true,
    })
    .add('GET', `${base}/quiz-reviews/{id}/`, async ({ ctx, params }) => ({ body: await getQuizReview(ctx, params.id) }), { summary: 'One quiz to review' })
    .add('POST', `${base}/quiz-reviews/{id}/`, async ({ ctx, params, body }) => ({ body: await reviewQuiz(ctx, params.id, await body()) }), {
      summary: 'Review a quiz',
      body: ReviewQuizInput,
      errors: [409],
    })
    .add('GET', `${base}/customers/`, paged(listCustomers, CUSTOMERS_PAGE_SIZE), {
      summary: 'Customers (travelers) with status counters',
      query: CustomerFilters,
      paginated: true,
    })
    .add('GET', `${base}/customers/{id}/`, async ({ ctx, params }) => ({ body: await getCustomer(ctx, params.id) }), { summary: 'One customer' })
    .add(
      'POST',
      `${base}/customers/{id}/notes/`,
      async ({ ctx, params, body }) => ({ status: 201, body: await saveCustomerNote(ctx, params.id, await body()) }),
      { summary: 'Save a note on a customer', body: CustomerNoteInput, status: 201 },
    )
    .add('POST', `${base}/assign-expert/`, async ({ ctx, body }) => ({ body: await assignTravelerExpert(ctx, await body()) }), {
      summary: 'Assign an expert to a traveler',
      body: AssignTravelerExpertInput,
    })
    .add('GET', `${base}/experts/`, async ({ ctx, query }) => ({ body: await listExpertDirectory(ctx, queryFilters(query)) }), {
      summary: 'The expert directory',
    })
    .add('GET', `${base}/experts/{id}/`, async ({ ctx, params }) => ({ body: await getExpertProfile(ctx, params.id) }), { summary: "One expert's profile" })
}
