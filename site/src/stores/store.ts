import { createStore } from 'jotai';

/**
 * The one jotai store of the page. Islands are separate React roots, but they import this module
 * once, so they share state: a play button writes, the player island reads.
 */
export const appStore = createStore();
