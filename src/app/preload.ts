/** Warms the game route's code while the home page is idle, so Play never waits on the network. */
export function preloadGame(): void {
  void import('../features/game/game-page');
}
