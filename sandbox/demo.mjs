// The sandbox's demo identity: a real key, funded on the local chains. Never use it outside a local chain.
export const DEMO_PRIVATE_KEY = '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba'
/** The Sandbox Wallet's second account (not funded): the one it switches to, as an extension holding two accounts. */
export const DEMO_SECOND_PRIVATE_KEY = '0x3f1c2b6a9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a29180716f5e4d3c2b1a091'
/** Amounts chosen with many decimals so the 3-decimal truncation is visible. */
export const DEMO_BALANCE_WEI = 1234567891234567891234n
export const DEMO_L2_BALANCE_WEI = 42123456789000000000n
export const SANDBOX_L2_CHAIN_ID = 31338
