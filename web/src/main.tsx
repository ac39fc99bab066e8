// Browser entry point: creates the query client and router once and mounts the app once its stylesheet applies.
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app'
import { applyAppStyles } from './lib/app-styles'
import { createQueryClient } from './lib/query-client'
import { createAppRouter } from './router'
import './styles.css'

const queryClient = createQueryClient()
const router = createAppRouter({ queryClient })

const rootElement = document.getElementById('root')
if (!rootElement) throw new Error('index.html is missing <div id="root">')

void applyAppStyles().then(() =>
  createRoot(rootElement).render(
    <StrictMode>
      <App queryClient={queryClient} router={router} />
    </StrictMode>,
  ),
)
