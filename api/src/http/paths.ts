/** Paths of the JSON API: they answer JSON errors, never pages. */
const API_PATH = /^\/(api|auth|secure)(\/|$)/;

export function isApiPath(path: string): boolean {
  return API_PATH.test(path);
}
