/**
 * Sends the browser to another site (a payment provider's hosted checkout). One function of its own so tests can
 * replace it: jsdom cannot follow a navigation to another origin, nor can its `location` be spied on.
 */
export function leaveSite(url: string): void {
  window.location.assign(url);
}
