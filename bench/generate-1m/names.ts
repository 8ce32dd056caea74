/** What the generator and the timing scripts agree on: the database's name and the accounts in it. */
/** BENCH_DB names it instead (several engineers on one server, each with their own database). */
export const generatedDatabase = (orders: number) => process.env.BENCH_DB ?? `spotbook_gen_${orders}`;
export const BENCH_ADMIN = { email: 'bench@spotbook.test', password: 'Bench-Passw0rd' };
/** Every generated client (client<c>@gen.test) signs in with this password. */
export const BENCH_CLIENT_PASSWORD = 'Client-Passw0rd';
