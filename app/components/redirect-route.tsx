/**
 * The page of a route whose loader only redirects (e.g. /personnel/user/{id} to its details tab). It
 * never renders: it makes the route a page route instead of a resource route, so that a 404 or 403 its
 * loader throws is shown by the signed-in layout's error boundary with the navigation, not as Remix's
 * plain-text answer of a resource route (docs/decisions/1407).
 */
export default function RedirectRoute() {
  return null;
}
