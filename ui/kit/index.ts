/**
 * `vestibule/ui`: the components our plugin views use, for third-party plugin views too. Everything renders
 * inside the modal's shadow root with its `--vb-*` theme. A plugin view module may also export `styles`
 * (CSS text): the shell adds it to the shadow root when the view first loads.
 */
export { useStore } from '@nanostores/react'
export { WalletImage, SlotIcon, IMAGE_PRELOAD_TIMEOUT_MS } from './WalletImage.js'
export { QrCode } from './QrCode.js'
export type { QrCodeProps } from './QrCode.js'
export { encodeQr, qrPath } from './qr.js'
export { networkImageUrl, providerImageUrl } from './network-image.js'
export { watchWait, SLOW_REQUEST_MS, ASK_AGAIN_MS } from './wait-stages.js'
export type { WaitStage } from './wait-stages.js'
export type { QrMatrix, QrLevel } from './qr.js'
export { Button, ListItem, TextInput, TextArea, AmountInput, TokenRow, EmptyState, LoadingState, ErrorState } from './components.js'
export type { ViewProps, TabProps } from '../view-props.js'
