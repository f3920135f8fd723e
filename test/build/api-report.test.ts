// Every change to a public entry shows in review: the API report built from dist/ (npm test builds it first) matches
// the committed api/ files, and the report lists what an entry exports and adds to others.
import { describe, expect, it } from 'vitest'
import { buildReports, changedReports } from '../../build/api-report.mjs'

describe('API report', () => {
  const reports = buildReports() as Map<string, string>

  it('covers every public entry, with its exports and its augmentations', () => {
    expect([...reports.keys()]).toEqual(
      expect.arrayContaining(['vestibule', 'vestibule/kernel', 'vestibule/plugins/swap', 'vestibule/react']),
    )
    expect(reports.get('vestibule/plugins/swap')).toMatch(/^function swap\(\): Plugin<SwapApi>;$/m)
    expect(reports.get('vestibule/plugins/swap')).toContain("declare module 'vestibule/kernel'")
  })

  it('matches the committed api/ files (run `node build/api-report.mjs` and commit api/ with a change)', () => {
    expect(changedReports(reports)).toEqual([])
  })
})
