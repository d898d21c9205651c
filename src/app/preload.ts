/** Warms the game route's code when the player reaches for Play, so it is usually there by the click. */
export function preloadGame(): void {
  void import('../features/game/game-page');
}
