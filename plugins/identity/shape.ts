/**
 * The shape of a name (`alice.sandbox.id`, `vitalik.eth`): labels of letters, digits, marks, hyphens or
 * underscores joined by dots, the last one starting with a letter (so "0.5" is an amount, not a name), at most
 * 255 characters. Markup, spaces and control or direction characters never fit it.
 */
export const NAME_SHAPE = /^(?=[\s\S]{3,255}$)[\p{L}\p{N}\p{M}_-]+(?:\.[\p{L}\p{N}\p{M}_-]+)*\.\p{L}[\p{L}\p{N}\p{M}-]*$/u
