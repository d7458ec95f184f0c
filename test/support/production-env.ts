/**
 * The Web Push identity a production configuration must carry (VAPID_*, issue 33): a fixed pair made for
 * the tests with `npx web-push generate-vapid-keys`, never used anywhere else.
 */
export const TEST_VAPID = {
  VAPID_PUBLIC_KEY: 'BOHYdaQ9zaRxiQafDv8mH_xvVxuZRdIiGwtNl6YFzfnf4msLaoVugHAwyNbUDbDoqPhoPZ6BgAxrrR-EmC1vqgQ',
  VAPID_PRIVATE_KEY: 'bVc57PsTyWMKmUXsNd9ahaz1XjaKF3HYiQLA4wzcBlA',
  VAPID_SUBJECT: 'mailto:operatore@figurine.example.it',
};
