/** A sandbox wallet's refusal or failure, with the code apps read (4001 declined, 4100 not authorized …). */
export class WalletError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

/** The user declined in the wallet's prompt. */
export const rejected = () => new WalletError(4001, 'User rejected the request.')
