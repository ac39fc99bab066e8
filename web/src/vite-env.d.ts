// Types for the environment variables the client reads, so a typo is a compile error.
/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_SUPABASE_URL?: string
  readonly VITE_SUPABASE_PUBLISHABLE_KEY?: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}

/** The password checker's word lists, cut at build time (vite-plugins/password-dictionaries.ts). */
declare module 'virtual:password-dictionaries' {
  import type { OptionsType } from '@zxcvbn-ts/core'
  export const dictionary: NonNullable<OptionsType['dictionary']>
  export const adjacencyGraphs: NonNullable<OptionsType['graphs']>
  export const translations: NonNullable<OptionsType['translations']>
}
