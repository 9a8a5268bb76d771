/* The API reference page's start-up (GET /api/docs/): a file of its own, so the page runs under the site's CSP
 * (script-src 'self') with no inline script. SwaggerUIBundle comes from swagger-ui-bundle.js, loaded before this. */
window.addEventListener('DOMContentLoaded', function () {
  window.ui = window.SwaggerUIBundle({
    url: '/api/schema/',
    dom_id: '#swagger-ui',
    deepLinking: true,
    // About two hundred operations: a box to filter them by tag.
    filter: true,
    // No call to an outside validator: the page loads nothing from elsewhere.
    validatorUrl: null,
    persistAuthorization: false,
    tryItOutEnabled: false,
    presets: [window.SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  })
})
