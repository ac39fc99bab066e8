// The `export default { fetch }` form of a function, without Deno.serve.
export default {
  fetch(request: Request): Response {
    return Response.json({ style: 'default export', method: request.method })
  },
}
