import cluster, { type Worker } from 'node:cluster'
import type { Config } from './config.ts'

// WORKERS=n (docs/running.md "Configuration", ADR 008): n server processes share one port
// through node:cluster, for machines with cores to spare. The primary process serves nothing
// itself; it starts the workers, replaces one that dies, and stops them all on a signal. Each
// worker is a whole server (src/server/start-server.ts): migrations take turns under their
// advisory lock, the seed and the background work were made for several instances on one
// database, and no state another process needs lives in memory (DESIGN.md "Scale-out").

/** Whether this process is the primary of several workers rather than a server itself. */
export function isWorkersPrimary(config: Config): boolean {
  return config.workers > 1 && cluster.isPrimary
}

type ListeningMessage = { sabiListening: string }

function isListeningMessage(message: unknown): message is ListeningMessage {
  return (
    typeof message === 'object' &&
    message !== null &&
    'sabiListening' in message &&
    typeof message.sabiListening === 'string'
  )
}

/** In a worker, tells the primary it listens (and where); elsewhere does nothing. */
export function reportListening(url: string): void {
  if (cluster.isWorker && process.send) process.send({ sabiListening: url })
}

export type RunningWorkers = {
  url: string
  /** Asks every worker to stop (SIGTERM: each drains as a lone server does) and waits for them. */
  close(): Promise<void>
}

/** Starts `config.workers` workers and resolves once each of them listens. */
export function startWorkers(config: Config): Promise<RunningWorkers> {
  let closing = false
  const workers = new Set<Worker>()
  return new Promise((resolve, reject) => {
    let listening = 0
    let url = ''
    const fork = () => {
      const worker = cluster.fork()
      workers.add(worker)
      worker.on('message', (message: unknown) => {
        if (!isListeningMessage(message)) return
        url = message.sabiListening
        listening += 1
        if (listening === config.workers) resolve({ url, close })
      })
      worker.on('exit', (code, signal) => {
        workers.delete(worker)
        if (closing) return
        if (listening < config.workers) {
          reject(new Error(`a worker exited with ${signal ?? code} before listening`))
          return
        }
        // A worker that died (a crash, an out-of-memory kill) is replaced: its requests in
        // flight are lost like any crashed server's, and retried by clients with their keys.
        console.error(
          `Worker ${worker.process.pid} exited with ${signal ?? code}: starting another.`,
        )
        fork()
      })
    }
    async function close() {
      closing = true
      await Promise.all(
        [...workers].map(
          (worker) =>
            new Promise<void>((done) => {
              if (worker.isDead()) return done()
              worker.once('exit', () => done())
              worker.process.kill('SIGTERM')
            }),
        ),
      )
    }
    for (let i = 0; i < config.workers; i++) fork()
  })
}
