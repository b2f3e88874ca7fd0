// The local twin's docs page (infra/local/docs-page.ts): Swagger UI on the twin's own /openapi.json.
// "Try it out" must ask for the vendor media type, else the API answers 406 (docs/api-rules.md "Transport").
const MEDIA_TYPE_V1 = 'application/vnd.service.v1+json';

window.onload = () => {
  window.ui = SwaggerUIBundle({
    url: '/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    requestInterceptor: (request) => {
      if (!request.loadSpec) {
        delete request.headers.accept;
        request.headers.Accept = MEDIA_TYPE_V1;
      }
      return request;
    },
  });
};
