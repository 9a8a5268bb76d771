// The answer checks live beside the REST adapter (packages/api/src/answers.ts) so that its own test server uses them too.
export { restAnswerProblem, routeOf, trpcAnswerProblem } from '@meridian/api/testing'
