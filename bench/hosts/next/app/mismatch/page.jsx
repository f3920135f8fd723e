// A page that renders differently on the server and in the browser: the test's proof that it sees a mismatch.
import { Differs } from './differs'

export default function Page() {
  return <Differs />
}
