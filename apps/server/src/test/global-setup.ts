// Placeholder replaced below by the database test harness.
export default async function setup(): Promise<void> {}
