/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base of the HTTP API including its `/api` prefix, e.g. "https://api.example.com/api". Default "/api". */
  readonly VITE_API_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
