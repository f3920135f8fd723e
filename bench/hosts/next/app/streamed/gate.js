// Holds the streamed part of /streamed until the test asks for it (GET /streamed/release), so the browser has
// hydrated the rest of the page and the user has opened the modal before that part arrives.
const gates = (globalThis.__vestibuleStreamGates ??= { waiting: [] })

export const waitForRelease = () => new Promise((resolve) => gates.waiting.push(resolve))

export function release() {
  const waiting = gates.waiting.splice(0)
  for (const resolve of waiting) resolve()
  return waiting.length
}
