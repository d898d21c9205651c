/**
 * The fallback screen's words (docs/product-decisions.md: "Unexpected Application Error!", then the
 * status), shared by the app's error screen (src/components/error-screen.tsx) and the page the
 * server sends when it cannot render one (server/fallback-page.ts).
 */
export const ERROR_TITLE = 'Unexpected Application Error!';
export const GO_HOME = 'Go to the home page';
export const SERVER_ERROR_DETAIL = 'Something went wrong on our side. Please try again later.';
export const CLIENT_ERROR_DETAIL =
  'The request could not be handled. Please check it and try again.';
