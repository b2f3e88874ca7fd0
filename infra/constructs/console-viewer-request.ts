/**
 * The console's CloudFront viewer-request function (cloudfront-js-2.0), kept as source text so a
 * unit test can run it: `/` and `/admin` redirect to `/admin/`; the files of the build (anything
 * under `/admin/assets/`, and a file with an extension right under `/admin/`, like `config.json`)
 * pass through; every other path under `/admin/` is a screen of the single-page app and gets
 * `admin/index.html` (the app routes in the browser). Paths outside `/admin/` pass through to the
 * private bucket, which answers 403.
 */
export const CONSOLE_VIEWER_REQUEST = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (uri === '/' || uri === '/admin') {
    return { statusCode: 302, statusDescription: 'Found', headers: { location: { value: '/admin/' } } };
  }
  if (uri.indexOf('/admin/') !== 0) return request;
  var rest = uri.slice('/admin/'.length);
  if (rest.indexOf('assets/') === 0) return request;
  if (rest.indexOf('/') < 0 && rest.indexOf('.') > 0) return request;
  request.uri = '/admin/index.html';
  return request;
}
`;
