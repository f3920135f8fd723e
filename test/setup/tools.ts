/**
 * One rule for tests that need a tool outside npm (litecoind, chopsticks): the same check `ensure-tools` makes
 * (the tool runs), a skip with the install command on a developer's machine, and a failure under `CI`, where
 * every tool must be present.
 */
export function toolAvailable(installed: boolean, tool: string, install: string): boolean {
  if (installed) return true
  if (process.env.CI) throw new Error(`${tool} is required when CI is set, and it does not run here. Install it: ${install}`)
  console.warn(`[${tool}] not installed: its tests are skipped. Install it: ${install}`)
  return false
}
