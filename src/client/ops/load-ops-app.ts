import type { ComponentType } from 'react'

/**
 * The console's chunk, for the entry (main.tsx) to load under /ops. It is a module of its own so
 * that the entry every customer downloads names this one small file, not the console's chunk
 * and the twenty files it needs (docs/operations-console.md "The console").
 */
export function loadOpsApp(): Promise<ComponentType> {
  return import('./ops-app.tsx').then((module) => module.OpsApp)
}
