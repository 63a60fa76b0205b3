/// <reference types="astro/client" />

type SiteLocals = import('@app/api').SiteLocals;

declare namespace App {
  // What the API server hands every page (api/src/http/site-pages.ts, SiteLocals).
  interface Locals extends SiteLocals {}
}
