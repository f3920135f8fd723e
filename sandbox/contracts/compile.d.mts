export declare function compileContracts(): Promise<Record<string, { abi: unknown[]; bytecode: `0x${string}` }>>
