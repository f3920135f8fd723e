// What each source file weighs in the code a host loads eagerly: for every eager output file, the gzip bytes it
// loses when that source's bytes are cut out of it (the source's marginal share of the compressed file). Shares
// do not add up exactly to the total: gzip shares repeated text between sources.
import { gzipSync } from 'node:zlib'

const gzip = (text) => gzipSync(Buffer.from(text), { level: 9 }).length

/** What no source map segment covers: the bundler's runtime helpers and the chunks' import and export lists. */
const GLUE = '(bundler glue)'
const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

/** The segments of a source map's `mappings`: [generated line, generated column, source index] each. */
function segments(mappings) {
  const found = []
  let source = 0
  mappings.split(';').forEach((line, lineIndex) => {
    let column = 0
    for (const segment of line.split(',')) {
      if (!segment) continue
      // Base64 VLQ: 5 bits a digit, continuation in the 6th, sign in the lowest bit of the value.
      const values = []
      let value = 0
      let shift = 0
      for (const char of segment) {
        const digit = BASE64.indexOf(char)
        value += (digit & 31) << shift
        if (digit & 32) shift += 5
        else {
          values.push(value & 1 ? -(value >>> 1) : value >>> 1)
          value = shift = 0
        }
      }
      column += values[0]
      if (values.length > 1) {
        source += values[1]
        found.push([lineIndex, column, source])
      }
    }
  })
  return found
}

/** Which source each character of `js` comes from: the source of the nearest mapping at or before it, else GLUE. */
function owners(js, map) {
  const { sources, mappings } = JSON.parse(map)
  const lineStart = []
  let at = 0
  for (const line of js.split('\n')) {
    lineStart.push(at)
    at += line.length + 1
  }
  const marks = segments(mappings).map(([line, column, source]) => [lineStart[line] + column, sources[source]])
  marks.sort((a, b) => a[0] - b[0])
  const owner = new Array(js.length).fill(GLUE)
  marks.forEach(([start, source], i) => owner.fill(source, start, i + 1 < marks.length ? marks[i + 1][0] : js.length))
  return owner
}

/**
 * Gzip bytes per source over the eager outputs of an esbuild result built with `sourcemap: 'external'` and
 * `write: false`, largest first; sources under node_modules are named by their package path.
 *
 * @param {import('esbuild').BuildResult} result
 * @param {Set<string>} eager output paths as the metafile names them
 * @returns {Array<[source: string, bytes: number]>}
 */
export function attribute(result, eager) {
  const shares = new Map()
  for (const output of eager) {
    const file = (suffix) => result.outputFiles.find((o) => o.path.endsWith(`/${output}${suffix}`))
    const js = file('').text
    const owner = owners(js, file('.map').text)
    const whole = gzip(js)
    for (const source of new Set(owner)) {
      let rest = ''
      for (let i = 0; i < js.length; i++) if (owner[i] !== source) rest += js[i]
      const name = source.replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, '')
      shares.set(name, (shares.get(name) ?? 0) + whole - gzip(rest))
    }
  }
  return [...shares].sort((a, b) => b[1] - a[1])
}
