/** Design tokens and shell styles. Every token is a `--vb-*` variable a host can override. */
import { FONT_FAMILY, FONT_SIZE } from '../warm-text.js'

export const styles = `
:host {
  --vb-font-family: ${FONT_FAMILY};
  --vb-font-size: ${FONT_SIZE};
  --vb-radius-xs: 8px;
  --vb-radius-sm: 10px;
  --vb-radius-item: 12px;
  --vb-radius: 16px;
  --vb-radius-lg: 20px;
  --vb-radius-pill: 999px;
  --vb-z-index: 1000;
  --vb-qr-color: #000000;
  --vb-qr-background: #ffffff;
  --vb-width: 360px;
  --vb-color-bg: #141519;
  --vb-color-surface: #1f2026;
  --vb-color-surface-hover: #2a2b33;
  --vb-color-fg: #f4f4f6;
  --vb-color-muted: #9a9ba6;
  --vb-color-border: #2e2f37;
  --vb-color-accent: #6b8cff;
  --vb-color-accent-fg: #0b0c10;
  --vb-color-success: #3ccb7f;
  --vb-color-error: #ff6b6b;
  --vb-backdrop: rgba(0, 0, 0, 0.55);
  --vb-overlay: var(--vb-backdrop);
  --vb-duration: 150ms;
  all: initial;
}
:host([data-theme="light"]) {
  --vb-color-bg: #ffffff;
  --vb-color-surface: #f2f3f6;
  --vb-color-surface-hover: #e6e8ee;
  --vb-color-fg: #15161a;
  --vb-color-muted: #5f6170;
  --vb-color-border: #dfe1e7;
  --vb-color-accent: #3a5cf0;
  --vb-color-accent-fg: #ffffff;
  --vb-color-error: #c62828;
  --vb-color-success: #11693a;
  --vb-backdrop: rgba(20, 20, 30, 0.35);
}
.vb-root {
  font-family: var(--vb-font-family);
  font-size: var(--vb-font-size);
  color: var(--vb-color-fg);
  line-height: 1.4;
}
dialog {
  padding: 0; border: 0; margin: auto; background: transparent; color: inherit;
  width: var(--vb-width); max-width: calc(100vw - 24px); max-height: calc(100vh - 24px); overflow: visible;
}
/* The card's top stays where it opened: content that arrives later (wallets found, a balance read) pushes its
   bottom down and never moves what is under the pointer. Placed as a 600px card would be centred. */
dialog:not([data-embedded]) {
  --vb-dialog-top: max(12px, 50vh - 300px);
  margin: var(--vb-dialog-top) auto auto; max-height: calc(100vh - var(--vb-dialog-top) - 12px);
}
dialog:not([data-embedded]) .vb-card { max-height: calc(100vh - var(--vb-dialog-top) - 12px); }
dialog::backdrop { background: var(--vb-overlay); }
/* Embedded: a part of the page, in its container's flow. */
dialog[data-embedded] { position: static; margin: 0; max-width: 100%; }
dialog[data-embedded] .vb-card { position: relative; z-index: var(--vb-z-index); }
dialog[data-embedded] .vb-card { box-shadow: none; }
.vb-card {
  background: var(--vb-color-bg); border: 1px solid var(--vb-color-border); border-radius: var(--vb-radius);
  box-shadow: 0 20px 60px rgba(0,0,0,.35); overflow: hidden; display: flex; flex-direction: column;
  max-height: calc(100vh - 24px);
}
/* Both side columns share the room left by the title, so the title stays centred whatever actions sit at the end. */
.vb-header { display: grid; grid-template-columns: minmax(var(--vb-header-side, 44px), 1fr) minmax(0, auto) minmax(var(--vb-header-side, 44px), 1fr); align-items: center; padding: 8px 8px 0; }
.vb-header-end { display: flex; justify-content: flex-end; }
.vb-methods { border: 0; margin: 0; padding: 0; min-width: 0; display: flex; flex-direction: column; gap: 12px; }
.vb-methods:disabled { opacity: .5; }
/* The notice is one paragraph of running text; only the checkbox form puts its box beside the text. */
.vb-legal { margin: 8px 4px; font-size: 12px; color: var(--vb-color-muted); }
.vb-legal-check { display: flex; gap: 8px; align-items: flex-start; }
.vb-legal a, .vb-link { color: var(--vb-color-accent); }
/* Feature buttons: a grid of equal cells (a second row when the card is too narrow), each label under its icon,
   wrapping inside its cell; a label longer than any word in the nine languages breaks rather than spill. */
.vb-features { display: grid; grid-template-columns: repeat(auto-fit, minmax(76px, 1fr)); gap: 8px; width: 100%; }
.vb-features > .vb-feature { min-width: 0; display: flex; flex-direction: column; align-items: center; justify-content: center; gap: 4px;
  padding: 8px 4px; border-radius: var(--vb-radius-item); font-size: 13px; }
.vb-feature-label { max-width: 100%; text-align: center; overflow-wrap: anywhere; line-height: 1.2; }
.vb-feature .vb-avatar { width: 24px; height: 24px; border-radius: var(--vb-radius-xs); font-size: 14px; }
.vb-tabs { width: 100%; }
.vb-tablist { display: flex; gap: 4px; border-bottom: 1px solid var(--vb-color-surface-hover); }
.vb-tablist [role=tab] { flex: 1; padding: 8px; min-height: 44px; border: 0; background: transparent; color: var(--vb-color-muted); font: inherit; cursor: pointer; border-radius: var(--vb-radius-xs) var(--vb-radius-xs) 0 0; }
.vb-tablist [role=tab][aria-selected=true] { color: inherit; box-shadow: inset 0 -2px 0 var(--vb-color-accent); }
/* A tab's content starts at the start edge, whatever the Account view around it centers. */
.vb-tabpanel { padding-top: 8px; min-height: 80px; text-align: start; }
.vb-title { margin: 0; font-size: 16px; font-weight: 600; text-align: center; outline: none;
  overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
/* Every control is at least 44 × 44 px, a finger's touch target: icon buttons, tabs, buttons, rows and fields. */
.vb-icon-btn { width: 44px; height: 44px; border-radius: var(--vb-radius-sm); border: 0; background: transparent; color: var(--vb-color-muted);
  font: inherit; font-size: 20px; cursor: pointer; display: grid; place-items: center; }
.vb-icon-btn:hover { background: var(--vb-color-surface); color: var(--vb-color-fg); }
.vb-body { padding: 8px 16px 16px; overflow-y: auto; }
button { font: inherit; color: inherit; }
:focus-visible { outline: 2px solid var(--vb-color-accent); outline-offset: 2px; }
/* The heading takes focus only so each view is announced; it is not a control and shows no ring. */
.vb-title:focus, .vb-title:focus-visible { outline: none; }
.vb-list { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: minmax(0, 1fr); gap: 8px; }
.vb-item { width: 100%; box-sizing: border-box; display: flex; align-items: center; gap: 12px; padding: 10px 12px; min-height: 44px; border: 0;
  border-radius: var(--vb-radius-item); background: var(--vb-color-surface); cursor: pointer; text-align: start; }
.vb-item:hover { background: var(--vb-color-surface-hover); }
.vb-item-name { flex: 1; min-width: 0; font-weight: 500; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
/* Outside the fixed-height rows of a long list, a name (a wallet's beside its tag) wraps between words instead of
   losing its end; a single word longer than the row still ends in an ellipsis rather than growing the row. */
.vb-item-name { white-space: normal; }
.vb-vrow .vb-item-name { white-space: nowrap; }
.vb-btn-sm { padding: 6px 10px; font-size: 13px; width: auto; flex: none; }
/* A connected chain: its network name and address whole on the first line (wrapping, never cut), its buttons below. */
.vb-connected { gap: 8px; flex-wrap: wrap; }
.vb-connected > .vb-item-text { flex: 1 0 100%; }
.vb-connected .vb-item-name, .vb-connected .vb-item-hint { white-space: normal; overflow-wrap: anywhere; }
.vb-connected-actions { display: flex; gap: 8px; align-items: center; margin-inline-start: auto; }
.vb-connected[data-active] { outline: 1px solid var(--vb-color-accent); }
.vb-tag { font-size: 12px; color: var(--vb-color-success); background: color-mix(in srgb, var(--vb-color-success) 15%, transparent);
  padding: 2px 8px; border-radius: var(--vb-radius-pill); flex-shrink: 0; }
.vb-icon-btn svg { width: 18px; height: 18px; }
.vb-avatar { width: 36px; height: 36px; border-radius: var(--vb-radius-sm); object-fit: cover; flex: none; display: grid; place-items: center;
  background: var(--vb-color-accent); color: var(--vb-color-accent-fg); font-weight: 700; }
.vb-avatar-lg { width: 72px; height: 72px; border-radius: var(--vb-radius-lg); font-size: 28px; }
.vb-avatar { position: relative; overflow: hidden; }
.vb-avatar > img { position: absolute; inset: 0; width: 100%; height: 100%; object-fit: cover; opacity: 0; border-radius: inherit; }
.vb-avatar > img[data-loaded] { opacity: 1; }
.vb-avatar[data-image="loaded"] { background: var(--vb-color-surface); color: transparent; }
.vb-item:disabled { cursor: default; opacity: .55; }
.vb-item:disabled:hover { background: var(--vb-color-surface); }
.vb-item-static, .vb-item-static:hover { cursor: default; background: var(--vb-color-surface); }
.vb-item-text { flex: 1; min-width: 0; display: grid; }
.vb-item-hint { font-size: 12px; color: var(--vb-color-muted); overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
/* Outside the fixed-height rows of a long list, a hint (an address and a date …) wraps between words instead of losing its end. */
.vb-item-hint { white-space: normal; }
.vb-vrow .vb-item-hint { white-space: nowrap; }
.vb-item-more { justify-content: space-between; }
.vb-list-end { margin-top: 8px; }
.vb-count { font-size: 12px; color: var(--vb-color-muted); }
.vb-input { width: 100%; box-sizing: border-box; min-height: 44px; padding: 10px 12px; border-radius: var(--vb-radius-item); border: 1px solid var(--vb-color-border);
  background: var(--vb-color-surface); color: var(--vb-color-fg); font: inherit; }
.vb-input::placeholder { color: var(--vb-color-muted); }
/* Several lines: taller, grows downwards only; the counter under it sits at the end of the line (left, right to left). */
.vb-textarea { min-height: 88px; resize: vertical; line-height: 1.4; }
.vb-textarea-count { justify-self: end; font-variant-numeric: tabular-nums; }
.vb-input:disabled { opacity: .6; cursor: default; }
/* A QR code's text: one line under the image, whole on selection and copy. */
.vb-qr-text { font-family: ui-monospace, monospace; font-size: 12px; text-overflow: ellipsis; }
/* An input with a button beside it (an amount's Max): apart by the list gap, the button as tall as the input. */
.vb-input-row { display: flex; gap: 8px; align-items: stretch; }
.vb-input-row > .vb-input { flex: 1; min-width: 0; }
.vb-input-row > .vb-btn { flex: none; padding: 0 14px; border-radius: var(--vb-radius-item); }
.vb-vlist { position: relative; overflow-y: auto; overflow-x: hidden; height: min(440px, calc(100vh - 190px)); margin-top: 12px; contain: strict; }
.vb-vlist-inner { position: relative; width: 100%; }
.vb-vrow { position: absolute; left: 0; right: 0; top: 0; height: 56px; }
.vb-vrow .vb-item { height: 56px; }
.vb-skeleton { height: 56px; border-radius: var(--vb-radius-item); background: var(--vb-color-surface); opacity: .5; }
.vb-net-active { outline: 2px solid var(--vb-color-accent); outline-offset: -2px; }
.vb-check { color: var(--vb-color-accent); font-weight: 700; }
/* Right to left, the arrows that say "forward" and "back" point the other way. */
.vb-chevron { display: inline-block; }
dialog[dir="rtl"] .vb-chevron, dialog[dir="rtl"] .vb-back { transform: scaleX(-1); }
.vb-network-btn { justify-content: flex-start; }
.vb-center { display: flex; flex-direction: column; align-items: center; text-align: center; gap: 12px; padding: 12px 0; }
/* A plugin's slot entry in a centred column spans the column like the blocks around it: a block with a width of
   100% (a field) lines up with theirs, centred text stays centred. */
.vb-center > .vb-slot { align-self: stretch; }
.vb-muted { color: var(--vb-color-muted); font-size: 14px; margin: 0; overflow-wrap: anywhere; }
.vb-error { color: var(--vb-color-error); font-weight: 600; margin: 0; }
.vb-strong { font-weight: 600; margin: 0; }
.vb-btn { box-sizing: border-box; min-height: 44px; border: 0; border-radius: var(--vb-radius-pill); padding: 10px 18px; cursor: pointer; font-weight: 600;
  background: var(--vb-color-accent); color: var(--vb-color-accent-fg); }
.vb-btn-secondary { background: var(--vb-color-surface); color: var(--vb-color-fg); }
/* On a row (itself the surface colour) a secondary button keeps its look: the page colour and an edge. */
.vb-item .vb-btn-secondary { background: var(--vb-color-bg); box-shadow: inset 0 0 0 1px var(--vb-color-border); }
.vb-item .vb-btn-secondary:hover:not(:disabled) { background: var(--vb-color-surface-hover); }
.vb-btn:disabled { opacity: .6; cursor: default; }
.vb-row { display: flex; gap: 8px; justify-content: center; }
.vb-spinner { width: 28px; height: 28px; border-radius: 50%; border: 3px solid var(--vb-color-border);
  border-top-color: var(--vb-color-accent); animation: vb-spin 800ms linear infinite; }
@keyframes vb-spin { to { transform: rotate(360deg); } }
@media (prefers-reduced-motion: reduce) { .vb-spinner { animation-duration: 3s; } * { transition: none !important; } }
.vb-field { display: grid; gap: 6px; width: 100%; text-align: start; }
.vb-label { font-size: 13px; color: var(--vb-color-muted); }
.vb-select { width: 100%; box-sizing: border-box; min-height: 44px; padding: 10px 12px; border-radius: var(--vb-radius-item); border: 1px solid var(--vb-color-border);
  background: var(--vb-color-surface); color: var(--vb-color-fg); font: inherit; }
.vb-address { display: flex; align-items: center; gap: 8px; font-size: 18px; font-weight: 600; } .vb-address > span { min-width: 0; overflow-wrap: anywhere; word-break: break-all; }
.vb-profile { display: flex; align-items: center; gap: 8px; margin: 0; font-weight: 600; overflow-wrap: anywhere; } .vb-profile > .vb-avatar { width: 28px; height: 28px; border-radius: 50%; font-size: 14px; }
.vb-balance { font-size: 28px; font-weight: 700; margin: 0; }
.vb-shake { animation: vb-shake 500ms ease-in-out; }
@keyframes vb-shake { 20%, 60% { transform: translateX(-6px); } 40%, 80% { transform: translateX(6px); } }
.vb-alert { display: flex; align-items: center; gap: 8px; margin: 0 16px 12px; padding: 8px 8px 8px 12px; border-radius: var(--vb-radius-item);
  background: color-mix(in srgb, var(--vb-color-error) 15%, transparent); color: var(--vb-color-fg); font-size: 13px; }
.vb-alert span { flex: 1; }
.vb-snackbar { display: none; align-items: center; gap: 8px; margin: 0 16px 12px; padding: 8px 14px; border-radius: var(--vb-radius-pill);
  background: var(--vb-color-surface); border: 1px solid var(--vb-color-border); font-size: 14px; align-self: center; }
.vb-snackbar[data-open] { display: flex; }
.vb-snackbar-success { color: var(--vb-color-success); }
.vb-snackbar-error { color: var(--vb-color-error); }
.vb-spinner-sm { width: 14px; height: 14px; border-width: 2px; }
@media (prefers-reduced-motion: reduce) { .vb-shake { animation: none; } }
.vb-sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
`
