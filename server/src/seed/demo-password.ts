/** The password of every demo login; the seeded users, the start banner and the demo tests share it. */
export const DEMO_PASSWORD = 'demo1234';
