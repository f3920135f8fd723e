/** The page of the TextArea browser test: a modal whose only plugin shows the kit's multi-line input. */
import { createModal, type Plugin } from 'vestibule'

const config = (window as unknown as { __PAGE__: { apiUrl: string } }).__PAGE__
const notes: Plugin = {
  name: 'notes',
  setup(ctx) {
    ctx.views.register('Notes', { title: 'Notes', load: () => import('./text-area-view.js') })
  },
}
const modal = createModal({ projectId: 'notes-test', apiUrl: config.apiUrl, blockchainApiUrl: config.apiUrl, plugins: [notes] })
;(window as unknown as { modal: typeof modal }).modal = modal
