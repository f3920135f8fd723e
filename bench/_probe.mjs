import { startAnvil } from '../sandbox/anvil.mjs'
const a = await startAnvil()
const rpc = async (method, params) =>
  await (
    await fetch(a.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    })
  ).json()
const acc = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
for (let i = 0; i < 3; i++) {
  const t0 = performance.now()
  const r = await rpc('eth_simulateV1', [
    {
      blockStateCalls: [
        {
          calls: [
            { from: acc, to: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8', value: '0xde0b6b3a7640000' },
            { from: acc, to: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8', data: '0xa9059cbb' },
          ],
        },
      ],
      traceTransfers: true,
    },
    'latest',
  ])
  console.log(performance.now() - t0, JSON.stringify(r.error ?? r.result.map((b) => b.calls)))
}
console.log(JSON.stringify(await rpc('eth_nope', [])))
await a.stop?.()
process.exit(0)
