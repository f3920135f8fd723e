// The sandbox's demo identity: a real key, funded on the local chains. Never use it outside a local chain.
export const DEMO_PRIVATE_KEY = '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba'
/** Amounts chosen with many decimals so the 3-decimal truncation is visible. */
export const DEMO_BALANCE_WEI = 1234567891234567891234n
export const DEMO_L2_BALANCE_WEI = 42123456789000000000n
export const SANDBOX_L2_CHAIN_ID = 31338
