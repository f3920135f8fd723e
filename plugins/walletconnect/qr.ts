// The QR encoder is part of the public UI kit (vestibule/ui); re-exported here for the plugin's own modules.
export * from '../../ui/kit/qr.js'
