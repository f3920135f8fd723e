// Real components the tests run against, installed when missing and allowed (`npm test` runs this first):
// Debian's Chromium (browser tests), Debian's litecoind (bip122 regtest chain), Debian's redis-server (the sign-in
// server's Redis store) and the chopsticks tools
// package (polkadot chain). Without root or apt-get it says what to install instead. With --optional (before
// `npm start`) nothing fails: the sandbox skips a family whose node is missing and says why.
import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { litecoindInstalled } from '../../sandbox/bip122/chain.mjs'
import { chopsticksInstalled } from '../../sandbox/polkadot/chain.mjs'
import { REDIS_BINARY, redisInstalled } from '../../sandbox/redis/server.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const optional = process.argv.includes('--optional')
const canApt = !optional && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')
const run = (command) => execSync(command, { stdio: 'inherit', cwd: root })
const missing = []

const debianPackages = [
  { name: 'chromium', binary: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
  { name: 'litecoind', binary: '/usr/bin/litecoind' },
  { name: 'redis-server', binary: REDIS_BINARY },
].filter((p) => !existsSync(p.binary))
if (debianPackages.length) {
  const names = debianPackages.map((p) => p.name).join(' ')
  if (canApt) {
    console.log(`Installing ${names} (Debian packages) for the tests…`)
    run(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ${names}`)
  } else missing.push(`apt-get install -y ${names}`)
}

const tools = path.join(root, 'sandbox/polkadot/tools')
if (!existsSync(path.join(tools, 'node_modules/@acala-network/chopsticks/package.json'))) {
  console.log('Installing the polkadot sandbox tools (chopsticks)…')
  try {
    run('npm install --ignore-scripts --no-audit --no-fund --prefix sandbox/polkadot/tools')
  } catch (error) {
    if (!optional) throw error
    console.warn('The polkadot sandbox tools could not be installed; the sandbox will skip polkadot.')
  }
}

// The same checks the tests make (the tool runs), after installing: a tool that is present but broken counts as
// missing, here and in the tests.
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const runs = (command) => {
  try {
    execSync(command, { stdio: 'ignore', timeout: 30_000 })
    return true
  } catch {
    return false
  }
}
if (!missing.length) {
  if (!runs(`${chromium} --headless --version`)) missing.push(`apt-get install -y chromium (${chromium} does not run)`)
  if (!litecoindInstalled()) missing.push('apt-get install -y litecoind (litecoind -version fails)')
  if (!redisInstalled()) missing.push(`apt-get install -y redis-server (${REDIS_BINARY} --version fails)`)
  if (!chopsticksInstalled()) missing.push('npm install --ignore-scripts --prefix sandbox/polkadot/tools')
}

if (missing.length && !optional) {
  console.error(`Some test components are missing or do not run, and cannot be installed here. Run:\n  ${missing.join('\n  ')}`)
  process.exit(1)
}
