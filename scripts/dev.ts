import { spawn } from 'node:child_process'

// `npm run dev`: the API on PORT (default 5000) restarted on change, and Vite's dev server on
// 5173 with hot reload, proxying /api to the API. Open http://localhost:5173.
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
    stdio: 'inherit',
  }),
  spawn('npx', ['vite', '--port', '5173'], { stdio: 'inherit' }),
]
function stop() {
  for (const child of children) child.kill('SIGTERM')
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
for (const child of children) child.on('exit', stop)
