// Loads this server's own OpenAPI document into Swagger UI; "Authorize" takes an access token.
window.ui = SwaggerUIBundle({
  url: "/openapi.json",
  dom_id: "#swagger-ui",
  deepLinking: true,
  persistAuthorization: false,
  tryItOutEnabled: false
});
