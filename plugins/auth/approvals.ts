/** Requests of the dapp that wait for the user: one at a time, shown by the ApproveTransaction view. */
import { AuthViews, type PendingApproval } from './state.js'

export interface Approvals {
  /** Shows ApproveTransaction for the request and resolves with the user's answer (a newer request declines it). */
  ask(namespace: string, method: string, params: unknown): Promise<boolean>
  /** The user's answer to the request shown. */
  answer(approved: boolean): void
  /** Declines what waits (sign out). */
  reset(): void
}

/**
 * What a request has the user approve, which names the view: a message (a text or typed data) to sign, a
 * transaction to sign and hand back, or one to send.
 */
export type ApprovalKind = 'message' | 'signTransaction' | 'send'

export function approvalKind(method: string): ApprovalKind {
  if (/send/i.test(method)) return 'send'
  return /transaction/i.test(method) ? 'signTransaction' : /sign/i.test(method) ? 'message' : 'send'
}

/** The approval view's title (a message key) for the route's data: a message or a transaction to sign, else one to send. */
export function approvalTitle(data: unknown): string {
  const kind = (data as { kind?: unknown } | undefined)?.kind
  return kind === 'message' ? 'auth.signMessageTitle' : kind === 'signTransaction' ? 'auth.signTransactionTitle' : 'auth.approveTitle'
}

export function createApprovals(
  push: (view: string, data: { kind: ApprovalKind }) => void,
  show: (approval: PendingApproval | undefined) => void,
): Approvals {
  let count = 0
  let waiting: ((approved: boolean) => void) | undefined
  const settle = (approved: boolean) => {
    const current = waiting
    waiting = undefined
    show(undefined)
    current?.(approved)
  }
  return {
    ask(namespace, method, params) {
      if (waiting) settle(false)
      return new Promise<boolean>((resolve) => {
        waiting = resolve
        show({ id: ++count, namespace, method, params })
        push(AuthViews.approve, { kind: approvalKind(method) })
      })
    },
    answer: settle,
    reset: () => settle(false),
  }
}
