import { Hydrated } from './hydrated'

export const metadata = { title: 'Vestibule on Next.js' }

export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>
        {children}
        <Hydrated />
      </body>
    </html>
  )
}
