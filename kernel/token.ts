/** A typed injection token: `createToken<BalancesService>('balances')`. */
export type Token<T> = symbol & { readonly __service?: T }

/** Creates a token under which a plugin provides a service to other plugins (or the kernel provides its own). */
export const createToken = <T>(description: string): Token<T> => Symbol(description) as Token<T>
