// The interactive API page (/api/docs, `asobiba serve --api-docs`): Swagger UI, served by this
// server from its package, over the server's own contract. No validator badge: it would ask
// another host about the schema.
/* global SwaggerUIBundle */
window.ui = SwaggerUIBundle({
  url: "/api/openapi.json",
  dom_id: "#swagger-ui",
  validatorUrl: null,
  deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis],
  layout: "BaseLayout",
});
