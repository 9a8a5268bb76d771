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
import { CUSTOMERS_PAGE_SIZE, QUIZ_QUEUE_PAGE_SIZE } from '@meridian/validators'
import { pagedList as paged, queryFilters } from './pagination.ts'
import type { RouteTable } from './router.ts'

/**
 * The specialist calls (1-platform-core.md §7 Specialist; docs/quiz-review.md, docs/customers.md). The detail of one
 * quiz review and of one customer, and the customer notes, are this product's own additions.
 */
export function specialistRoutes(table: RouteTable) {
  const base = '/users/api/specialist'
  table
    .add('GET', `${base}/dashboard/`, async ({ ctx }) => ({ body: await getSpecialistDashboard(ctx) }))
    .add('GET', `${base}/quiz-reviews/`, paged(listQuizQueue, QUIZ_QUEUE_PAGE_SIZE))
    .add('GET', `${base}/quiz-reviews/{id}/`, async ({ ctx, params }) => ({ body: await getQuizReview(ctx, params.id) }))
    .add('POST', `${base}/quiz-reviews/{id}/`, async ({ ctx, params, body }) => ({ body: await reviewQuiz(ctx, params.id, await body()) }))
    .add('GET', `${base}/customers/`, paged(listCustomers, CUSTOMERS_PAGE_SIZE))
    .add('GET', `${base}/customers/{id}/`, async ({ ctx, params }) => ({ body: await getCustomer(ctx, params.id) }))
    .add('POST', `${base}/customers/{id}/notes/`, async ({ ctx, params, body }) => ({ status: 201, body: await saveCustomerNote(ctx, params.id, await body()) }))
    .add('POST', `${base}/assign-expert/`, async ({ ctx, body }) => ({ body: await assignTravelerExpert(ctx, await body()) }))
    .add('GET', `${base}/experts/`, async ({ ctx, query }) => ({ body: await listExpertDirectory(ctx, queryFilters(query)) }))
    .add('GET', `${base}/experts/{id}/`, async ({ ctx, params }) => ({ body: await getExpertProfile(ctx, params.id) }))
}
