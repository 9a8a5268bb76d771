import type { APIRequestContext, Page } from '@playwright/test'
import { DEMO_PASSWORD, expect, test, uniqueName, watchToasts } from './fixtures.ts'
import { restToken } from './support/trips.ts'

/*
 * Customer Profiles and the experts directory. Each test registers its own traveler (or expert) and finds them by
 * their unique username, so the counters it reads are those of its own search: other specs add travelers at the
 * same time.
 */

const DENIED = "You don't have permission to perform this action."

async function newTraveler(request: APIRequestContext) {
  const username = uniqueName('ingrid')
  const password = 'a-long-customer-passphrase'
  const res = await request.post('/users/api/auth/register/', {
    data: { username, email: `${username}@example.test`, password, confirm_password: password, first_name: 'Ingrid', last_name: 'Halvorsen' },
  })
  expect(res.status(), await res.text()).toBe(201)
  const { user } = (await res.json()) as { user: { id: number } }
  return { id: user.id, username, name: 'Ingrid Halvorsen' }
}

/** An expert made by the superadmin with the public profile fields filled. */
async function newExpert(request: APIRequestContext) {
  const login = await request.post('/users/api/auth/login/', { data: { username: 'superadmin', password: DEMO_PASSWORD } })
  const headers = { Authorization: `Bearer ${((await login.json()) as { access: string }).access}` }
  const roles = (await (await request.get('/users/api/roles/select_options/', { headers })).json()) as { value: number; name: string }[]
  const places = (await (await request.get('/api/destinations/?page_size=500')).json()) as { results: { id: number; name: string }[] }
  const covered = ['Iceland', 'Norway'].map((name) => places.results.find((c) => c.name === name) ?? places.results[0]!)
  const username = uniqueName('fjell')
  const lastName = uniqueName('Fjell')
  const res = await request.post('/users/api/users-mgmt/', {
    headers,
    data: {
      username,
      email: `${username}@example.test`,
      // 'Aaron' sorts among the first of the public page's experts.
      first_name: 'Aaron',
      last_name: lastName,
      role_id: roles.find((r) => r.name === 'expert')!.value,
      password: 'correct-horse-battery',
      confirm_password: 'correct-horse-battery',
      profile_data: { expert_countries: covered.map((c) => c.id), specializations: ['Glacier hiking', 'Northern lights'], years_experience: 9, bio: 'Arctic journeys, planned slowly.' },
    },
  })
  expect(res.status(), await res.text()).toBe(201)
  return { username, email: `${username}@example.test`, name: `Aaron ${lastName}`, countries: covered.map((c) => c.name) }
}

const statusTabs = (page: Page) => page.getByRole('navigation', { name: 'Customer status' })

/** The number a counter link shows ("Pending 1"). */
async function counter(page: Page, label: 'All' | 'Active' | 'Pending' | 'Inactive') {
  const text = await statusTabs(page).getByRole('link', { name: new RegExp(`^${label}`) }).textContent()
  return Number(/(\d+)\s*$/.exec(text ?? '')?.[1])
}

async function counters(page: Page) {
  return { all: await counter(page, 'All'), active: await counter(page, 'Active'), pending: await counter(page, 'Pending'), inactive: await counter(page, 'Inactive') }
}

async function searchCustomers(page: Page, text: string) {
  const filters = page.getByRole('search', { name: 'Filters' })
  await filters.getByRole('textbox', { name: 'Search' }).fill(text)
  await filters.getByRole('button', { name: 'Filter' }).click()
  await expect(page).toHaveURL(new RegExp(`search=${text}`))
}

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true })

test.describe('Customer Profiles without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('a specialist finds a new traveler, keeps a note with its history and sets their expert', async ({ page, request, signIn }) => {
    const who = await newTraveler(request)
    await signIn('specialist')
    await page.goto('/dashboard/customers')
    await expect(page.getByRole('heading', { level: 1, name: 'Customer Profiles' })).toBeVisible()
    await searchCustomers(page, who.username)
    const card = page.getByRole('article', { name: who.name })
    await expect(card).toHaveCount(1)
    await expect(card).toContainText('Pending')
    await expect(card).toContainText('Not matched yet')
    await expect(card).toContainText('$0.00')
    expect(await counters(page)).toEqual({ all: 1, active: 0, pending: 1, inactive: 0 })
    // The specialist has not reviewed this traveler's quiz, so a conversation with them could not be opened: no Chat.
    await expect(card.getByRole('link', { name: `View Profile: ${who.name}` })).toBeVisible()
    await expect(card.getByRole('link', { name: `Chat with ${who.name}` })).toHaveCount(0)

    // Each counter is a link that keeps the search and sets the status.
    await statusTabs(page).getByRole('link', { name: /^Active/ }).click()
    await expect(page).toHaveURL(/status=active/)
    await expect(page.getByText('No customers found')).toBeVisible()
    await statusTabs(page).getByRole('link', { name: /^Pending/ }).click()
    await expect(page.getByRole('article', { name: who.name })).toBeVisible()

    await page.getByRole('article', { name: who.name }).getByRole('link', { name: `View Profile: ${who.name}` }).click()
    await expect(page).toHaveURL(new RegExp(`/dashboard/customers/${who.id}$`))
    await expect(page.getByRole('heading', { level: 1, name: who.name })).toBeVisible()
    await expect(page.getByText('No notes yet.')).toBeVisible()
    await expect(section(page, 'Trips')).toContainText('No trips yet.')

    const note = page.getByRole('form', { name: 'Note' })
    await note.getByRole('textbox', { name: 'Note' }).fill('Prefers quiet boutique hotels. Travels in May.')
    await note.getByRole('button', { name: 'Save Note' }).click()
    await expect(page.getByRole('list', { name: 'Note history' }).getByRole('listitem')).toHaveCount(1)
    await page
      .getByRole('form', { name: 'Note' })
      .getByRole('textbox', { name: 'Note' })
      .fill('Prefers quiet boutique hotels. Travels in May; allergic to shellfish.')
    await page.getByRole('form', { name: 'Note' }).getByRole('button', { name: 'Save Note' }).click()
    const edits = page.getByRole('list', { name: 'Note history' }).getByRole('listitem')
    await expect(edits).toHaveCount(2)
    await expect(edits.nth(0)).toContainText('allergic to shellfish')
    await expect(edits.nth(0)).toContainText('Current · Priya Nair')
    await expect(edits.nth(1)).toContainText('Prefers quiet boutique hotels. Travels in May.')
    await expect(edits.nth(1)).toContainText('Priya Nair')
    await expect(page.getByRole('form', { name: 'Note' }).getByRole('textbox', { name: 'Note' })).toHaveValue(
      'Prefers quiet boutique hotels. Travels in May; allergic to shellfish.',
    )

    // The demo expert for every trip type.
    const form = page.getByRole('form', { name: 'Set expert' })
    const picker = form.getByRole('combobox', { name: 'Expert' })
    await picker.selectOption({ label: (await picker.locator('option', { hasText: 'Elena Costa' }).textContent())! })
    await expect(form.getByRole('combobox', { name: 'Trip type' })).toHaveValue('')
    await form.getByRole('button', { name: 'Set expert' }).click()
    await expect(section(page, 'Expert')).toContainText('Elena Costa · all trip types')
    await expect(page.getByRole('main')).toContainText('Active')

    await page.getByRole('link', { name: 'Back to customers' }).click()
    await searchCustomers(page, who.username)
    const matched = page.getByRole('article', { name: who.name })
    await expect(matched).toContainText('Active')
    await expect(matched).toContainText('Elena Costa')
    await expect(matched).toContainText('allergic to shellfish')
    expect(await counters(page)).toEqual({ all: 1, active: 1, pending: 0, inactive: 0 })
  })
})

test.describe('Customer Profiles with JavaScript', () => {
  test('a refused expert choice is explained beside the field; saves confirm with a toast', async ({ page, request, signIn }) => {
    const who = await newTraveler(request)
    const toasts = await watchToasts(page)
    await signIn('admin')
    await page.goto(`/dashboard/customers/${who.id}`)
    await expect(page.getByRole('heading', { level: 1, name: who.name })).toBeVisible()
    // Admins join a conversation when a participant asks them in: no Chat button that would only be refused.
    await expect(page.getByRole('link', { name: `Chat with ${who.name}` })).toHaveCount(0)

    const form = page.getByRole('form', { name: 'Set expert' })
    await form.getByRole('button', { name: 'Set expert' }).click()
    await expect(form.getByText('This field is required.')).toBeVisible()

    const picker = form.getByRole('combobox', { name: 'Expert' })
    await picker.selectOption({ label: (await picker.locator('option', { hasText: 'Elena Costa' }).textContent())! })
    await form.getByRole('combobox', { name: 'Trip type' }).selectOption({ label: 'Family' })
    await form.getByRole('button', { name: 'Set expert' }).click()
    await expect(section(page, 'Expert')).toContainText('Elena Costa · Family trips')
    await expect.poll(toasts).toContainEqual(expect.stringContaining(`Elena Costa is now ${who.name}'s expert for family trips.`))

    await page.getByRole('textbox', { name: 'Note' }).fill('Wants a family safari with a pool at every lodge.')
    await page.getByRole('button', { name: 'Save Note' }).click()
    await expect(page.getByRole('list', { name: 'Note history' }).getByRole('listitem')).toHaveCount(1)
    await expect(page.getByRole('list', { name: 'Note history' })).toContainText('Amir Haddad')
    await expect.poll(toasts).toContainEqual(expect.stringContaining('Note saved.'))

    // Typing searches after a pause; the status select filters at once.
    await page.goto('/dashboard/customers')
    await page.getByRole('search', { name: 'Filters' }).getByRole('textbox', { name: 'Search' }).fill(who.username)
    // The address changes a moment before the list is drawn again: wait for the one card.
    await expect(page.getByText('1 customer', { exact: true })).toBeVisible()
    await expect(page.getByRole('article', { name: who.name })).toContainText('Elena Costa (Family trips)')
    await page.getByRole('search', { name: 'Filters' }).getByRole('combobox', { name: 'Status' }).selectOption('inactive')
    await expect(page).toHaveURL(/status=inactive/)
    await expect(page.getByText('No customers found')).toBeVisible()
  })
})

test('with JavaScript, Sort by Total spent reorders the cards at once, most spent first', async ({ page, request, signIn }) => {
  await signIn('specialist')
  await page.goto('/dashboard/customers')
  const sortBy = page.getByRole('search', { name: 'Filters' }).getByRole('combobox', { name: 'Sort by' })
  await sortBy.selectOption({ label: 'Total spent (highest first)' })
  await expect(page).toHaveURL(/ordering=-total_spent/)
  await expect(sortBy).toHaveValue('-total_spent')
  const spent = async () => {
    const texts = await page.getByRole('article').evaluateAll((els) => els.slice(0, 3).map((e) => e.textContent ?? ''))
    return texts.map((t) => Number(/Total spent\s*\$([\d,]+\.\d\d)/.exec(t)?.[1]?.replace(/,/g, '') ?? NaN))
  }
  // The first card is the traveler who has spent the most, as the API answers for the same order.
  const headers = { Authorization: `Bearer ${await restToken(request, 'specialist')}` }
  const top = (await (await request.get('/users/api/specialist/customers/?ordering=-total_spent&page_size=1', { headers })).json()) as { results: { total_spent: string }[] }
  await expect.poll(async () => (await spent())[0]).toBe(Number(top.results[0]!.total_spent))
  const [a, b, c] = await spent()
  expect(a).toBeGreaterThanOrEqual(b!)
  expect(b).toBeGreaterThanOrEqual(c!)
})

test('the experts directory lists the demo expert with their load and opens their profile and trips', async ({ page, signIn }) => {
  await signIn('specialist')
  await page.goto('/dashboard/experts')
  await expect(page.getByRole('heading', { level: 1, name: 'Expert Management' })).toBeVisible()
  const row = page.getByRole('table', { name: 'Experts' }).getByRole('row').filter({ hasText: 'Elena Costa' })
  await expect(row).toContainText('Active')
  await expect(row).toContainText(/\d+ open trips?/)
  await expect(row).toContainText(/(\d+(\.\d)?%|—)/)

  await page.goto('/dashboard/experts?search=nobody-by-this-name')
  await expect(page.getByText('No experts found')).toBeVisible()
  await page.goto('/dashboard/experts?search=elena')
  await page.getByRole('table', { name: 'Experts' }).getByRole('link', { name: 'Elena Costa' }).click()
  await expect(page).toHaveURL(/\/dashboard\/experts\/\d+$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Elena Costa' })).toBeVisible()
  await expect(page.getByRole('main')).toContainText('expert@meridian.example')
  await expect(section(page, 'Performance')).toContainText('Acceptance rate')
  await expect(section(page, 'Performance')).toContainText('Response time')
  await expect(section(page, 'Trips by status')).toContainText('Completed')
  // The demo expert works on the demo traveler's trips.
  await expect(section(page, 'Trips')).toContainText('Traveler: Lucas Moreau')
})

test('the public experts page shows countries and specializations, never the e-mail; staff see the same expert in the directory', async ({ page, request, signIn }) => {
  const expert = await newExpert(request)
  await page.goto('/experts')
  const card = page.getByTestId('expert-card').filter({ hasText: expert.name })
  await expect(card).toBeVisible()
  for (const country of expert.countries) await expect(card).toContainText(country)
  await expect(card).toContainText('Glacier hiking')
  await expect(card).toContainText('Northern lights')
  await expect(card).toContainText('9 years of experience')
  const html = await page.content()
  expect(html).not.toContain(expert.email)
  expect(html).not.toContain(expert.username)

  await signIn('specialist')
  await page.goto(`/dashboard/experts?search=${encodeURIComponent(expert.name)}`)
  const row = page.getByRole('table', { name: 'Experts' }).getByRole('row').filter({ hasText: expert.name })
  await expect(row).toContainText('Glacier hiking')
  await expect(row).toContainText('9 years')
  await expect(row).toContainText('0 open trips')
  await expect(row).toContainText('—')
})

test('travelers and experts get Access Denied; an unknown customer or expert is not found', async ({ page, request, signIn, baseURL }) => {
  const who = await newTraveler(request)
  for (const username of ['traveler', 'expert'] as const) {
    await signIn(username)
    for (const path of ['/dashboard/customers', '/dashboard/experts', `/dashboard/customers/${who.id}`]) {
      const res = await page.goto(path)
      expect(res?.status(), `${username} ${path}`).toBe(403)
      await expect(page.getByRole('alert').filter({ hasText: DENIED })).toBeVisible()
    }
  }
  expect((await page.request.post(`/dashboard/customers/${who.id}`, { form: { intent: 'note', body: 'Not mine to write.' }, headers: { Origin: baseURL! } })).status()).toBe(403)

  await signIn('specialist')
  for (const path of ['/dashboard/customers/999999999', '/dashboard/experts/999999999', `/dashboard/experts/${who.id}`]) {
    const res = await page.goto(path)
    expect(res?.status(), path).toBe(404)
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
  }
})
