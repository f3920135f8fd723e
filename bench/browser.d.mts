import type { Server } from 'node:http'
import type { BrowserContext } from 'playwright-core'
export declare const CHROMIUM_ARGS: string[]
export declare function launchChromium(options?: {
  routed?: boolean
}): Promise<{ context: BrowserContext; blocked: string[]; close(): Promise<void> }>
export declare function serve(dir: string): Promise<Server>
export declare function serveApart(dir: string): Promise<{ address(): { port: number }; close(): void }>
