/**
 * Screenshots compared with committed PNGs under test/e2e/__screenshots__/: a pixel whose colour differs by more
 * than pixelmatch's threshold counts, and more than `maxDiffRatio` of them (0.2 % by default: anti-aliasing) fails.
 * A missing reference fails too, unless UPDATE_SCREENSHOTS=1, which writes (or rewrites) the references.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import pixelmatch from 'pixelmatch'
import { PNG } from 'pngjs'

export const SCREENSHOTS = path.join(import.meta.dirname, '__screenshots__')
const update = process.env.UPDATE_SCREENSHOTS === '1'

/** Differing pixels against the reference `name`.png, or a reason it could not compare; null when they match. */
export function compareScreenshot(name: string, actual: Buffer, { maxDiffRatio = 0.002 } = {}): string | null {
  const file = path.join(SCREENSHOTS, `${name}.png`)
  const failed = path.join(SCREENSHOTS, 'failed')
  if (update) {
    mkdirSync(SCREENSHOTS, { recursive: true })
    writeFileSync(file, actual)
    return null
  }
  if (!existsSync(file)) return `no reference image ${path.relative(process.cwd(), file)} (run with UPDATE_SCREENSHOTS=1 to write it)`
  const expected = PNG.sync.read(readFileSync(file))
  const got = PNG.sync.read(actual)
  const keep = () => {
    mkdirSync(failed, { recursive: true })
    writeFileSync(path.join(failed, `${name}.png`), actual)
  }
  if (expected.width !== got.width || expected.height !== got.height) {
    keep()
    return `${name}: size ${got.width}×${got.height}, reference ${expected.width}×${expected.height}`
  }
  const diff = new PNG({ width: got.width, height: got.height })
  const differing = pixelmatch(expected.data, got.data, diff.data, got.width, got.height, { threshold: 0.1 })
  if (differing <= got.width * got.height * maxDiffRatio) return null
  keep()
  writeFileSync(path.join(failed, `${name}.diff.png`), PNG.sync.write(diff))
  return `${name}: ${differing} pixels differ (diff in ${path.relative(process.cwd(), failed)})`
}
