import { CUSTOMERS_PAGE_SIZE, QUIZ_QUEUE_PAGE_SIZE, RecordId } from '@meridian/validators'
import {
  assignTravelerExpert,
  getCustomer,
  getExpertProfile,
  getQuizReview,
  getSpecialistDashboard,
  listCustomers,
  listExpertDirectory,
  listQuizQueue,
  requireCustomerStaff,
  requireExpertStaff,
  requireQuizReviewer,
  reviewQuiz,
  saveCustomerNote,
} from '@meridian/core'
import * as v from 'valibot'
import { gatedProcedure, router } from '../init.ts'
import { listInput, pageWindow } from '../paging.ts'

// Each group's gate runs before its input is read; the services check again.
const reviewers = gatedProcedure(requireQuizReviewer)
const customerStaff = gatedProcedure(requireCustomerStaff)
const expertStaff = gatedProcedure(requireExpertStaff)

const data = v.record(v.string(), v.unknown())
const byId = v.object({ id: RecordId })
const withData = v.object({ id: RecordId, data: v.optional(data, {}) })

/** The /users/api/specialist/… calls as procedures (docs/quiz-review.md, docs/customers.md). */
export const specialistRouter = router({
  dashboard: reviewers.query(({ ctx }) => getSpecialistDashboard(ctx.service)),
  quizReviews: reviewers
    .input(listInput(QUIZ_QUEUE_PAGE_SIZE))
    .query(({ ctx, input }) => listQuizQueue(ctx.service, input.filters, pageWindow(input, QUIZ_QUEUE_PAGE_SIZE))),
  quizReview: reviewers.input(byId).query(({ ctx, input }) => getQuizReview(ctx.service, input.id)),
  review: reviewers.input(withData).mutation(({ ctx, input }) => reviewQuiz(ctx.service, input.id, input.data)),
  customers: customerStaff
    .input(listInput(CUSTOMERS_PAGE_SIZE))
    .query(({ ctx, input }) => listCustomers(ctx.service, input.filters, pageWindow(input, CUSTOMERS_PAGE_SIZE))),
  customer: customerStaff.input(byId).query(({ ctx, input }) => getCustomer(ctx.service, input.id)),
  saveNote: customerStaff.input(withData).mutation(({ ctx, input }) => saveCustomerNote(ctx.service, input.id, input.data)),
  assignExpert: expertStaff.input(data).mutation(({ ctx, input }) => assignTravelerExpert(ctx.service, input)),
  experts: expertStaff.input(v.optional(v.object({ search: v.optional(v.pipe(v.string(), v.maxLength(100))) }), {})).query(({ ctx, input }) => listExpertDirectory(ctx.service, input)),
  expert: expertStaff.input(byId).query(({ ctx, input }) => getExpertProfile(ctx.service, input.id)),
})
