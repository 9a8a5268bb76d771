import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { expect, test, uniqueName, watchToasts } from './fixtures.ts'
import { blockingViolations } from './support/axe.ts'

// Whole journeys (a registration, a quiz, a review and the checks after it) on a shared machine.
test.describe.configure({ timeout: 90_000 })

const PASSWORD = 'a-long-review-passphrase'
const ANSWERS = { travel_style: 'Food & Wine', budget_range: 'Premium ($3000-5000)', group_size: 'Couple' }
const EXPERT = 'Elena Costa'

interface QuizTaker {
  name: string
  id: number
  access: string
}

/**
 * A traveler of this test's own (a unique last name, so the queue's item is this test's alone) who completes the
 * Travel DNA quiz through the REST API, as the onboarding screen does.
 */
async function travelerWithQuiz(request: APIRequestContext): Promise<QuizTaker> {
  const username = uniqueName('reviewee')
  const lastName = uniqueName('Quizzer')
  const registered = await request.post('/users/api/auth/register/', {
    data: { username, email: `${username}@example.test`, password: PASSWORD, confirm_password: PASSWORD, first_name: 'Rae', last_name: lastName },
  })
  expect(registered.status(), await registered.text()).toBe(201)
  const { access } = (await registered.json()) as { access: string }
  const submitted = await request.post('/api/onboarding/quiz/', {
    headers: { Authorization: `Bearer ${access}` },
    data: { quiz_type: 'general', quiz_data: ANSWERS },
  })
  expect(submitted.status(), await submitted.text()).toBe(201)
  const { id } = (await submitted.json()) as { id: number }
  return { name: `Rae ${lastName}`, id, access }
}

/** The submission as its traveler reads it (GET /api/onboarding/quiz/{id}/). */
async function ownView(request: APIRequestContext, who: QuizTaker) {
  const res = await request.get(`/api/onboarding/quiz/${who.id}/`, { headers: { Authorization: `Bearer ${who.access}` } })
  expect(res.status()).toBe(200)
  return (await res.json()) as { status: string; score: number | null; expert_assignment: number | null }
}

const filters = (page: Page) => page.getByRole('search', { name: 'Filters' })
const queue = (page: Page) => page.getByRole('region', { name: /^Quiz Queue \(\d+\)$/ })
const item = (page: Page, who: QuizTaker) => queue(page).getByRole('article', { name: who.name })
const panel = (page: Page) => page.getByRole('region', { name: 'Quiz review' })

/** Search the answers and narrow to a status and the General quiz; without JavaScript, Filter applies them. */
async function filterQueue(page: Page, status: 'Awaiting specialist' | 'Reviewed', js: boolean) {
  const bar = filters(page)
  await bar.getByRole('textbox', { name: 'Search' }).fill('food & wine')
  await bar.getByRole('combobox', { name: 'Status' }).selectOption({ label: status })
  await bar.getByRole('combobox', { name: 'Quiz type' }).selectOption({ label: 'General' })
  if (!js) await bar.getByRole('button', { name: 'Filter' }).click()
  await expect(page).toHaveURL(new RegExp(`status=${status === 'Reviewed' ? 'reviewed' : 'awaiting_specialist'}`))
  await expect(page).toHaveURL(/quiz_type=general/)
  await expect(page).toHaveURL(/search=food/)
}

/** The demo expert: among the five best matches, or under 'More experts' when others rank higher. */
async function chooseExpert(form: Locator) {
  const radio = form.getByRole('radio', { name: EXPERT, exact: true })
  if (!(await radio.isVisible())) await form.getByText(/^More experts \(\d+\)$/).click()
  await radio.check()
}

async function openCenter(page: Page) {
  await page.goto('/dashboard/quiz-reviews')
  await expect(page.getByRole('heading', { level: 1, name: 'Quiz Review Center' })).toBeVisible()
  for (const label of ['Pending Reviews', 'Completed Today', 'Average Score', 'Expert Assignments']) {
    await expect(page.getByRole('main').getByText(label, { exact: true })).toBeVisible()
  }
  await expect(page.getByRole('main').getByText(/^\d+ this week$/)).toBeVisible()
  await expect(page.getByRole('link', { name: 'Refresh' })).toHaveAttribute('href', '/dashboard/quiz-reviews')
}

test.describe('reviewing a quiz without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('a specialist finds the quiz, is refused a score of 0, then scores it 85.5 with an expert', async ({ page, request, signIn }) => {
    const who = await travelerWithQuiz(request)
    await signIn('specialist')
    await openCenter(page)
    await filterQueue(page, 'Awaiting specialist', false)
    const waiting = item(page, who)
    await expect(waiting).toContainText('General quiz')
    await expect(waiting).toContainText('Awaiting specialist')
    await expect(waiting).toContainText('Food & Wine · Premium ($3000-5000) · Couple')

    await waiting.getByRole('link', { name: 'Review' }).click()
    await expect(page).toHaveURL(new RegExp(`status=awaiting_specialist.*quiz=${who.id}#quiz-review$`))
    let review = panel(page)
    await expect(review.getByRole('heading', { name: 'Travel DNA' })).toBeVisible()
    await expect(review).toContainText(who.name)
    await expect(review).toContainText("What's your ideal travel style?")
    await expect(review).toContainText('Food & Wine')
    await expect(review.getByRole('radio', { name: 'No expert' })).toBeChecked()

    let form = review.getByRole('form', { name: 'Review this quiz' })
    await chooseExpert(form)
    await form.getByRole('spinbutton', { name: 'Score' }).fill('0')
    await form.getByRole('button', { name: 'Submit Review' }).click()
    review = panel(page)
    form = review.getByRole('form', { name: 'Review this quiz' })
    await expect(form.getByText('Enter a score above 0, up to 100.')).toBeVisible()
    // What was chosen survives the refusal.
    await expect(form.getByRole('radio', { name: EXPERT, exact: true })).toBeChecked()

    await form.getByRole('spinbutton', { name: 'Score' }).fill('85.5')
    await form.getByRole('button', { name: 'Submit Review' }).click()
    await expect(page.getByRole('status').filter({ hasText: `Review saved: ${who.name} now works with ${EXPERT}.` })).toBeVisible()
    await expect(page).not.toHaveURL(/quiz=/)
    // Back on the same filtered queue, which no longer holds it.
    await expect(page).toHaveURL(/status=awaiting_specialist/)
    await expect(item(page, who)).toHaveCount(0)

    await filterQueue(page, 'Reviewed', false)
    const done = item(page, who)
    await expect(done).toContainText('Completed')
    await expect(done).toContainText('85.5 · Excellent')
    await expect(done).toContainText(`Expert: ${EXPERT}`)
    await expect(done.getByRole('link', { name: 'Review' })).toHaveCount(0)

    // Opened again, the panel shows the stored review instead of the form.
    await done.getByRole('link', { name: who.name, exact: true }).click()
    review = panel(page)
    await expect(review).toContainText('Completed')
    await expect(review).toContainText('85.5 · Excellent')
    await expect(review).toContainText(`Expert chosen: ${EXPERT}`)
    await expect(review.getByRole('button', { name: 'Submit Review' })).toHaveCount(0)

    const own = await ownView(request, who)
    expect(own.status).toBe('reviewed')
    expect(own.score).toBe(85.5)
  })
})

test.describe('reviewing a quiz with JavaScript', () => {
  test('Submit Review waits for a score, names it as it is typed, and the review leaves the pending list', async ({ page, request, signIn }) => {
    const who = await travelerWithQuiz(request)
    await signIn('specialist')
    const toasts = await watchToasts(page)
    await openCenter(page)
    await filterQueue(page, 'Awaiting specialist', true)
    await item(page, who).getByRole('link', { name: 'Review' }).click()
    const review = panel(page)
    await expect(review.getByRole('heading', { name: 'Travel DNA' })).toBeVisible()
    await expect(item(page, who).getByRole('link', { name: who.name, exact: true })).toHaveAttribute('aria-current', 'true')

    const form = review.getByRole('form', { name: 'Review this quiz' })
    const submit = form.getByRole('button', { name: 'Submit Review' })
    const score = form.getByRole('spinbutton', { name: 'Score' })
    await expect(submit).toBeDisabled()
    await score.fill('0')
    await expect(submit).toBeDisabled()
    await score.fill('72')
    await expect(form.getByText('Good', { exact: true })).toBeVisible()
    await expect(submit).toBeEnabled()
    await score.fill('91')
    await expect(form.getByText('Excellent', { exact: true })).toBeVisible()
    // Decimals are scores too; below 80 is Good.
    await score.fill('79.99')
    await expect(form.getByText('Good', { exact: true })).toBeVisible()
    await score.fill('72.25')

    // The panel (list, answers, ranked experts, live score) reads for everyone, in both themes.
    expect(await blockingViolations(page, { include: 'main' })).toEqual([])
    await page.emulateMedia({ colorScheme: 'dark' })
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark')
    expect(await blockingViolations(page, { include: 'main', only: ['color-contrast'] })).toEqual([])
    await page.emulateMedia({ colorScheme: 'light' })

    await submit.click()
    await expect.poll(toasts).toContainEqual(expect.stringContaining(`Review saved for ${who.name}.`))
    await expect(panel(page)).toHaveCount(0)
    await expect(item(page, who)).toHaveCount(0)

    await filters(page).getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Reviewed' })
    const done = item(page, who)
    await expect(done).toContainText('Completed')
    await expect(done).toContainText('72.25 · Good')
    expect(await ownView(request, who)).toMatchObject({ status: 'reviewed', score: 72.25 })
  })
})

test('a search that matches nothing says so, and an unknown quiz opens no panel', async ({ page, signIn }) => {
  await signIn('superadmin')
  await page.goto(`/dashboard/quiz-reviews?search=${uniqueName('nothing-answers-')}&quiz=2147483000`)
  await expect(page.getByText('No Quizzes Found')).toBeVisible()
  await expect(page.getByText('Try adjusting your search or filters.')).toBeVisible()
  await expect(page.getByText('The requested quiz was not found.')).toBeVisible()
  await expect(panel(page)).toHaveCount(0)
})

test('a traveler is refused the Quiz Review Center', async ({ page, signIn }) => {
  await signIn('traveler')
  const res = await page.goto('/dashboard/quiz-reviews')
  expect(res?.status()).toBe(403)
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible()
  await expect(page.getByRole('alert').filter({ hasText: "You don't have permission to perform this action." })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Quiz Review Center' })).toHaveCount(0)
})
