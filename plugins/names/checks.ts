/**
 * What the profile endpoints answer is untrusted. A suggestion is kept only when it is a name in the zone whose
 * label follows the registration rule (one reading as an address never does), with a boolean `registered`; markup, another zone or a wrong type is
 * dropped, and an answer that is not `{ suggestions: [...] }` is refused whole. An error's reason is kept only as
 * short plain text.
 */
import { cleanText } from 'vestibule/utils'
import { looksLikeAddress } from 'vestibule/utils'
import { LABEL_RULE, labelProblem, type LabelProblem } from './rules.js'

/**
 * Why `label` cannot be registered, or undefined when it may be: the label rule, then 'addressLike' for a label that
 * reads as an address (`0x` and 40 hex digits, a base58 or bech32 string), which would show as that address
 * beside another one.
 */
export const registrationProblem = (label: string): LabelProblem | undefined =>
  labelProblem(label) ?? (looksLikeAddress(label) ? 'addressLike' : undefined)

/** A name the API suggests, and whether someone holds it already. */
export interface Suggestion {
  name: string
  registered: boolean
}

/** Most suggestions shown. */
export const SUGGESTIONS_SHOWN = 10
/** Longest reason shown from the API. */
export const REASON_MAX = 160

/** The suggestions of an answer, or undefined when the answer is not `{ suggestions: [...] }`. */
export function checkSuggestions(body: unknown, zone: string): Suggestion[] | undefined {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined
  const list = (body as { suggestions?: unknown }).suggestions
  if (!Array.isArray(list)) return undefined
  const kept: Suggestion[] = []
  for (const entry of list.slice(0, 100)) {
    const { name, registered } = (entry ?? {}) as { name?: unknown; registered?: unknown }
    if (typeof name !== 'string' || typeof registered !== 'boolean') continue
    const lower = name.toLowerCase()
    const label = lower.slice(0, -(zone.length + 1))
    if (!lower.endsWith(`.${zone}`) || !LABEL_RULE.test(label) || registrationProblem(label)) continue
    if (kept.some((k) => k.name === lower)) continue
    kept.push({ name: lower, registered })
    if (kept.length === SUGGESTIONS_SHOWN) break
  }
  return kept
}

/**
 * The reason an API error body gives (`{ reasons: [{ description }] }`, else `{ message }`), as plain text of at
 * most REASON_MAX characters; undefined when there is none or it is not plain text (markup, control characters).
 */
export function apiReason(body: string | undefined): string | undefined {
  if (!body) return undefined
  let parsed: unknown
  try {
    parsed = JSON.parse(body)
  } catch {
    return undefined
  }
  if (!parsed || typeof parsed !== 'object') return undefined
  const { reasons, message } = parsed as { reasons?: unknown; message?: unknown }
  const first = Array.isArray(reasons) ? (reasons[0] as { description?: unknown } | null)?.description : undefined
  const text = typeof first === 'string' ? first : message
  if (typeof text !== 'string' || text.length > 1000 || /[<>\u0000-\u001f\u007f]/.test(text)) return undefined
  return cleanText(text, REASON_MAX) || undefined
}
