import type { APIRequestContext, Page } from '@playwright/test'
import { DEMO_PASSWORD, expect, test, uniqueName } from './fixtures.ts'
import { blockingViolations } from './support/axe.ts'
import { cuttingProxy } from './support/cutting-proxy.ts'
import { restToken } from './support/trips.ts'

/*
 * The chat screen (docs/chat.md "Screens"). Each test registers its own traveler and makes the demo expert their
 * standing expert, so the pair and their conversation are the test's alone; the demo expert's list holds other
 * specs' conversations too, so it is always searched by the traveler's unique name.
 */

const PASSWORD = 'a-long-chat-passphrase'

async function expertId(request: APIRequestContext) {
  const res = await request.post('/users/api/auth/login/', { data: { username: 'expert', password: DEMO_PASSWORD } })
  return ((await res.json()) as { user: { id: number } }).user.id
}

/** A traveler of this test's own whose standing expert is the demo expert (Elena Costa). */
async function travelerOfTheExpert(request: APIRequestContext) {
  const username = uniqueName('chatter')
  const lastName = uniqueName('Chat').replace(/^chat/i, 'Chat')
  const res = await request.post('/users/api/auth/register/', {
    data: { username, email: `${username}@example.test`, password: PASSWORD, confirm_password: PASSWORD, first_name: 'Nora', last_name: lastName },
  })
  expect(res.status(), await res.text()).toBe(201)
  const { user } = (await res.json()) as { user: { id: number } }
  const assigned = await request.post('/users/api/specialist/assign-expert/', {
    headers: { Authorization: `Bearer ${await restToken(request, 'specialist')}` },
    data: { customer_id: user.id, expert_id: await expertId(request) },
  })
  expect(assigned.status(), await assigned.text()).toBe(200)
  return { id: user.id, username, lastName, name: `Nora ${lastName}` }
}

const log = (page: Page) => page.getByRole('log', { name: 'Messages' })
const messageBox = (page: Page) => page.getByRole('textbox', { name: 'Message' })
const conversations = (page: Page) => page.getByRole('navigation', { name: 'Conversations' })

async function searchList(page: Page, text: string) {
  const search = page.getByRole('search', { name: 'Search conversations' })
  await search.getByRole('searchbox', { name: 'Search conversations' }).fill(text)
  await search.getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(new RegExp(`search=${text}`))
}

test.describe('chat without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('a traveler writes to their expert, who finds the conversation, reads it and answers', async ({ page, request, signIn, baseURL }) => {
    const traveler = await travelerOfTheExpert(request)
    await signIn(traveler.username, PASSWORD)
    await page.goto('/dashboard/chat')
    await expect(page.getByRole('heading', { level: 1, name: 'Expert Communication' })).toBeVisible()
    await expect(page.getByText('No conversations yet')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Select a conversation' })).toBeVisible()

    // Message your expert opens the conversation (a POST: the link-free way to start one).
    await page.getByRole('button', { name: 'Message Elena Costa (Travel Expert)' }).click()
    await expect(page).toHaveURL(/\/dashboard\/chat\/\d+$/)
    const url = page.url()
    await expect(page.getByRole('heading', { level: 2, name: 'Elena Costa' })).toBeVisible()
    await expect(log(page)).toContainText('No messages yet')

    // A blank message is refused with the field message, and what was typed stays.
    await messageBox(page).fill('   ')
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(page.getByText('This field may not be blank.')).toBeVisible()
    await expect(messageBox(page)).toHaveValue('   ')

    // Send: back to the conversation (post, redirect, get) with the message in it, on the right as one's own.
    await messageBox(page).fill('Hello Elena!\nCan we add a day in Sintra?')
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(page).toHaveURL(url)
    await expect(log(page).getByRole('listitem')).toHaveCount(1)
    await expect(log(page)).toContainText('Can we add a day in Sintra?')
    await expect(log(page).getByRole('listitem').first()).toContainText('You')
    await expect(log(page).locator('time').first()).toHaveText('just now')
    await expect(log(page).locator('time').first()).toHaveAttribute('title', /\d{4}/)

    // The same form sent twice (its client key is made per page) makes one message.
    const key = await page.locator('input[name="client_key"]').inputValue()
    for (let i = 0; i < 2; i++) {
      const res = await page.request.post(url, {
        form: { intent: 'send', client_key: key, content: 'Sent twice, kept once' },
        headers: { Origin: baseURL! },
        maxRedirects: 0,
      })
      expect(res.status()).toBe(302)
    }
    await page.getByRole('link', { name: 'Refresh' }).click()
    await expect(log(page).getByText('Sent twice, kept once')).toHaveCount(1)

    // The expert finds it by the traveler's name, with its unread count, and answers.
    await signIn('expert')
    await page.goto('/dashboard/chat')
    await expect(page.getByRole('heading', { level: 1, name: 'Chat & Messages' })).toBeVisible()
    await searchList(page, traveler.lastName)
    const row = conversations(page).getByRole('link', { name: new RegExp(traveler.name) })
    await expect(row).toHaveCount(1)
    await expect(row).toContainText('Sent twice, kept once')
    await expect(row).toContainText('2 unread messages')
    await row.click()
    await expect(page).toHaveURL(new RegExp(`${url.replace(/^.*(\/dashboard)/, '$1')}\\?search=`))
    await expect(log(page)).toContainText('Can we add a day in Sintra?')
    await expect(log(page).getByRole('listitem').first()).toContainText(traveler.name)
    // Opening it read it.
    await expect(conversations(page).getByRole('link', { name: new RegExp(traveler.name) })).not.toContainText('unread')
    await messageBox(page).fill('Of course, Nora.')
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(log(page)).toContainText('Of course, Nora.')
    await expect(page).toHaveURL(/search=/)

    // Nothing found: the empty state says so.
    await searchList(page, 'zzqqnothing')
    await expect(page.getByText('No conversations found')).toBeVisible()

    // The traveler sees the answer in their list and in the conversation.
    await signIn(traveler.username, PASSWORD)
    await page.goto('/dashboard/chat')
    await expect(conversations(page).getByRole('link', { name: /Elena Costa/ })).toContainText('1 unread message')
    await expect(page.getByRole('button', { name: /Message Elena Costa/ })).toHaveCount(0)
    await page.goto(url)
    await expect(log(page)).toContainText('Of course, Nora.')
  })

  test('a conversation is its participants’ alone: anyone else gets the 404 page', async ({ page, request, signIn }) => {
    const traveler = await travelerOfTheExpert(request)
    const token = await restToken(request, traveler.username, PASSWORD)
    const opened = await request.post('/api/chat/conversations/', {
      headers: { Authorization: `Bearer ${token}` },
      data: { staff_id: await expertId(request) },
    })
    expect(opened.status(), await opened.text()).toBe(201)
    const { id } = (await opened.json()) as { id: number }

    const stranger = await travelerOfTheExpert(request)
    await signIn(stranger.username, PASSWORD)
    const res = await page.goto(`/dashboard/chat/${id}`)
    expect(res?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
    // Nor may they post to it.
    const post = await page.request.post(`/dashboard/chat/${id}`, { form: { content: 'Hi' }, headers: { Origin: new URL(page.url()).origin }, maxRedirects: 0 })
    expect(post.status()).toBe(404)

    // The specialist (no conversation with them) is no participant either.
    await signIn('specialist')
    expect((await page.goto(`/dashboard/chat/${id}`))?.status()).toBe(404)
  })
})

test.describe('chat without JavaScript, a long history', () => {
  test.use({ javaScriptEnabled: false })

  test('pages back through Older messages and returns to the newest', async ({ page, request, signIn }) => {
    const traveler = await travelerOfTheExpert(request)
    const token = await restToken(request, traveler.username, PASSWORD)
    const headers = { Authorization: `Bearer ${token}` }
    const opened = await request.post('/api/chat/conversations/', { headers, data: { staff_id: await expertId(request) } })
    const { id } = (await opened.json()) as { id: number }
    for (let i = 1; i <= 55; i++) {
      const res = await request.post(`/api/chat/conversations/${id}/messages/`, { headers, data: { content: `Note ${i}` } })
      expect(res.status()).toBe(201)
    }
    await signIn(traveler.username, PASSWORD)
    await page.goto(`/dashboard/chat/${id}`)
    // The newest 50, newest last.
    await expect(log(page).getByRole('listitem')).toHaveCount(50)
    await expect(log(page).getByRole('listitem').first()).toContainText('Note 6')
    await expect(log(page).getByRole('listitem').last()).toContainText('Note 55')
    await page.getByRole('link', { name: 'Older messages' }).click()
    await expect(page).toHaveURL(/before=\d+/)
    await expect(log(page).getByRole('listitem')).toHaveCount(5)
    await expect(log(page).getByRole('listitem').last()).toContainText('Note 5')
    await expect(log(page)).toContainText('The start of this conversation')
    await page.getByRole('link', { name: 'Newest messages' }).click()
    await expect(log(page).getByRole('listitem').last()).toContainText('Note 55')
  })
})

test.describe('chat with JavaScript', () => {
  test('an expert starts one from New Chat in the header; Enter sends, Shift+Enter starts a new line', async ({ page, request, signIn }) => {
    const traveler = await travelerOfTheExpert(request)
    await signIn('expert')
    await page.goto('/dashboard/overview')
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
    await page.getByRole('banner').getByRole('link', { name: 'New Chat' }).first().click()
    await expect(page).toHaveURL(/\/dashboard\/chat\/new$/)
    const dialog = page.getByRole('dialog', { name: 'New Chat' })
    await dialog.getByRole('searchbox', { name: 'Search your travelers' }).fill(traveler.lastName)
    await dialog.getByRole('searchbox', { name: 'Search your travelers' }).press('Enter')
    await expect(page).toHaveURL(new RegExp(`search=${traveler.lastName}`))
    await expect(dialog.getByRole('listitem')).toHaveCount(1)
    await dialog.getByRole('button', { name: `Start chat with ${traveler.name}` }).click()
    await expect(page).toHaveURL(/\/dashboard\/chat\/\d+$/)
    const url = page.url()
    await expect(page.getByRole('heading', { level: 2, name: traveler.name })).toBeVisible()

    const box = messageBox(page)
    await box.click()
    await box.pressSequentially('First line')
    await box.press('Shift+Enter')
    await box.pressSequentially('second line')
    await expect(box).toHaveValue('First line\nsecond line')
    await box.press('Enter')
    // The bubble shows at once; the box is emptied and keeps the focus for the next message.
    const bubble = log(page).getByRole('listitem').last()
    await expect(bubble).toContainText('First line\nsecond line')
    await expect(box).toHaveValue('')
    await expect(box).toBeFocused()
    await expect(bubble).not.toContainText('Sending…')
    await box.pressSequentially('And a second message')
    await box.press('Enter')
    await expect(log(page).getByRole('listitem')).toHaveCount(2)
    // Enter on an empty box sends nothing and says why.
    await box.press('Enter')
    await expect(page.getByText('This field may not be blank.')).toBeVisible()
    await expect(log(page).getByRole('listitem')).toHaveCount(2)

    // Stored: a reload shows both, in order, newest last; the list shows the latest.
    await page.goto(url)
    await expect(log(page).getByRole('listitem')).toHaveCount(2)
    await expect(log(page).getByRole('listitem').last()).toContainText('And a second message')
    await searchList(page, traveler.lastName)
    await expect(conversations(page).getByRole('link', { name: new RegExp(traveler.name) })).toContainText('You: And a second message')

    // New Chat again with the same traveler finds the conversation they have.
    await page.goto(`/dashboard/chat/new?search=${traveler.lastName}`)
    await page
      .getByRole('dialog', { name: 'New Chat' })
      .getByRole('link', { name: `Open chat with ${traveler.name}` })
      .click()
    await expect(page).toHaveURL(url)
  })

  test('the customer screens’ ?with= asks before starting, then finds the conversation; the pane follows the event stream', async ({
    page,
    browser,
    request,
    signIn,
    baseURL,
  }) => {
    const traveler = await travelerOfTheExpert(request)
    await signIn('expert')
    await page.goto(`/dashboard/chat?with=${traveler.id}`)
    const confirm = page.getByRole('region', { name: `Start a conversation with ${traveler.name}` })
    await expect(confirm).toBeVisible()
    await confirm.getByRole('button', { name: /Start conversation/ }).click()
    await expect(page).toHaveURL(/\/dashboard\/chat\/\d+$/)
    const url = page.url()
    await page.goto(`/dashboard/chat?with=${traveler.id}`)
    await expect(page).toHaveURL(url)

    // The traveler, in a browser of their own, has the conversation open while the expert writes.
    const other = await browser.newContext({ baseURL })
    const travelerPage = await other.newPage()
    const login = await other.request.post('/login', {
      form: { username: traveler.username, password: PASSWORD },
      headers: { Origin: baseURL! },
      maxRedirects: 0,
    })
    expect(login.status()).toBe(302)
    await travelerPage.goto(url)
    // The traveler's tab has its event stream open (the server said it is ready): nothing else brings new messages.
    await expect(travelerPage.locator('html')).toHaveAttribute('data-live', 'open')
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
    await messageBox(page).fill('Live from the expert')
    await messageBox(page).press('Enter')
    await expect(log(page)).toContainText('Live from the expert')
    // Without a reload or a click on Refresh: only the event stream can bring it, once.
    await expect(log(travelerPage).getByText('Live from the expert')).toHaveCount(1)
    // Read at once (the tab is seen): the list beside it shows the message, not as unread.
    const row = conversations(travelerPage).getByRole('link', { name: /Elena Costa/ })
    await expect(row).toContainText('Live from the expert')
    await expect(row).not.toContainText('unread')

    // With no conversation open, the expert's list takes in a message from the traveler's other device.
    await page.goto(`/dashboard/chat?search=${traveler.lastName}`)
    await expect(page.locator('html')).toHaveAttribute('data-live', 'open')
    const token = await restToken(request, traveler.username, PASSWORD)
    const id = Number(url.split('/').pop())
    const sent = await request.post(`/api/chat/conversations/${id}/messages/`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { content: 'From my phone' },
    })
    expect(sent.status(), await sent.text()).toBe(201)
    const expertRow = conversations(page).getByRole('link', { name: new RegExp(traveler.name) })
    await expect(expertRow).toContainText('From my phone')
    await expect(expertRow).toContainText('1 unread message')
    await other.close()
  })
})

test('a stream cut mid-way resumes by itself: what was sent meanwhile arrives once and in order, without a reload', async ({ browser, request, baseURL }) => {
  const traveler = await travelerOfTheExpert(request)
  const token = await restToken(request, traveler.username, PASSWORD)
  const opened = await request.post('/api/chat/conversations/', { headers: { Authorization: `Bearer ${token}` }, data: { staff_id: await expertId(request) } })
  expect(opened.status(), await opened.text()).toBeLessThan(300)
  const { id } = (await opened.json()) as { id: number }
  const expertToken = await restToken(request, 'expert')
  const fromExpert = async (content: string) => {
    const res = await request.post(`/api/chat/conversations/${id}/messages/`, { headers: { Authorization: `Bearer ${expertToken}` }, data: { content } })
    expect(res.status(), await res.text()).toBe(201)
  }

  // The traveler's browser reaches the server through a connection the test can cut.
  const proxy = await cuttingProxy(baseURL!)
  const context = await browser.newContext({ baseURL: proxy.url })
  try {
    const login = await context.request.post('/login', { form: { username: traveler.username, password: PASSWORD }, headers: { Origin: proxy.url }, maxRedirects: 0 })
    expect(login.status()).toBe(302)
    const page = await context.newPage()
    await page.goto(`/dashboard/chat/${id}`)
    const html = page.locator('html')
    await expect(html).toHaveAttribute('data-live', 'open')
    await fromExpert('Before the tunnel')
    await expect(log(page).getByText('Before the tunnel')).toHaveCount(1)

    // The connection drops; while the browser cannot get through, the expert writes twice.
    proxy.hold()
    proxy.cut()
    await expect(html).toHaveAttribute('data-live', 'connecting')
    await fromExpert('In the tunnel, first')
    await fromExpert('In the tunnel, second')
    await expect(log(page).getByText(/In the tunnel/)).toHaveCount(0)

    // Back in reach: the browser reconnects on its own with the last id it saw, and the server sends what it missed.
    proxy.release()
    await expect(html).toHaveAttribute('data-live', 'open', { timeout: 20_000 })
    await expect(log(page).getByText(/In the tunnel/)).toHaveText(['In the tunnel, first', 'In the tunnel, second'])
    await expect(log(page).getByText('Before the tunnel')).toHaveCount(1)
    // And it stays live: a message after the reconnection arrives by itself too.
    await fromExpert('After the tunnel')
    await expect(log(page).getByText('After the tunnel')).toHaveCount(1)
  } finally {
    await context.close()
    await proxy.close()
  }
})

test('the chat screens have no serious or critical axe finding, light or dark', async ({ page, request, signIn }) => {
  const traveler = await travelerOfTheExpert(request)
  const stranger = await travelerOfTheExpert(request)
  const token = await restToken(request, traveler.username, PASSWORD)
  const opened = await request.post('/api/chat/conversations/', { headers: { Authorization: `Bearer ${token}` }, data: { staff_id: await expertId(request) } })
  const { id } = (await opened.json()) as { id: number }
  const expertToken = await restToken(request, 'expert')
  for (const [who, content] of [
    [expertToken, 'Welcome aboard!'],
    [token, 'Thank you.\nA question about trains.'],
    [token, 'And one about ferries.'],
  ] as const) {
    const res = await request.post(`/api/chat/conversations/${id}/messages/`, { headers: { Authorization: `Bearer ${who}` }, data: { content } })
    expect(res.status()).toBe(201)
  }
  await signIn('expert')
  const findings: string[] = []
  const check = async (url: string, prepare?: () => Promise<void>) => {
    await page.goto(url)
    await prepare?.()
    for (const line of await blockingViolations(page)) findings.push(`light ${url}: ${line}`)
    await page.emulateMedia({ colorScheme: 'dark' })
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark')
    for (const line of await blockingViolations(page, { only: ['color-contrast'] })) findings.push(`dark ${url}: ${line}`)
    await page.emulateMedia({ colorScheme: 'light' })
  }
  // The list with unread counts, then the conversation (both sides, and the field message of an empty send).
  await check(`/dashboard/chat?search=${traveler.lastName}`, () => expect(conversations(page)).toContainText('2 unread messages'))
  await check(`/dashboard/chat/${id}?search=${traveler.lastName}`, async () => {
    await expect(log(page).getByRole('listitem')).toHaveCount(3)
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
    await messageBox(page).press('Enter')
    await expect(page.getByText('This field may not be blank.')).toBeVisible()
  })
  await check(`/dashboard/chat/new?search=${traveler.lastName}`, () => expect(page.getByRole('dialog', { name: 'New Chat' })).toBeVisible())
  await check(`/dashboard/chat?with=${stranger.id}`, () =>
    expect(page.getByRole('region', { name: `Start a conversation with ${stranger.name}` })).toBeVisible(),
  )
  expect(findings).toEqual([])
})
