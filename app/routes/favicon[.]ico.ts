// public route: browsers ask for /favicon.ico on documents without an icon link (the health check,
// files); the icon is the SVG the pages link to.
export function loader() {
  return new Response(null, {
    status: 301,
    headers: { location: "/favicon.svg", "cache-control": "public, max-age=86400" },
  });
}
