import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertUser } from '@meridian/core'
import { startTestServer, type TestServer } from '../testing.ts'

let server: TestServer
const token: Record<string, string> = {}

beforeAll(async () => {
  server = await startTestServer()
  await insertUser(server.handle.db, {
    username: 'second-traveler',
    email: 'second@meridian.example',
    password: 'meridian-demo',
    role: 'traveler',
  })
  for (const username of ['traveler', 'second-traveler', 'specialist', 'editor', 'expert', 'admin']) {
    token[username] = (await server.login(username)).access
  }
})
afterAll(async () => {
  await server?.close()
})

const QUIZ = '/api/onboarding/quiz/'
const ANSWERS = { travel_style: 'Adventure & Exploration', budget_range: "I'm flexible", group_size: 'Group of friends' }
const MALDIVES = { stay: 'Overwater villa', occasion: 'Honeymoon or anniversary', budget_range: 'Luxury ($5000+)', group_size: 'Couple' }

describe('POST /api/onboarding/quiz/', () => {
  it('saves a traveler’s answers: 201 with the submission', async () => {
    const res = await server.request(QUIZ, { token: token.traveler, body: { quiz_data: ANSWERS } })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ quiz_type: 'general', status: 'awaiting_specialist', quiz_data: ANSWERS, score: null })
    expect(res.body.id).toEqual(expect.any(Number))
  })

  it('answers 400 with DRF field errors for an answer that is not an option', async () => {
    const res = await server.request(QUIZ, { token: token.traveler, body: { quiz_data: { ...ANSWERS, travel_style: 'Space tourism' } } })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ 'quiz_data.travel_style': ['Please choose one of the options.'] })
  })

  it('answers 400 for a body that is not JSON', async () => {
    const res = await server.request(QUIZ, { token: token.traveler, body: '{"quiz_data":', headers: { 'Content-Type': 'application/json' } })
    expect(res.status).toBe(400)
    expect(res.body.detail).toMatch(/^JSON parse error/)
  })

  it('refuses staff who may not submit (403) and callers without a token (401)', async () => {
    for (const username of ['editor', 'specialist', 'expert']) {
      const res = await server.request(QUIZ, { token: token[username], body: { quiz_data: ANSWERS } })
      expect(res.status).toBe(403)
      expect(res.body).toEqual({ detail: "You don't have permission to perform this action." })
    }
    const anonymous = await server.request(QUIZ, { body: { quiz_data: ANSWERS } })
    expect(anonymous.status).toBe(401)
    expect(anonymous.headers.get('www-authenticate')).toContain('Bearer')
  })
})

describe('GET /api/onboarding/quiz/{id}/', () => {
  it('answers the owner and a specialist; hides it from another traveler and an editor (404)', async () => {
    const created = await server.request(QUIZ, { token: token.traveler, body: { quiz_type: 'maldives', quiz_data: MALDIVES } })
    const path = `${QUIZ}${created.body.id}/`

    const own = await server.request(path, { token: token.traveler })
    expect(own.status).toBe(200)
    expect(own.body).toEqual(created.body)
    const reviewed = await server.request(path, { token: token.specialist })
    expect(reviewed.status).toBe(200)
    expect(reviewed.body.quiz_type).toBe('maldives')
    // Admins see quizzes on customer profiles, so they read one by id too.
    expect((await server.request(path, { token: token.admin })).status).toBe(200)

    for (const username of ['second-traveler', 'editor']) {
      const hidden = await server.request(path, { token: token[username] })
      expect(hidden.status).toBe(404)
      expect(hidden.body).toEqual({ detail: 'The requested resource was not found.' })
    }
    expect((await server.request(path)).status).toBe(401)
  })

  it('answers 404 for unknown or malformed ids, with or without the trailing slash', async () => {
    for (const id of ['999999', 'abc', '1e3', '-1']) {
      expect((await server.request(`${QUIZ}${id}/`, { token: token.specialist })).status).toBe(404)
    }
    const created = await server.request(QUIZ, { token: token.traveler, body: { quiz_data: ANSWERS } })
    expect((await server.request(`${QUIZ}${created.body.id}`, { token: token.traveler })).status).toBe(200)
  })
})
