// Injected before any page script: a minimal EIP-6963 wallet that approves everything, so the bench can
// measure connecting without a person. Bench only: it holds no key and signs nothing.
;(() => {
  const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
  const answers = { eth_chainId: '0x1', eth_getBalance: '0x0' }
  // Like a wallet the site has not been connected to yet: no account until the user approves a request, so a
  // library that restores sessions on load finds none and shows its connect modal.
  let approved = false
  const provider = {
    async request({ method }) {
      if (method === 'eth_requestAccounts') return ((approved = true), [address])
      if (method === 'eth_accounts') return approved ? [address] : []
      if (method in answers) return answers[method]
      throw Object.assign(new Error(`Bench wallet does not support ${method}`), { code: 4200 })
    },
    on() {},
    removeListener() {},
  }
  const icon =
    'data:image/svg+xml,' +
    encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1" fill="#4a7"/></svg>')
  const info = { uuid: '350670db-19fa-4704-a166-e52e178b59d4', name: 'Bench Wallet', icon, rdns: 'dev.vestibule.bench' }
  const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }))
  window.addEventListener('eip6963:requestProvider', announce)
  announce()
})()
