// @isolated: the checksum code must not be loaded yet (its first load is the race this test checks)
// Account changes a wallet sends while the lazily loaded EIP-55 checksum code is still on its way apply in the
// order the wallet sent them: a checksummed account waits for the code, and a later one does not overtake it.
import { expect, it } from 'vitest'
import { CHECKSUMMED, LOWER, useStrictPage } from './strict-wallet.js'

const { wallet } = useStrictPage()

it('account changes apply in the order the wallet sent them, even while the checksum code loads', async () => {
  const { modal, emit } = wallet([LOWER])
  await modal.connect('io.strict')
  const other = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
  emit('accountsChanged', [CHECKSUMMED])
  emit('accountsChanged', [other])
  expect(modal.getAccount().address).toBe(LOWER)
  await expect.poll(() => modal.getAccount().address).toBe(other)
})
