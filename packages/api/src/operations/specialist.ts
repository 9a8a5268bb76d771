import * as core from '@meridian/core'
import * as val from '@meridian/validators'
import * as v from 'valibot'
import { gatedProcedure } from '../trpc/init.ts'
import { operations } from './kit.ts'

/**
 * The specialist calls (1-platform-core.md §7 Specialist; docs/quiz-review.md, docs/customers.md). The detail of one
 * quiz review and of one customer, and the customer notes, are this product's own. Each group's gate runs before its
 * input is read; the services check again.
 */
const base = '/users/api/specialist'
const reviewers = operations(gatedProcedure(core.requireQuizReviewer))
const customerStaff = operations(gatedProcedure(core.requireCustomerStaff))
const expertDesk = operations(gatedProcedure(core.requireExpertStaff))

export const specialist = {
  dashboard: reviewers.read(core.getSpecialistDashboard, { at: `GET ${base}/dashboard/`, summary: "The specialist's dashboard figures" }),
  quizReviews: reviewers.list(core.listQuizQueue, val.QUIZ_QUEUE_PAGE_SIZE, {
    at: `GET ${base}/quiz-reviews/`,
    summary: 'The quiz review queue',
    query: val.QuizQueueFilters,
  }),
  quizReview: reviewers.get(core.getQuizReview, { at: `GET ${base}/quiz-reviews/{id}/`, summary: 'One quiz to review' }),
  review: reviewers.update(
    core.reviewQuiz,
    { at: `POST ${base}/quiz-reviews/{id}/`, summary: 'Review a quiz', body: val.ReviewQuizInput, errors: [409] },
    { optionalData: true },
  ),
  customers: customerStaff.list(core.listCustomers, val.CUSTOMERS_PAGE_SIZE, {
    at: `GET ${base}/customers/`,
    summary: 'Customers (travelers) with status counters',
    query: val.CustomerFilters,
  }),
  customer: customerStaff.get(core.getCustomer, { at: `GET ${base}/customers/{id}/`, summary: 'One customer' }),
  saveNote: customerStaff.update(
    core.saveCustomerNote,
    { at: `POST ${base}/customers/{id}/notes/`, summary: 'Save a note on a customer', body: val.CustomerNoteInput, status: 201 },
    { optionalData: true },
  ),
  assignExpert: expertDesk.write(core.assignTravelerExpert, {
    at: `POST ${base}/assign-expert/`,
    summary: 'Assign an expert to a traveler',
    body: val.AssignTravelerExpertInput,
  }),
  experts: expertDesk.query(
    core.listExpertDirectory,
    { at: `GET ${base}/experts/`, summary: 'The expert directory' },
    v.optional(v.object({ search: v.optional(v.pipe(v.string(), v.maxLength(100))) }), {}),
  ),
  expert: expertDesk.get(core.getExpertProfile, { at: `GET ${base}/experts/{id}/`, summary: "One expert's profile" }),
}
