/// <reference types="astro/client" />

type SiteLocals = import('@app/api').SiteLocals;

declare namespace App {
  // What the API server hands every page (api/src/app.ts, SiteLocals).
  interface Locals extends SiteLocals {}
}
