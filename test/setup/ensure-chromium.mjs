// The browser tests drive Debian's Chromium. Installs it when missing and allowed (root with apt-get).
import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
if (!existsSync(path)) {
  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')
  if (!canInstall) {
    console.error(`Chromium was not found at ${path}. Install the Debian package (apt-get install -y chromium) or set CHROMIUM_PATH.`)
    process.exit(1)
  }
  console.log('Installing Chromium (Debian package) for the browser tests…')
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium', { stdio: 'inherit' })
}
