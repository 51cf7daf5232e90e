/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Where the flag images are served, set at build time by scripts/flag-images.ts. */
  readonly VITE_FLAGS_BASE: string | undefined
}
