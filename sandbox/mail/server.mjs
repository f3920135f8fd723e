// The sandbox's mail: a local SMTP server (smtp-server) that keeps every message it receives, a mailbox page that
// lists them, and the sender the secure site uses (nodemailer over SMTP to that server). All on 127.0.0.1.
import { createServer } from 'node:http'
import { SMTPServer } from 'smtp-server'
import nodemailer from 'nodemailer'

const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** The headers and text body of a raw RFC 5322 message (what the secure site sends: plain text, no MIME parts). */
function parseMessage(raw) {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/)
  const headers = {}
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const at = line.indexOf(':')
    if (at > 0) headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim()
  }
  let body = rest.join('\n\n')
  if (/quoted-printable/i.test(headers['content-transfer-encoding'] ?? ''))
    body = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h) => String.fromCharCode(Number.parseInt(h, 16)))
  return { headers, body: body.trim() }
}

const listen = (server, port) =>
  new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve(server.address().port))
  })

/** Starts the SMTP server and the mailbox page; `send` delivers through SMTP, `messages(to)` lists what arrived. */
export async function startMail({ smtpPort = 0, httpPort = 0 } = {}) {
  const inbox = []
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks = []
      stream.on('data', (c) => chunks.push(c))
      stream.on('end', () => {
        const { headers, body } = parseMessage(Buffer.concat(chunks).toString('utf8'))
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase())
        inbox.push({
          id: inbox.length + 1,
          from: session.envelope.mailFrom?.address,
          to,
          subject: headers.subject ?? '',
          text: body,
          at: new Date().toISOString(),
        })
        callback()
      })
    },
  })
  const smtpBound = await listen(smtp.server, smtpPort)
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: smtpBound, secure: false, ignoreTLS: true })

  const messages = (to) => (to ? inbox.filter((m) => m.to.includes(to.toLowerCase())) : [...inbox])
  const http = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    if (url.pathname === '/messages.json') {
      res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*', 'cache-control': 'no-store' })
      return res.end(JSON.stringify(messages(url.searchParams.get('to'))))
    }
    if (url.pathname === '/' || url.pathname === '/mailbox') {
      const rows = messages(url.searchParams.get('to'))
        .reverse()
        .map(
          (m) =>
            `<li data-testid="mail"><p><b>${escapeHtml(m.subject)}</b> to ${escapeHtml(m.to.join(', '))} <small>${escapeHtml(m.at)}</small></p><pre>${escapeHtml(m.text)}</pre></li>`,
        )
        .join('')
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
      return res.end(
        `<!doctype html><meta charset="utf-8"><title>Sandbox mailbox</title><h1>Sandbox mailbox</h1><p>Every email the sandbox's secure site sent (SMTP on 127.0.0.1:${smtpBound}).</p><ul>${rows || '<li>No mail yet</li>'}</ul>`,
      )
    }
    res.writeHead(404, { 'content-type': 'text/plain' })
    res.end('Not found')
  })
  const httpBound = await listen(http, httpPort)
  return {
    smtpPort: smtpBound,
    url: `http://127.0.0.1:${httpBound}/`,
    messages,
    /** Sends a plain-text email through the SMTP server. */
    send: ({ to, subject, text }) => transport.sendMail({ from: 'Vestibule Sandbox <login@sandbox.test>', to, subject, text }),
    async stop() {
      transport.close()
      await Promise.all([new Promise((r) => smtp.close(r)), new Promise((r) => http.close(r))])
    },
  }
}
